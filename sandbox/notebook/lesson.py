"""A lesson in a notebook: ``Lesson("vectors-and-the-dot-product")`` gives each step's live
figure (``lesson.figure(4)``), asking its question until ``fig.reveal()``, and checks a
student's exercise against the figure's facts (``lesson.check(yours, expected)``).

The notebooks under ``notebooks/`` are written from the lessons by ``sandbox.app.lesson_notebook``.
"""

import math
from collections.abc import Mapping, Sequence
from pathlib import Path

from sandbox.app import course
from sandbox.app import walkthrough
from sandbox.notebook.figure import Figure


class Lesson:
    """The walkthrough ``name`` (a lesson in walkthroughs/, by its file's stem) or the path of
    a lesson's TOML file; ValueError, in one line, for one that cannot be read."""

    def __init__(self, name: str | Path) -> None:
        path = Path(name)
        if path.suffix != ".toml":
            path = course.LESSONS / f"{name}.toml"
            if not path.is_file():
                known = ", ".join(sorted(p.stem for p in course.LESSONS.glob("*.toml")))
                raise ValueError(f"there is no lesson {name!r}: the lessons are {known}")
        try:
            self.walkthrough = walkthrough.load(path)
        except walkthrough.WalkthroughError as error:
            raise ValueError(str(error)) from None

    @property
    def title(self) -> str:
        return self.walkthrough.title

    def figure(self, number: int, width: int = 800, height: int = 450, theme: str = "dark", palette: str = "standard") -> Figure:
        """Step ``number`` (from 1) as a live figure, asking its question if it has one."""
        return Figure.at_step(self.walkthrough, number, width, height, theme, palette)

    @staticmethod
    def check(yours: object, expected: object, within: float = 1e-6) -> None:
        """Say whether ``yours`` is ``expected`` (numbers to ``within``, lists item by item);
        AssertionError, naming both, when it is not. ``None`` is an exercise not done yet:
        that is said, and nothing fails, so the notebook still runs from the top."""
        if yours is None:
            print("Not answered yet: write your answer in the cell above, run it, then run this cell again.")
            return
        if not _same(yours, expected, within):
            raise AssertionError(f"not yet: yours is {yours!r}, the figure's is {expected!r}")
        print(f"Right: {expected!r}")


def _same(yours: object, expected: object, within: float) -> bool:
    if isinstance(expected, bool) or isinstance(yours, bool):
        return yours == expected
    if isinstance(expected, (int, float)) and isinstance(yours, (int, float)):
        return math.isclose(yours, expected, rel_tol=1e-9, abs_tol=within)
    if isinstance(expected, Mapping) or isinstance(expected, str):
        return yours == expected
    if isinstance(expected, Sequence) and isinstance(yours, Sequence) and not isinstance(yours, str):
        return len(yours) == len(expected) and all(_same(a, b, within) for a, b in zip(yours, expected))
    return yours == expected
