"""The core's own code, traced line by line as it runs: what a scene's Code view shows.

:func:`trace` calls one of ``collision``'s readable functions with Python's line tracer on
that function's frame alone, so each line it runs is recorded with its local variables at
that moment. Nothing is copied or re-implemented: the listing is the function's source (read
with ``inspect``) and the lines are the ones that ran, so a change to the core is a change to
what the class reads. A scene that traces its computation draws the trace's ``result``: the
figure, the code and the cost meter all come from the same run.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import FrameType
from typing import Any

import numpy as np

from sandbox.kit.params import Param
from sandbox.kit.report import Code, Cost, Report
from sandbox.kit.scene import Action

Tracer = Callable[[FrameType, str, Any], "Tracer | None"]
"""What sys.settrace takes: called with a frame, an event and its argument, it gives the
function that traces that frame's lines (or None)."""

CODE = Param("code", "Code view", False, widget=False)
"""A scene's Code view: on, the scene traces the core function it runs and reports its Code."""

CODE_VIEW = Action("code_view", "Code view", key="C", help="The core's own code beside the figure: the lines the step shown ran, and the work counted")
"""The key and button that turn the Code view on and off (Scene.code_view)."""

SHOWN = (bool, int, float, str, type(None))
"""Values kept as they are, and short lists and tuples of them copied (a vector, an interval,
a simplex); anything else is kept as the name of its kind."""


@dataclass(frozen=True)
class Listing:
    """A function's source as the class reads it."""

    name: str
    """Its dotted name, e.g. ``collision.sat.sat``."""

    first: int
    """The file's line number of the listing's first line."""

    lines: tuple[str, ...]
    """The source lines, without their line ends."""

    def text(self, line: int) -> str:
        """The source of file line ``line`` (stripped), or "" outside the listing."""
        index = line - self.first
        return self.lines[index].strip() if 0 <= index < len(self.lines) else ""

    def find(self, words: str) -> int:
        """The file line number of the first line whose source contains ``words``.

        Raises ValueError when no line does: a scene's marker that no longer matches the core
        says so at once instead of showing an empty trace."""
        for index, source in enumerate(self.lines):
            if words in source:
                return self.first + index
        raise ValueError(f"no line of {self.name} contains {words!r}")


@dataclass(frozen=True)
class LineRun:
    """One line about to run, and the function's local variables just before it does."""

    line: int
    values: Mapping[str, Any]
    function: int = 0
    """Which of the trace's listings the line is in."""


@dataclass(frozen=True)
class Trace:
    """What :func:`trace` recorded: the listings, every line run in order, and the result."""

    listings: tuple[Listing, ...]
    runs: tuple[LineRun, ...]
    result: Any
    counts: Mapping[tuple[int, int], int] = field(default_factory=dict)
    """How many times each line ran, by (listing, file line number)."""

    @property
    def listing(self) -> Listing:
        """The first listing: the function called, or the first of those it was asked to record."""
        return self.listings[0]

    def ran(self, words: str, function: int = 0) -> int:
        """How many times the line containing ``words`` ran: a cost meter's count."""
        return self.counts.get((function, self.listings[function].find(words)), 0)

    def steps(self, words: str, function: int = 0) -> list[tuple[LineRun, ...]]:
        """The runs of listing ``function`` cut into steps, a step starting each time its line
        containing ``words`` runs (a loop's first line, say); what runs before its first time
        belongs to step 0. A function called twice starts a step at each call too.

        >>> def total(values):
        ...     sum = 0
        ...     for value in values:
        ...         sum += value
        ...     return sum
        >>> recorded = trace(total, [5, 7])
        >>> [[recorded.listing.text(run.line) for run in step] for step in recorded.steps("sum += value")]
        [['sum = 0', 'for value in values:'], ['sum += value', 'for value in values:'], ['sum += value', 'for value in values:', 'return sum']]
        >>> [step[0].values.get("sum") for step in recorded.steps("sum += value")]
        [None, 0, 5]
        """
        marker = self.listings[function].find(words)
        steps: list[list[LineRun]] = [[]]
        for run in self.runs:
            if run.function != function:
                continue
            if run.line == marker and steps[-1]:
                steps.append([])
            steps[-1].append(run)
        return [tuple(step) for step in steps]


Function = Callable[..., Any]
"""A function of the core, traced or called."""


def listing(function: Function) -> Listing:
    """The source of ``function`` (a plain function of the core)."""
    return _listing(inspect.unwrap(function))


@functools.lru_cache(maxsize=64)
def _listing(function: Function) -> Listing:
    # Read once a run: inspect finds the end of a function by tokenising its file.
    lines, first = inspect.getsourcelines(function)
    return Listing(f"{function.__module__}.{function.__qualname__}", first, tuple(line.rstrip("\n") for line in lines))


