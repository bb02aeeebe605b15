"""Layout files: a scene's shapes, view and overlays as JSON, for teachers to prepare and share.

::

    {"scene": "box-box",
     "shapes": {"A": {"kind": "box", "position": [-260, -40], "angle": 20.0}, ...},
     "handles": {"P": [25, 50]},
     "overlays": {"projections": true, ...},
     "settings": {"page": -1},
     "view": {"center": [0, 0], "zoom": 1.0}}

Positions are world units, angles degrees; every field but "scene" may be left out, and
"view" is there only when the user zoomed or panned. ``"format"`` (sandbox.app.migrations)
says which version of the format wrote the file: an earlier one is brought up to date as it is
read, a newer one refused. Loading checks every field against the
scene and names the first bad one. Reading and saving go through sandbox.app.files: regular files
only, at most 1 MiB read, and a save that a crash cannot leave half written.
"""

import copy
import json
import os
import math
import types
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, NoReturn, TypeGuard

from collision import Box, Capsule, Circle, Polygon, Vector

from sandbox.app import files
from sandbox.app import migrations
from sandbox.app.camera import Camera
from sandbox.kit import Scene
from sandbox.kit.errors import SandboxError
from sandbox.kit.painter import Point

FIELDS = {"format", "scene", "shapes", "handles", "overlays", "settings", "view"}
"""Every field a layout may have; anything else is refused, naming it."""

WORLD_LIMIT = 1e6
"""The largest coordinate a layout may use, in world units (pixels at zoom 1): far past any
figure, and small enough that every computation keeps its precision."""

ANGLE_LIMIT = 36000.0
"""The largest angle a layout may use, in degrees: a hundred turns."""

MAX_VERTICES = 100
"""The most vertices a reshaped polygon in a layout may have."""


class LayoutError(SandboxError):
    """A layout file that cannot be used; the message names the file and the field."""


def capture(scene: Scene, camera: Camera) -> dict[str, Any]:
    """The layout of ``scene`` as shown by ``camera``, as JSON-ready data.

    The view is saved only when the user zoomed or panned; otherwise the figure is framed
    afresh in whatever window opens the file.
    """
    shapes = {}
    for name, shape in scene.shapes.items():
        entry: dict[str, Any] = {"kind": kind_of(shape), "position": [float(v) for v in shape.position]}
        if hasattr(shape, "angle"):
            entry["angle"] = math.degrees(shape.angle)
        if name in scene.reshapable:
            entry["vertices"] = shape.local_vertices.tolist()
        shapes[name] = entry
    overlays = {p.name: scene.settings[p.name] for p in scene.params if p.overlay}
    data: dict[str, Any] = {
        "format": migrations.FORMAT,
        "scene": scene.id,
        "shapes": shapes,
        "handles": {name: [float(v) for v in point] for name, point in scene.points.items()},
        "overlays": overlays,
        "settings": {p.name: scene.settings[p.name] for p in scene.params if not p.overlay},
    }
    if not camera.fitted:
        data["view"] = {"center": list(camera.center), "zoom": camera.zoom}
    return data


