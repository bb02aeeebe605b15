"""A teacher's scene fails softly: its mistakes are reported in one line naming its file and
line, and the app goes on with the other scenes.

Two kinds of mistake are caught. A declaration the kit cannot use (a frame of no size, a slider
without its range, a category that is not text) is found when the file is loaded, and the scene
is left out of the registry. An exception raised inside the scene's own code, at import or in
setup, settle, compute, draw, report, an action or input, becomes a one-line ``fault``: the session shows
it on the canvas in place of the figure. An exception whose traceback never passes through the
scene's file is the app's own and is not caught here.
"""

import inspect
import os
import math
import numbers
import traceback
from typing import Any

from sandbox.app.camera import Camera
from sandbox.kit import Context, Painter, Param, Report, Scene
from sandbox.kit.theme import Color, Theme

MAX_MESSAGE = 200
"""The most characters of an exception's message a fault line repeats."""

ROLES = tuple(name for name, kind in Theme.__annotations__.items() if kind == Color)
"""The theme colours a Verdict's role may name."""


def source(cls: type[Any]) -> str:
    """The file a scene class was written in, or "?" when Python cannot tell."""
    try:
        return inspect.getsourcefile(cls) or "?"
    except TypeError:
        return "?"


def line_of(item: Any) -> int:
    """The first line of a class or function in its file, or 0 when Python cannot tell."""
    try:
        return inspect.getsourcelines(item)[1]
    except (OSError, TypeError):
        return 0


def message(error: BaseException) -> str:
    """An exception as ``Type: first line of its message``, cut to MAX_MESSAGE characters."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def fault(error: BaseException, cls: type[Any], what: str) -> str | None:
    """One line saying where in ``cls``'s file ``error`` was raised while the app ran its
    ``what`` (compute, draw...), or None when no line of that file is in its traceback."""
    path = source(cls)
    inside = [frame for frame in traceback.extract_tb(error.__traceback__) if os.path.abspath(frame.filename) == os.path.abspath(path)]
    if not inside:
        return None
    # Name the scene's own function that raised (compute, say, when setup's first compute fails).
    name = inside[-1].name if inside[-1].name.isidentifier() else what
    return f"scene {getattr(cls, 'id', cls.__name__)} ({path}, line {inside[-1].lineno}) failed in {name}: {message(error)}"


def problem(cls: type[Any]) -> str | None:
    """What is wrong with a scene class's declarations, in one line naming its file and line,
    or None: the checks the kit's panel, framing and picker rely on."""
    where = f"scene file {source(cls)}, line {line_of(cls)}"
    for name in ("id", "category", "title"):
        if not isinstance(getattr(cls, name, None), str):
            return f"{where}: the scene's {name} must be text, got {_show(getattr(cls, name, None))}"
    if not _is_real(cls.order):
        return f"{where}: order must be a number, got {_show(cls.order)}"
    frame = cls.frame
    if not (isinstance(frame, (tuple, list)) and len(frame) == 4 and all(_is_real(v) and abs(v) <= 1e6 for v in frame)
            and frame[0] < frame[2] and frame[1] < frame[3]):
        return f"{where}: frame must be (x0, y0, x1, y1) within ±1e6 with x0 < x1 and y0 < y1, got {_show(frame)}"
    if not isinstance(cls.handles, dict) or not all(
        isinstance(name, str) and isinstance(at, (tuple, list)) and len(at) == 2 and all(_is_real(v) and abs(v) <= 1e6 for v in at)
        for name, at in cls.handles.items()
    ):
        return f"{where}: handles must map names to (x, y) points within ±1e6, got {_show(cls.handles)}"
    if not isinstance(cls.params, (tuple, list)):
        return f"{where}: params must be a tuple of Param, got {_show(cls.params)}"
    names: set[str] = set()
    for param in cls.params:
        wrong = _param_problem(param)
        if wrong is None and param.name in names:
            wrong = "is declared twice"
        if wrong is not None:
            return f"{where}: param {_show(getattr(param, 'name', param))} {wrong}"
        names.add(param.name)
    return None


def _param_problem(param: Any) -> str | None:
    if not isinstance(param, Param):
        return "must be a Param(name, label, default, ...)"
    if not isinstance(param.name, str) or not isinstance(param.label, str):
        return "needs a name and a label that are text"
    kind = param.kind
    if kind is bool:
        return None
    if kind is str:
        if not (isinstance(param.choices, (tuple, list)) and param.choices and all(isinstance(c, str) for c in param.choices)):
            return "is text: give its choices, a tuple of strings"
        return None if param.default in param.choices else f"has default {_show(param.default)}, which is not among its choices"
    if kind not in (int, float):
        return f"has a default of type {kind.__name__}: use a bool, an int, a float or a str"
    if param.overlay:
        return "is an overlay: its default must be true or false"
    if not (_is_real(param.low) and _is_real(param.high) and param.low <= param.default <= param.high):
        return f"is a number: give low and high with low <= default <= high, got low={_show(param.low)}, high={_show(param.high)}"
    if kind is int and not (float(param.low).is_integer() and float(param.high).is_integer() and abs(param.low) < 2**31 and abs(param.high) < 2**31):
        return "is a whole number: give whole low and high within ±2**31"
    return None


def report_problem(report: Report) -> str | None:
    """What is wrong with a scene's Report that its surfaces could not show, or None: a verdict
    or a line in a colour role the theme lacks."""
    verdict = report.verdict
    if verdict is not None:
        if not (isinstance(verdict, tuple) and len(verdict) == 3 and isinstance(verdict[0], str) and isinstance(verdict[2], str)):
            return f"report's verdict must be Verdict(text, role, detail) or None, got {_show(verdict)}"
        if verdict[1] not in ROLES:
            return f"report's verdict gave the role {_show(verdict[1])}; use one of {', '.join(ROLES)}"
    for line in report.lines:
        if not (isinstance(line, tuple) and len(line) in (2, 3) and isinstance(line[0], str)) or line[1] not in ROLES:
            return f"report's line {_show(line)} must be Line(text, role) with a role of {', '.join(ROLES)}"
        if len(line) == 3 and not (isinstance(line[2], tuple) and all(isinstance(part, str) for part in line[2])):
            return f"report's line {_show(line)} must name what it left out as a tuple of words, as Line(text, role, missing=(\"S's strip\",))"
    return None


def draw_fault(painter: Painter, theme: Theme, camera: Camera, line: str) -> None:
    """``line`` in the theme's text colour at the top left of what ``camera`` shows, in place of
    the figure, wrapped at about 70 characters a row."""
    x0, _, _, y1 = camera.visible()
    pixel = 1 / camera.zoom
    rows: list[str] = []
    for word in line.split(" "):
        if rows and len(rows[-1]) + 1 + len(word) <= 70:
            rows[-1] += " " + word
        else:
            rows.append(word)
    for i, row in enumerate(rows):
        painter.text((x0 + 20 * pixel, y1 - (40 + 24 * i) * pixel), row, theme.text, 16)


class FailedScene(Scene):
    """Stands in for a scene that raised while it was made: no shapes, nothing drawn; the
    session shows the fault instead."""

    def __init__(self, cls: type[Scene]) -> None:
        self.id, self.category, self.title = cls.id, cls.category, cls.title
        self.lesson = f"This scene could not be made: see the message on the canvas ({source(cls)})."
        super().__init__()

    def compute(self, ctx: Context) -> None:
        return None

    def draw(self, result: None, painter: Painter, theme: Theme) -> None:
        pass


def _is_real(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and math.isfinite(value)


def _show(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a teacher's object whose repr raises
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."
