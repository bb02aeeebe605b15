"""minkowski's marks as a greyscale handout prints them (handlook2 #4): a support point is a
ring, O a dot, so grey paper tells them apart; and "O" stands nearer its own dot than any
other mark in A - B's half, in every step of the two lessons that draw it."""

from dataclasses import replace
from pathlib import Path

import pytest

from sandbox.app.handout_legend import luminance
from sandbox.app.session import Session
from sandbox.app.walkthrough import load
from sandbox.kit.labels import distance_to_box, text_box
from sandbox.kit.painter import RecordingPainter
from sandbox.kit.theme import PROJECTOR, with_palette
from scenes.minkowski import ORIGIN, SPLIT

LESSONS = Path(__file__).parents[2] / "walkthroughs"
GREY = replace(with_palette(PROJECTOR, "colour-blind"), highlight=PROJECTOR.highlight)
"""The greyscale handout's theme (sandbox.app.handout): the colour-blind palette, O black."""


def minkowski_steps():
    for name in ("from-sat-to-gjk", "reading-the-code"):
        lesson = load(LESSONS / f"{name}.toml")
        for index, step in enumerate(lesson.steps):
            if step.scene == "minkowski":
                yield pytest.param(name, index, id=f"{name}-{index + 1}")


def painted(name, index, reveal):
    session = Session(size=(1280, 720), walkthrough=load(LESSONS / f"{name}.toml"))
    session.player.go(index)
    if reveal:
        session.player.reveal()
    scene = session.scene
    recorded = RecordingPainter()
    scene.paint(recorded, GREY)  # the labels placed as the window and the handout place them
    return scene, recorded


def marks(recorded):
    """Each point drawn in A - B's half: where, and the grey of what is on top at its centre."""
    top = {}
    for _, at, color, _ in recorded.of("point"):
        if at[0] >= SPLIT:
            top[(round(at[0], 6), round(at[1], 6))] = luminance(color)
    return top


@pytest.mark.parametrize("name, index", list(minkowski_steps()))
@pytest.mark.parametrize("reveal", [False, True])
def test_o_is_named_nearer_its_own_dot_than_any_other_mark(name, index, reveal):
    scene, recorded = painted(name, index, reveal)
    view = scene.view
    (at, _, _, size, anchor), = [call[1:] for call in recorded.of("text") if call[2] == "O"]
    box = text_box(at, "O", size, view.pixel, view.text_scale, anchor)
    own = distance_to_box(ORIGIN, box)
    for point in marks(recorded):
        if point != ORIGIN:
            assert own < distance_to_box(point, box), f"'O' is as near the mark at {point} as O's dot"


@pytest.mark.parametrize("name, index", list(minkowski_steps()))
def test_a_support_point_prints_unlike_o_in_grey(name, index):
    scene, recorded = painted(name, index, True)
    if not scene.settings["steps"]:
        return
    walked, shown = scene.result.gjk, scene.result.step
    step = walked.steps[shown] if shown < len(walked.steps) else walked.epa.steps[shown - len(walked.steps)]
    support = (round(step.support[0] + ORIGIN[0], 6), round(step.support[1] + ORIGIN[1], 6))
    top = marks(recorded)
    # O's dot prints black; the support point's centre must print as paper, a ring round it.
    assert top[ORIGIN] < 60 and top[support] - top[ORIGIN] > 150
