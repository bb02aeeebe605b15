"""The lesson notebooks are written from the lessons (sandbox.app.lesson_notebook): the committed
ones are exactly what it writes, every exercise's check passes with the exercise's solution in
place of the student's cell, says "not answered yet" without it, and fails a wrong answer."""

import contextlib
import io
import json
from pathlib import Path

import pytest

from sandbox.app import lesson_notebook

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "walkthroughs").glob("*.toml"))
EXERCISES = lesson_notebook.exercises()


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_the_committed_notebook_is_the_one_its_lesson_writes(path):
    committed = (ROOT / "notebooks" / f"{path.stem}.ipynb").read_text()
    assert committed == lesson_notebook.written(path, EXERCISES), "python -m sandbox.app.lesson_notebook writes it again"


def test_every_lesson_has_an_exercise_and_every_exercise_a_lesson():
    assert sorted(EXERCISES) == [path.stem for path in LESSONS]


def run(path, solved):
    """The notebook's code cells run in this process, top to bottom (each exercise's cell
    replaced by its solution if ``solved``): what they printed."""
    book = json.loads(path.read_text())
    solutions = {exercise["start"].strip(): exercise["solution"].strip() for exercise in EXERCISES[path.stem]}
    printed, names = io.StringIO(), {}
    with contextlib.redirect_stdout(printed):
        for cell in book["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                exec(solutions.get(source, source) if solved else source, names)
    return printed.getvalue()


@pytest.mark.parametrize("stem", sorted(EXERCISES))
def test_each_check_passes_with_the_solution_and_waits_without_it(stem):
    path = ROOT / "notebooks" / f"{stem}.ipynb"
    solved, unsolved = run(path, True), run(path, False)
    assert "Not answered yet" not in solved and solved.count("Right: ") >= len(EXERCISES[stem])
    assert "Right: " not in unsolved and unsolved.count("Not answered yet") >= len(EXERCISES[stem])


def test_a_check_says_right_waits_for_none_and_fails_a_wrong_answer(capsys):
    from sandbox.notebook import Lesson

    Lesson.check((3.6, 4.8000000001), [3.6, 4.8])
    Lesson.check(None, 30.0)
    assert capsys.readouterr().out.splitlines() == ["Right: [3.6, 4.8]", "Not answered yet: write your answer in the cell above, run it, then run this cell again."]
    with pytest.raises(AssertionError, match="yours is 26, the figure's is 30"):
        Lesson.check(26, 30)
    with pytest.raises(AssertionError):
        Lesson.check((3.6,), [3.6, 4.8])


def test_a_lesson_not_there_is_named_in_one_line():
    from sandbox.notebook import Lesson

    with pytest.raises(ValueError, match="there is no lesson 'vectors': the lessons are any-convex-polygon, "):
        Lesson("vectors")


def test_a_step_asks_its_question_with_the_answer_hidden_until_revealed():
    from sandbox.notebook import Lesson

    lesson = Lesson("vectors-and-the-dot-product")
    fig = lesson.figure(5)  # "What is the sign of a·b?", with a = (-3, -1) and b = (3, 4)
    assert fig.asking and fig.tables == "" and "a.b =" not in fig.svg
    assert fig.report.answers["sign"] == "negative" and fig.report.answers["dot"] == "-13"
    fig.reveal()
    assert not fig.asking and "a.b = -13" in fig.svg and "negative" in fig.tables
    assert fig.explanation == "Negative: the shadow falls behind O, on the far side from b's tip."
    assert not lesson.figure(2).asking  # a step that asks nothing shows all from the start
    with pytest.raises(ValueError, match="Vectors and the dot product has steps 1 to 8, not 9"):
        lesson.figure(9)