def trace(function: Function, *args: Any, within: Function | tuple[Function, ...] | None = None, keep_values: bool = True, **kwargs: Any) -> Trace:
    """Call ``function(*args, **kwargs)`` and record each line of its own body as it runs, or
    of the functions ``within`` names (those it calls, such as GJK's loop) instead. Without
    ``keep_values`` the lines alone are recorded, not the variables: enough for a cost meter's
    counts (:meth:`Trace.ran`), at a fraction of the cost.

    Lines of other functions are not recorded (they have listings of their own); the tracer
    that was set before (a debugger, coverage) is put back afterwards.

    >>> def larger(a, b):
    ...     if a > b:
    ...         return a
    ...     return b
    >>> recorded = trace(larger, 2, 5)
    >>> recorded.result, [recorded.listing.text(run.line) for run in recorded.runs]
    (5, ['if a > b:', 'return b'])
    >>> dict(recorded.runs[-1].values)
    {'a': 2, 'b': 5}
    >>> def largest(values):
    ...     best = values[0]
    ...     for value in values:
    ...         best = larger(best, value)
    ...     return best
    >>> inner = trace(largest, [3, 9, 4], within=larger)
    >>> inner.result, inner.listing.name.rsplit(".", 1)[-1], inner.ran("return a"), inner.ran("return b")
    (9, 'larger', 1, 2)
    """
    recorded = within if isinstance(within, tuple) else (within or function,)
    codes = {inspect.unwrap(each).__code__: index for index, each in enumerate(recorded)}
    runs: list[LineRun] = []
    counts: dict[tuple[int, int], int] = {}

    def calls(frame: FrameType, event: str, _: object) -> Tracer | None:
        index = codes.get(frame.f_code)
        if index is None:
            return None

        def lines(frame: FrameType, event: str, _: object) -> Tracer:
            if event == "line":
                # Copying the variables is most of a trace's cost: only a Code view needs them.
                # "_" is a value the code itself throws away: not one to show the class.
                kept = {name: _kept(value) for name, value in frame.f_locals.items() if name != "_"} if keep_values else {}
                runs.append(LineRun(frame.f_lineno, kept, index))
                counts[index, frame.f_lineno] = counts.get((index, frame.f_lineno), 0) + 1
            return lines

        return lines

    before = sys.gettrace()
    sys.settrace(calls)
    try:
        result = function(*args, **kwargs)
    finally:
        sys.settrace(before)
    return Trace(tuple(listing(each) for each in recorded), tuple(runs), result, counts)


def traced(on: bool, function: Function, *args: Any, within: Function | tuple[Function, ...] | None = None) -> tuple[Any, Trace | None]:
    """``function(*args)`` and, when ``on`` (a scene's Code view), its :class:`Trace` as well:
    ``(result, trace or None)``. A scene draws this run's result either way, so with the Code
    view on its code, its counts and its picture come from one run."""
    if not on:
        return function(*args), None
    recorded = trace(function, *args, within=within)
    return recorded.result, recorded


def _kept(value: Any, depth: int = 0) -> Any:
    if isinstance(value, SHOWN):
        return value
    if isinstance(value, Enum):
        # As the code writes it (AxisKind.EDGE): "<AxisKind>" printed raw in a student's table.
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, np.generic):
        # A numpy number (an index from argmax, a bool of a comparison): as Python's own.
        return value.item()
    if isinstance(value, np.ndarray) and value.size <= 24:
        # A few axes or times at once (the swept test works on all its axes together): their values.
        return _kept(value.tolist(), depth)
    if isinstance(value, (tuple, list)) and depth < 4 and len(value) <= 12:
        # A vector, an interval, a simplex of a few points: copied now, as it is at this line.
        return tuple(_kept(item, depth + 1) for item in value)
    # Shapes, poses and results by their kind only: their text is long, and costly to make at every line.
    return f"<{type(value).__name__}>"


def step_code(recorded: Trace, runs: tuple[LineRun, ...], step: str, marked_words: str) -> Code:
    """The Report's :class:`~sandbox.kit.report.Code` for one step of a trace: its ``runs``,
    described as ``step``, marking the last run of the line containing ``marked_words`` (or
    the step's last line when that line did not run in it)."""
    listed = recorded.listings[runs[0].function if runs else 0]
    marker = listed.find(marked_words)
    at = [index for index, run in enumerate(runs) if run.line == marker]
    shown = tuple((run.line, tuple((name, shown_value(value)) for name, value in run.values.items())) for run in runs)
    return Code(listed.name, listed.first, listed.lines, step, shown, at[-1] if at else max(len(runs) - 1, 0))


def shown_value(value: Any) -> str:
    """A local variable as the Code view prints it: floats to four decimals, no "-0.0000"."""
    if isinstance(value, float):
        text = f"{value:.4f}"
        return text[1:] if text.startswith("-") and not text.strip("-0.") else text
    if isinstance(value, tuple):
        return "(" + ", ".join(shown_value(item) for item in value) + ")"
    return str(value)


def with_code(report: Report, code: Code, costs: tuple[Cost, ...]) -> Report:
    """``report`` with the Code view's ``code`` and ``costs``: the Report makes each of them a
    fact a question may ask for, the marked line's source as ``code_line``, every count by its
    words (``axes_tried``, ``support_points``...)."""
    return dataclasses.replace(report, code=code, costs=costs)
