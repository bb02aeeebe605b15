"""A greyscale handout names nothing by a colour it prints grey (issue 34): "P (green) has one"
and "the purple MTV" sent a student with a grey print looking for colours that were not there.
A lesson names a thing by its label, mark or place; a colour, for the screen, is an aside in
brackets, which the greyscale layout leaves out."""

import re
from pathlib import Path

import pytest

from sandbox.app import handout, walkthrough
from sandbox.app.handout_legend import without_colour_asides
from sandbox.app.registry import all_scenes

ROOT = Path(__file__).resolve().parents[2]
HUES = re.compile(r"\b(red|green|blue|orange|yellow|purple)\b", re.IGNORECASE)
"""The colours that print as some grey ("grey" itself prints grey)."""

@pytest.mark.parametrize(("text", "grey"), [
    ("One axis with a gap is enough: P (green) has one.", "One axis with a gap is enough: P has one."),
    ("B's furthest the other way (red on the left).", "B's furthest the other way."),
    ("the edge nearest O (purple) and the point beyond it (Red).", "the edge nearest O and the point beyond it."),
    ("straddlers (each marked with a diagonal) stay high", "straddlers (each marked with a diagonal) stay high"),
    ("A - B (the shape on the right)", "A - B (the shape on the right)"),
])
def test_an_aside_naming_a_colour_is_left_out_in_grey(text, grey):
    assert without_colour_asides(text) == grey


@pytest.mark.parametrize("path", sorted((ROOT / "walkthroughs").glob("*.toml")), ids=lambda path: path.stem)
def test_a_lesson_names_things_by_more_than_their_colour(path):
    """Each caption, question, answer, explanation, teacher's note and paper task, as the
    greyscale layout prints it, names no colour."""
    lesson = walkthrough.load(path)
    texts = [(f"paper task {n}", task) for n, task in enumerate(lesson.paper, 1)]
    for number, step in enumerate(lesson.steps, 1):
        texts += [(f"step {number} {field}", getattr(step, field)) for field in ("caption", "question", "explain")]
        texts += [(f"step {number} choice", choice) for choice in step.choices]
        texts += [(f"step {number} note {label}", text) for label, text in step.notes.lines()]
    named = [f"{where}: {text!r}" for where, text in texts if HUES.search(without_colour_asides(text))]
    assert not named, "\n".join(named)


@pytest.mark.parametrize("cls", all_scenes(), ids=lambda cls: cls.id)
def test_a_scene_s_lesson_names_things_by_more_than_their_colour(cls):
    """A scene's lesson opens the handout ("What this lesson is about")."""
    assert not HUES.search(without_colour_asides(cls.lesson))


def test_the_greyscale_edition_prints_no_colour_aside_and_the_plain_one_keeps_it(tmp_path):
    (tmp_path / "lesson.toml").write_text(
        'title = "Grey words"\n[[steps]]\nscene = "box-box"\ncaption = "Pushed in: the MTV arrow (purple) points out."\n'
        'shapes = { B = { position = [-250, 0], angle = 55 } }\n')
    lesson = walkthrough.load(tmp_path / "lesson.toml")
    handout.export(lesson, tmp_path / "grey", greyscale=True, pngs=False)
    handout.export(lesson, tmp_path / "plain", pngs=False)
    for edition in handout.EDITIONS:
        grey = (tmp_path / "grey" / edition).read_text()
        steps = grey[grey.index('<section class="step"'):]
        assert "the MTV arrow points out." in steps and not HUES.search(re.sub(r"<[^>]+>", " ", steps.split('<section class="try">')[0]))
        assert "the MTV arrow (purple) points out." in (tmp_path / "plain" / edition).read_text()
