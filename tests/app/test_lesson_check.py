"""--check-lesson: a caption's numbers held to what its step computes, questions that hide what
they ask about, words that point at the panel; every shipped lesson passes, planted faults fail."""

import re
from pathlib import Path

import pytest

from sandbox.app import cli, lessoncheck, walkthrough
from sandbox.app.walkthrough import WalkthroughError

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", sorted((ROOT / "walkthroughs").glob("*.toml")), ids=lambda path: path.stem)
def test_every_shipped_lesson_passes_the_check(path):
    assert lessoncheck.problems(walkthrough.load(path)) == []


def write(tmp_path, steps):
    path = tmp_path / "planted.toml"
    path.write_text('title = "Planted"\n' + "".join(f"[[steps]]\n{step}\n" for step in steps))
    return path


# The projection scene's default: the shadows 100.9 apart (its Report's gap, 100.918...).
PLANTED = [
    'scene = "projection"\ncaption = "The shadows leave a gap of 100.9, about {~100} units."',
    'scene = "projection"\ncaption = "The shadows leave a gap of 51.0."',
    'scene = "projection"\ncaption = "The gap is {gap:.2f}, as the table says."',
    'scene = "box-box"\ncaption = "Four axes."\nquestion = "Which axis separates them?"\nchoices = ["P", "Q", "R", "S", "none"]\nanswer = "separating_axes"',
    'scene = "box-box"\ncaption = "The answer is {separating_axes}."\nquestion = "Which axis?"\nanswer = "separating_axes"\nhide = ["mtv"]',
]


def test_a_planted_wrong_caption_and_question_each_give_one_line_naming_the_step(tmp_path, capsys):
    path = write(tmp_path, PLANTED)
    found = lessoncheck.problems(walkthrough.load(path))
    assert [line.split(": ")[0] for line in found] == [f"walkthrough {path}, step {n}" for n in (2, 3, 4, 5)]
    assert "caption says 51.0, which is none of the step's own values" in found[0]
    assert 'caption points at the panel ("table")' in found[1]
    assert "the choices name P, Q, R, S, which the question hides" in found[2]
    assert "quotes the answer ({separating_axes})" in found[3]
    # From the command line: one line each on stdout, and a failing exit code.
    assert cli.main(["--check-lesson", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines() == found and "4 problems" in out.err
    fixed = write(tmp_path, PLANTED[:1])
    assert cli.main(["--check-lesson", str(fixed)]) == 0


def test_a_caption_is_filled_from_its_steps_report_live_and_on_paper(drive, tmp_path):
    path = write(tmp_path, ['scene = "projection"\ncaption = "A gap of {gap:.1f}, {verdict}."'])
    driver = drive(walkthrough=walkthrough.load(path))
    gap = driver.scene.reported.numbers["gap"]
    assert driver.session.caption == f"A gap of {gap:.1f}, apart."
    driver.drag(tuple(driver.scene.shapes["B"].position), (-200.0, 40.0))  # the caption follows the shapes
    assert driver.scene.reported.numbers["gap"] != gap
    assert driver.session.caption == f"A gap of {driver.scene.reported.numbers['gap']:.1f}, {driver.scene.reported.answers['verdict']}."


@pytest.mark.parametrize(
    "caption, message",
    [
        ("{gapp:.1f}", "caption quotes {gapp}, which the projection scene's Report does not have; it has "),
        ("{gap:.1q}", "caption cannot be filled in (Unknown format code 'q'"),
        ("{", "caption cannot be filled in"),
        ("{a}", "caption cannot be filled in (it names a list or table, [-297.487"),
    ],
)
def test_a_caption_quoting_what_its_report_lacks_is_refused_in_one_line(tmp_path, caption, message):
    path = write(tmp_path, [f'scene = "projection"\ncaption = "{caption}"'])
    with pytest.raises(WalkthroughError) as caught:
        walkthrough.load(path)
    assert f"walkthrough {path}, step 1: {message}" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "notes, message",
    [
        ('notes = "say hello"', "notes must be a table ([steps.notes]) of aim, ask, minutes, warning"),
        ("notes = { aims = 'x' }", "notes.aims is not a note (use aim, ask, minutes, warning)"),
        ("notes = { minutes = 90 }", "notes.minutes must be a number of minutes from 0 to 60, got 90"),
        ("notes = { ask = 3 }", "notes.ask must be a line of text for the teacher"),
    ],
)
def test_bad_teacher_notes_are_refused_in_one_line(tmp_path, notes, message):
    path = write(tmp_path, [f'scene = "projection"\ncaption = "c"\n{notes}'])
    with pytest.raises(WalkthroughError, match=rf"step 1: {re.escape(message)}"):
        walkthrough.load(path)
