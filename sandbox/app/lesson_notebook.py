"""A lesson as a Jupyter notebook, written from its walkthrough so that the two stay in step.

Each step's text (its caption, filled from the step's facts as the window and the handout fill
it), the step's live figure (``lesson.figure(n)``), and for a step that asks a question: the
question to predict from, a cell for the prediction, and a cell that reveals the answer, read
from the figure's facts by the name the lesson's question uses. The exercises of
``notebooks/exercises.toml`` follow the steps they build on, each with a cell that checks it.

``python -m sandbox.app.lesson_notebook`` writes ``notebooks/<lesson>.ipynb`` for every lesson
in ``walkthroughs/``; ``--check`` only names the notebooks that differ from what it would write.
"""

import json
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from sandbox.app import course
from sandbox.app import files
from sandbox.app import guard
from sandbox.app import walkthrough
from sandbox.app.session import Session

NOTEBOOKS = course.LESSONS.parent / "notebooks"
"""Where the lesson notebooks are kept: one per lesson, by its file's stem."""

EXERCISES = NOTEBOOKS / "exercises.toml"

KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


def exercises(path: Path = EXERCISES) -> dict[str, list[dict]]:
    """The exercises by lesson stem: each a dict of after, task, start, check and solution."""
    return tomllib.loads(files.read_text(path))


def notebook(lesson: walkthrough.Walkthrough, extra: Sequence[dict] = ()) -> dict:
    """The notebook of ``lesson`` (nbformat 4.5, no outputs), with the exercises ``extra``."""
    stem = lesson.path.stem
    cells = [
        _markdown("title", f"# {_escape(lesson.title)}\n\n"
                  f"The lesson `walkthroughs/{stem}.toml`, step by step: each step's text and its figure, live "
                  "(drag a shape or a handle; R and T turn the shape under the pointer). Where a step asks a "
                  "question, write your prediction before you run the cell that reveals the answer. "
                  "The exercises check your code against the figure's own facts.\n\n"
                  "Run the cells in order from the top (Shift+Enter). The figures need "
                  '`pip install -e ".[notebook]"`.'),
        _code("lesson", f'from sandbox.notebook import Lesson\n\nlesson = Lesson("{stem}")'),
    ]
    for index, (step, words) in enumerate(zip(lesson.steps, _words(lesson)), 1):
        cells.append(_markdown(f"step-{index}", f"## Step {index}\n\n{_escape(words['caption'])}"))
        previous = lesson.steps[index - 2] if index > 1 else None
        if not (step.same_figure and not step.question and previous is not None and previous.layout == step.layout):
            cells.append(_code(f"step-{index}-figure", f"fig = lesson.figure({index})\nfig"))
        if step.question:
            cells += _question(index, step, words)
        for number, exercise in enumerate((e for e in extra if e["after"] == index), 1):
            cells += _exercise(f"step-{index}-exercise-{number}", exercise)
    cells.append(_markdown("end", f"The same lesson in the sandbox's window: `python sandbox.py --walkthrough walkthroughs/{stem}.toml`."))
    return {"cells": cells, "metadata": {"kernelspec": KERNEL, "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def text(book: dict) -> str:
    """The notebook as its file holds it, as Jupyter writes one (sorted keys, one-space indent)."""
    return json.dumps(book, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def written(path: Path, extra: dict[str, list[dict]]) -> str:
    """The notebook file text of the lesson at ``path``, with its exercises from ``extra``."""
    return text(notebook(walkthrough.load(path), extra.get(path.stem, [])))


def _words(lesson):
    """Each step's caption and question filled from its facts, as the window shows the step
    (its question open); the notebook's cells read the answer from the live figure instead."""
    session = Session(walkthrough=lesson)
    for index, step in enumerate(lesson.steps):
        session.player.go(index)
        try:
            session.scene.reported
        except Exception as error:
            # A caption left unfilled would print its {fields} as words: refuse the lesson instead.
            line = guard.fault(error, type(session.scene), "report")
            if line is None:
                raise
            raise walkthrough.WalkthroughError(f"walkthrough {lesson.path}, step {index + 1}: {line}") from None
        yield {field: step.filled(getattr(step, field), session.scene) for field in ("caption", "question")}


def _question(index, step, words):
    offered = f"\n\nChoose one of: {', '.join(f'`{choice}`' for choice in step.choices)}." if step.choices else ""
    reveal = [
        "fig.reveal()  # the figure above shows what the question hid",
        f'answer = fig.report.answers["{step.answer}"]',
        'print("You predicted:", prediction or "(nothing yet)")',
        'print("The answer:", answer)',
    ]
    if step.explain:
        reveal.append("print(fig.explanation)")
    return [
        _markdown(f"step-{index}-question", f"**Predict, then run the next two cells.** {_escape(words['question'])}{offered}"),
        _code(f"step-{index}-prediction", 'prediction = ""  # your answer, between the quotes'),
        _code(f"step-{index}-answer", "\n".join(reveal)),
    ]


def _exercise(name, exercise):
    return [
        _markdown(name, f"**Exercise.** {exercise['task']}"),
        _code(f"{name}-yours", exercise["start"].strip()),
        _markdown(f"{name}-about-check", "Run the check: it compares yours with the figure's facts."),
        _code(f"{name}-check", exercise["check"].strip()),
    ]


def _escape(words: str) -> str:
    """A caption as Markdown shows it as written: no emphasis, code or HTML made of its marks."""
    for mark in "\\`*_<>[]#|":
        words = words.replace(mark, "\\" + mark)
    return words


def _markdown(name, source):
    return {"cell_type": "markdown", "id": name, "metadata": {}, "source": source.splitlines(keepends=True)}


def _code(name, source):
    return {"cell_type": "code", "execution_count": None, "id": name, "metadata": {}, "outputs": [], "source": source.splitlines(keepends=True)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    check = argv == ["--check"]
    if argv and not check:
        print("usage: python -m sandbox.app.lesson_notebook [--check]", file=sys.stderr)
        return 2
    try:
        extra = exercises()
    except (files.FileError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        print(f"cannot read {EXERCISES}: {error}", file=sys.stderr)
        return 1
    failed = False
    for path in sorted(course.LESSONS.glob("*.toml")):
        target = NOTEBOOKS / f"{path.stem}.ipynb"
        try:
            book = written(path, extra)
        except walkthrough.WalkthroughError as error:
            print(f"notebooks/{target.name} cannot be written from its lesson: {error}", file=sys.stderr)
            failed = True
            continue
        if target.is_file() and files.read_text(target) == book:
            continue
        if check:
            print(f"notebooks/{target.name} differs from its lesson: python -m sandbox.app.lesson_notebook writes it")
            failed = True
        else:
            files.write_text(target, book)
            print(f"notebooks/{target.name} written")
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