def read(path: files.PathArg) -> dict[str, Any]:
    """The JSON in ``path``, or LayoutError saying in one line why it cannot be used."""
    try:
        text = files.read_text(path)
    except files.FileError as error:
        raise LayoutError(f"cannot read layout {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise LayoutError(f"layout {path} is not valid JSON: it is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as error:
        raise LayoutError(f"layout {path} is not valid JSON: {error}") from None
    except RecursionError:
        raise LayoutError(f"layout {path} is not a layout: its lists or objects are nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("scene"), str):
        raise LayoutError(f'layout {path}: "scene" must name a scene, e.g. "box-box"')
    field = _too_large(data)
    if field is not None:
        raise LayoutError(f"layout {path}: {field} is a whole number too large for the world; give a coordinate such as 120")
    # Saved by an earlier version: in today's words before anything is checked.
    try:
        start = migrations.version(data.pop("format", None), f"layout {path}")
    except ValueError as error:
        raise LayoutError(str(error)) from None
    migrations.migrate(data, start)
    # The containers' types, so that whoever merges this data with more (a walkthrough step)
    # meets objects where it expects them; apply checks what is inside.
    for field, meaning in _CONTAINERS.items():
        if field in data and not isinstance(data[field], dict):
            raise LayoutError(f"layout {path}: {field} must be {meaning}, got {json.dumps(data[field])[:40]}")
    for name, entry in data.get("shapes", {}).items():
        if not isinstance(entry, dict):
            raise LayoutError(f"layout {path}: shapes.{name} must be an object with kind, position and angle, got {json.dumps(entry)[:40]}")
    return data


_CONTAINERS = {
    "shapes": "an object naming each shape",
    "view": "an object with center and zoom",
    "overlays": "an object of overlay names and true or false",
    "settings": "an object",
}


class _TooLarge:
    """Stands in for a JSON integer beyond the range of a float, so that read can name its field."""


def _parse_int(digits: str) -> "int | _TooLarge":
    # Past 400 digits no integer fits a float, and int() refuses past 4300 digits: keep the
    # conversion cheap and let read name the field instead of raising from deep inside json.
    if len(digits) > 400:
        return _TooLarge()
    number = int(digits)
    try:
        float(number)
    except OverflowError:
        return _TooLarge()
    return number


def _too_large(data: object) -> str | None:
    """The dotted name of the first field holding a _TooLarge, or None."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        name, value = stack.pop()
        if isinstance(value, _TooLarge):
            return name
        if isinstance(value, dict):
            stack.extend((f"{name}.{key}" if name else key, item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{name}[{i}]", item) for i, item in reversed(list(enumerate(value))))
    return None


class Layout(NamedTuple):
    """A layout checked against its scene, ready to apply: nothing in it can be refused any more."""

    scene: str
    """The scene's id."""

    settings: Mapping[str, Any]
    """Overlay and setting name -> checked value."""

    poses: Mapping[str, tuple[Point | None, float | None]]
    """Shape name -> ((x, y) or None, angle in radians or None); None keeps what the shape has."""

    reshaped: Mapping[str, Polygon]
    """Shape name -> the polygon its layout vertices make, in the shape's pose before the layout."""

    points: Mapping[str, Vector]
    """Handle name -> Vector, each where the scene's constrain put it."""

    view: tuple[Point, float] | None
    """((x, y), zoom) when the layout sets the view, else None."""


def parse(data: dict[str, Any], scene: Scene, where: str) -> Layout:
    """The layout ``data`` (as read returns it) checked against ``scene``, as a Layout;
    LayoutError naming ``where`` and the first bad field otherwise. ``scene`` is not changed:
    a setting that chooses the scene's shapes (a scene's kind_a and kind_b) is tried on a scene
    made afresh.
    """

    def fail(field: str, problem: str) -> NoReturn:
        raise LayoutError(f"{where}: {field} {problem}")

    def table(field: str, what: str) -> dict[str, Any]:
        value = data.get(field, {})
        if not isinstance(value, dict):
            fail(field, f"must be an object of {what}, got {_show(value)}")
        return value

    def pair(value: Any, field: str) -> Point:
        if not (isinstance(value, list) and len(value) == 2 and all(_is_number(v, WORLD_LIMIT) for v in value)):
            fail(field, f"must be [x, y], two numbers within ±{WORLD_LIMIT:g}; got {_show(value)}")
        return (float(value[0]), float(value[1]))

    unknown = sorted(set(data) - FIELDS)
    if unknown:
        fail(unknown[0], f"is not a layout field (use {', '.join(sorted(FIELDS))})")
    if data.get("format", migrations.FORMAT) != migrations.FORMAT:
        fail("format", f"must be {migrations.FORMAT}: read the file with read, which brings an earlier format up to date")
    if data.get("scene") != scene.id:
        fail("scene", f'is {_show(data.get("scene"))} but this is the "{scene.id}" scene')
    declared = {p.name: p for p in scene.params}
    values: dict[str, Any] = {}
    for field, overlay in (("overlays", True), ("settings", False)):
        for name, value in table(field, "names and values").items():
            param = declared.get(name)
            if param is None or param.overlay != overlay:
                names = [p.name for p in scene.params if p.overlay == overlay]
                fail(f"{field}.{name}", f"is not one of this scene's {field} (it has {', '.join(names) or 'none'})")
            try:
                values[name] = param.check(value)
            except ValueError as error:
                fail(f"{field}.{name}", str(error))
    # A setting may choose the scene's shapes (a scene's kind_a and kind_b): check the kinds
    # against the shapes a scene makes with the layout's settings, never touching this one.
    checker = scene
    if any(scene.settings.get(name) != value for name, value in values.items()):
        checker = type(scene)()
        checker.settings.update(scene.settings)
        checker.settings.update(values)
        checker.invalidate()
    shapes = table("shapes", "shapes by name")
    poses: dict[str, tuple[Point | None, float | None]] = {}
    reshaped: dict[str, Polygon] = {}
    for name, entry in shapes.items():
        field = f"shapes.{name}"
        if name not in checker.shapes:
            fail(field, f"is not a shape of this scene (it has {', '.join(checker.shapes) or 'none'})")
        kind = kind_of(checker.shapes[name])
        if not isinstance(entry, dict):
            fail(field, f'must be an object such as {{"kind": "{kind}", "position": [0, 0], "angle": 0}}')
        known = ("kind", "position", "angle", "vertices") if name in scene.reshapable else ("kind", "position", "angle")
        extra = sorted(set(entry) - set(known))
        if extra:
            fail(f"{field}.{extra[0]}", f"is not a shape field (use {', '.join(known)})")
        if entry.get("kind", kind) != kind:
            fail(f"{field}.kind", f'must be "{kind}" in this scene, got {_show(entry.get("kind"))}')
        angle = entry.get("angle")
        if angle is not None and not _is_number(angle, ANGLE_LIMIT):
            fail(f"{field}.angle", f"must be a number of degrees within ±{ANGLE_LIMIT:g}, got {_show(angle)}")
        position = pair(entry["position"], f"{field}.position") if "position" in entry else None
        poses[name] = (position, None if angle is None else math.radians(angle))
        if "vertices" in entry:
            reshaped[name] = _vertices(checker, name, entry["vertices"], pair, fail)
    points: dict[str, Vector] = {}
    for name, point in table("handles", "points by name").items():
        if name not in scene.points:
            fail(f"handles.{name}", f"is not a handle of this scene (it has {', '.join(scene.points) or 'none'})")
        points[name] = Vector(*pair(point, f"handles.{name}"))
    # Handles may only make sense together (a triangle's corners): each is checked with all the
    # layout's handles in place, on a copy whose points are its own.
    probe = copy.copy(checker)
    probe.points = {**checker.points, **points}
    for name, point in points.items():
        try:
            points[name] = Vector(*map(float, probe.constrain(name, point)))
        except ValueError as error:
            fail(f"handles.{name}", str(error))
    view = None
    if "view" in data:
        if not isinstance(data["view"], dict) or set(data["view"]) - {"center", "zoom"}:
            fail("view", "must be an object with center and zoom")
        center = pair(data["view"].get("center"), "view.center")
        zoom = data["view"].get("zoom")
        if not _is_number(zoom, Camera.MAX_ZOOM) or zoom < Camera.MIN_ZOOM:
            fail("view.zoom", f"must be a number from {Camera.MIN_ZOOM} to {Camera.MAX_ZOOM}, got {_show(zoom)}")
        view = (center, float(zoom))
    frozen = types.MappingProxyType
    return Layout(scene.id, frozen(values), frozen(poses), frozen(reshaped), frozen(points), view)


def apply(parsed: Layout, scene: Scene, camera: Camera) -> None:
    """Put ``scene`` and ``camera`` in the checked layout ``parsed`` (from parse); a shape,
    handle or setting it leaves out keeps what it has. Nothing here can be refused, so nothing
    is left half set; the caller recomputes the scene once, afterwards.
    """
    scene.settings.update(parsed.settings)
    # A copy of each reshaped polygon, so that a Layout applied twice shares no shape.
    scene.shapes.update({name: copy.deepcopy(shape) for name, shape in parsed.reshaped.items()})
    for name, (position, angle) in parsed.poses.items():
        shape = scene.shapes[name]
        if position is not None:
            shape.position = position
        if angle is not None and hasattr(shape, "angle"):
            shape.angle = angle
    scene.points.update(parsed.points)
    if parsed.view is not None:
        camera.center, camera.zoom = parsed.view
        camera.fitted = False


def _vertices(scene: Scene, name: str, vertices: Any, pair: Callable[[Any, str], Point], fail: Callable[[str, str], NoReturn]) -> Polygon:
    """The polygon a layout's ``shapes.NAME.vertices`` makes, checked as the scene checks a drag."""
    field = f"shapes.{name}.vertices"
    if not isinstance(vertices, list) or not 3 <= len(vertices) <= MAX_VERTICES:
        fail(field, f"must be a list of 3 to {MAX_VERTICES} points [x, y] in the shape's own frame, counter-clockwise; got {_show(vertices)}")
    points = [pair(point, f"{field}[{i}]") for i, point in enumerate(vertices)]
    try:
        return scene.reshaped(name, points)
    except ValueError as error:
        fail(field, f"make no shape this scene allows: {error}")


def kind_of(shape: object) -> str:
    """The name a layout file gives the shape's kind."""
    if isinstance(shape, Box):
        return "box"
    if isinstance(shape, Polygon):
        return "polygon"
    if isinstance(shape, Circle):
        return "circle"
    if isinstance(shape, Capsule):
        return "capsule"
    raise TypeError(f"not a collision shape: {shape!r}")


def _is_number(value: object, limit: float) -> TypeGuard[int | float]:
    """A finite int or float no larger than ``limit``; compared as is, since float() of a
    400-digit int overflows."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return -limit <= value <= limit


def _show(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (dict, list, str, int, float, bool, type(None))) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def save(data: object, path: files.PathArg) -> None:
    """Write ``data`` to ``path`` as JSON with sandbox.app.files: atomically (a crash leaves the old
    file or the new one), through a symbolic link, keeping the file's mode. A file already at
    ``path`` is replaced only if it is a layout (a JSON object naming its scene), as an export
    replaces only its own files. Raises files.FileError with a one-line message when ``path``
    cannot or must not be written, and TypeError, before touching any file, for data that is
    not JSON."""
    text = json.dumps(data, indent=2) + "\n"
    target = files.save_target(path)
    if os.path.lexists(target) and not _is_layout(target):
        raise files.FileError(
            f"cannot write {path}: it is not a layout (a JSON object naming its scene), and a layout replaces only a layout; choose another file name",
            "it is not a layout", path)
    files.write_text(path, text)


def _is_layout(path: files.PathArg) -> bool:
    """Whether the file at ``path`` reads as a layout: a JSON object whose "scene" is text."""
    try:
        data = json.loads(files.read_text(path))
    except (files.FileError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and isinstance(data.get("scene"), str)
