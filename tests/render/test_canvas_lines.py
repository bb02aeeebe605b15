"""The canvas's own lines under the figure: where the panel is folded or hidden, the hint names
what the figure had no room for, the labels and the projection strips (issue 34: at --present
hex-triangle drew 5 of its 6 strips and minkowski 3 of its 4, and only the folded panel said
which were missing); and the status line stays on the canvas."""

import pytest

from sandbox.app.session import Session
from sandbox.app import screen
from sandbox.app.window.app_window import SandboxWindow
from sandbox.kit.figures import sat_view
from sandbox.kit.theme import THEMES, with_palette


def hint_of(session):
    """The hint line under the figure, as a hidden window draws ``session``'s first frame."""
    window = SandboxWindow(session, visible=False, deterministic=True)
    try:
        window.render()
        return window._hint.text
    finally:
        window.on_close()


@pytest.mark.parametrize("scene_id", ["hex-triangle", "minkowski"])
def test_the_hint_names_the_strips_left_out_at_present(scene_id):
    session = Session(scene_id, (1280, 720))
    session.theme = with_palette(THEMES["projector"], "standard")  # as --present sets it
    session.set_font_scale(2.0)  # the panel folds to its strip
    session.refresh()
    missing = [part for line in session.report().lines for part in line.missing]
    assert missing, f"{scene_id} has room for every strip at --present: pick a tighter case"
    drawn = {strip.index for strip in session.scene.result.strips}
    axes = session.scene.result.sat.axes
    assert all(f"{sat_view.axis_name(i)}'s strip" in missing for i in range(len(axes)) if i not in drawn)
    hint = hint_of(session)
    for part in missing:
        assert part in hint, (part, hint)


def test_the_status_line_stays_on_the_canvas_beside_the_opened_panel():
    """At 1920x1080 3x with the panel opened, a long status ran on under the panel."""
    session = Session("quadtree", (1920, 1080))
    session.set_font_scale(3.0)
    session.show_panel = True
    session.status = "layout saved to a file whose name is long enough to reach well past the panel's edge"
    window = SandboxWindow(session, visible=False, deterministic=True)
    try:
        window.render()
        status = window._status
        right = status.x + status.content_width
    finally:
        window.on_close()
    assert status.text.endswith("…")
    assert right <= screen.text_width(1920, 3.0, True) + 20


@pytest.mark.parametrize("lesson, asked", [("collision-response", 2), ("from-sat-to-gjk", 5)])
def test_the_verdict_comes_back_after_a_questions_reveal_and_on_the_next_steps(lesson, asked):
    """The verdict line blanked while a question asks for it came back empty after the reveal,
    and stayed so for the steps after (the window took the same verdict as already shown)."""
    from pathlib import Path

    from sandbox.app import walkthrough

    path = Path(__file__).resolve().parents[2] / "walkthroughs" / f"{lesson}.toml"
    session = Session(walkthrough=walkthrough.load(path))
    window = SandboxWindow(session, visible=False, deterministic=True)
    try:
        seen = []
        for number in range(asked - 2, asked + 2):
            session.player.go(number)
            window.render()
            if number == asked - 1:
                session.player.reveal()
                window.render()
            verdict = session.verdict()
            seen.append((number + 1, verdict.text if verdict else "", window._verdict.text))
    finally:
        window.on_close()
    assert all(shown == wanted for _, wanted, shown in seen), seen


@pytest.mark.parametrize("scene_id, promised, not_promised", [
    ("mover", [], ["R/T: turn"]),
    ("bounce-friction", [], ["R/T: turn"]),
    ("box-box", ["R/T: turn"], []),
])
def test_the_key_hints_name_only_keys_that_do_something(scene_id, promised, not_promised):
    """The mover, chain-seams, shape-cast and bounce-friction said "R/T: turn" where no key
    turns anything (found doing the lessons by hand)."""
    hint = hint_of(Session(scene_id, (1920, 1080)))
    assert all(words in hint for words in promised) and not any(words in hint for words in not_promised), hint
