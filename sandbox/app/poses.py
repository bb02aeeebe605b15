"""The pose editor's words: where each shape and handle is, as text, and a pose typed in to
place one (the panel's editor, the notebook's fig.pose)."""

import math
from typing import TYPE_CHECKING

from sandbox.app import layout

if TYPE_CHECKING:  # for the checker only: the panel and the notebook hand their session in
    from sandbox.app.session import Session

# Each function takes the Session whose scene it reads or changes.


def texts(session: "Session") -> dict[str, list[str | None]]:
    """Where each shape and handle is, as the pose editor shows it: name -> [x, y, angle in
    degrees] as text, the angle None for what does not turn (a circle, a handle, any shape
    of a scene that is not turnable)."""
    shown, unit = {}, session.scene.pose_unit
    for name, shape in session.scene.shapes.items():
        angle = _text(math.degrees(shape.angle)) if hasattr(shape, "angle") and session.scene.turnable else None
        shown[name] = [_text(shape.position[0] / unit), _text(shape.position[1] / unit), angle]
    for name, point in session.scene.points.items():
        shown[name] = [_text(point[0] / unit), _text(point[1] / unit), None]
    return shown


def place(session, name: str, x, y, angle=None) -> bool:
    """Put shape or handle ``name`` at (``x``, ``y``) turned ``angle`` degrees, each the text
    typed in the pose editor; True if taken. Text that is not a number, a value that is not
    finite or lies beyond a layout's limits, or a place the scene refuses, is refused with a
    message in the status line, and nothing moves."""
    values = []
    for field, text in (("x", x), ("y", y), ("angle", angle)):
        try:
            values.append(None if text is None else float(text))
        except ValueError:
            session.status = f"{name}: {field} must be a number, got {text.strip()[:20]!r}"
            return False
    x, y, angle = values
    # Typed in the scene's own units (the vectors scene's grid), placed in world units.
    x, y = (None if v is None else v * session.scene.pose_unit for v in (x, y))
    if angle is not None and not session.scene.turnable:
        session.status = f"{name} does not turn in this scene: give its x and y only"
        return False
    if name in session.scene.points and x is not None and y is not None:
        try:
            session.scene.constrain(name, (x, y))
        except ValueError as error:
            session.status = f"{name} cannot go there: it {error}"
            return False
    if name in session.scene.points:
        data = {"scene": session.scene.id, "handles": {name: [x, y]}}
    else:
        data = {"scene": session.scene.id, "shapes": {name: {"position": [x, y]} | ({} if angle is None else {"angle": angle})}}
    try:
        parsed = layout.parse(data, session.scene, "typed pose")
    except layout.LayoutError as error:
        session.status = _plain_refusal(name, str(error))
        return False
    layout.apply(parsed, session.scene, session.camera)
    session.controller.selected = name
    unit = session.scene.pose_unit
    session.status = f"{name} placed at ({x / unit:g}, {y / unit:g})" + ("" if angle is None else f", turned {angle:g}°")
    session.refresh()
    return True


def _plain_refusal(name, message):
    """A layout file's refusal of a typed pose in the words of the pose editor, short enough
    for the status line: "B's angle must be ..." rather than "typed pose: shapes.B.angle ..."."""
    message = message.removeprefix("typed pose: ")
    pair = "must be [x, y], two numbers within ±1e+06"
    for jargon, words in ((f"shapes.{name}.position {pair}", f"{name}'s x and y must each be between -1000000 and 1000000"),
                          (f"handles.{name} {pair}", f"{name}'s x and y must each be between -1000000 and 1000000"),
                          (f"shapes.{name}.angle", f"{name}'s angle"), (f"handles.{name}", name),
                          ("within ±36000", "between -36000 and 36000")):
        message = message.replace(jargon, words)
    return message.split("; got")[0].split(", got")[0]


def _text(value):
    """A coordinate or angle as the pose editor shows it: up to three decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
