"""The core's own code, traced line by line as it runs: what a scene's Code view shows.

:func:`trace` calls one of ``collision``'s readable functions with Python's line tracer on
that function's frame alone, so each line it runs is recorded with its local variables at
that moment. Nothing is copied or re-implemented: the listing is the function's source (read
with ``inspect``) and the lines are the ones that ran, so a change to the core is a change to
what the class reads. A scene that traces its computation draws the trace's ``result``: the
figure, the code and the cost meter all come from the same run.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sandbox.kit.report import Code

SHOWN = (bool, int, float, str, type(None))
"""Values kept as they are, and tuples of them (a vector, an interval); anything else is kept
as the name of its kind, since the object may change as the function goes on."""


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


@dataclass(frozen=True)
class Trace:
    """What :func:`trace` recorded: the listing, every line run in order, and the result."""

    listing: Listing
    runs: tuple[LineRun, ...]
    result: Any
    counts: Mapping[int, int] = field(default_factory=dict)
    """How many times each line ran, by file line number."""

    def ran(self, words: str) -> int:
        """How many times the line containing ``words`` ran: a cost meter's count."""
        return self.counts.get(self.listing.find(words), 0)

    def steps(self, words: str) -> list[tuple[LineRun, ...]]:
        """The runs cut into steps, a step starting each time the line containing ``words``
        runs (a loop's first line, say); what runs before its first time belongs to step 0.

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
        marker = self.listing.find(words)
        steps: list[list[LineRun]] = [[]]
        for run in self.runs:
            if run.line == marker and steps[-1]:
                steps.append([])
            steps[-1].append(run)
        return [tuple(step) for step in steps]


def listing(function: Callable) -> Listing:
    """The source of ``function`` (a plain function of the core)."""
    return _listing(inspect.unwrap(function))


@functools.lru_cache(maxsize=64)
def _listing(function: Callable) -> Listing:
    # Read once a run: inspect finds the end of a function by tokenising its file.
    lines, first = inspect.getsourcelines(function)
    return Listing(f"{function.__module__}.{function.__qualname__}", first, tuple(line.rstrip("\n") for line in lines))


def trace(function: Callable, *args: Any, **kwargs: Any) -> Trace:
    """Call ``function(*args, **kwargs)`` and record each line of its own body as it runs.

    Lines of the functions it calls are not recorded (they have listings of their own); the
    tracer that was set before (a debugger, coverage) is put back afterwards.

    >>> def larger(a, b):
    ...     if a > b:
    ...         return a
    ...     return b
    >>> recorded = trace(larger, 2, 5)
    >>> recorded.result, [recorded.listing.text(run.line) for run in recorded.runs]
    (5, ['if a > b:', 'return b'])
    >>> dict(recorded.runs[-1].values)
    {'a': 2, 'b': 5}
    """
    code = inspect.unwrap(function).__code__
    runs: list[LineRun] = []
    counts: dict[int, int] = {}

    def lines(frame, event, _):
        if event == "line":
            runs.append(LineRun(frame.f_lineno, {name: _kept(value) for name, value in frame.f_locals.items()}))
            counts[frame.f_lineno] = counts.get(frame.f_lineno, 0) + 1
        return lines

    def calls(frame, event, _):
        return lines if frame.f_code is code else None

    before = sys.gettrace()
    sys.settrace(calls)
    try:
        result = function(*args, **kwargs)
    finally:
        sys.settrace(before)
    return Trace(listing(function), tuple(runs), result, counts)


def _kept(value: Any) -> Any:
    if isinstance(value, SHOWN):
        return value
    if isinstance(value, tuple) and all(isinstance(item, SHOWN) for item in value):
        return value
    # Shapes, poses and results by their kind only: their text is long, and costly to make at every line.
    return f"<{type(value).__name__}>"


def step_code(recorded: Trace, runs: tuple[LineRun, ...], step: str, marked_words: str) -> Code:
    """The Report's :class:`~sandbox.kit.report.Code` for one step of a trace: its ``runs``,
    described as ``step``, marking the last run of the line containing ``marked_words`` (or
    the step's last line when that line did not run in it)."""
    marker = recorded.listing.find(marked_words)
    at = [index for index, run in enumerate(runs) if run.line == marker]
    shown = tuple((run.line, tuple((name, shown_value(value)) for name, value in run.values.items())) for run in runs)
    return Code(recorded.listing.name, recorded.listing.first, recorded.listing.lines, step, shown, at[-1] if at else max(len(runs) - 1, 0))


def shown_value(value: Any) -> str:
    """A local variable as the Code view prints it: floats to four decimals, no "-0.0000"."""
    if isinstance(value, float):
        text = f"{value:.4f}"
        return text[1:] if text.startswith("-") and not text.strip("-0.") else text
    if isinstance(value, tuple):
        return "(" + ", ".join(shown_value(item) for item in value) + ")"
    return str(value)
