"""Layout files: a scene's shapes, view and overlays as JSON, for teachers to prepare and share.

::

    {"scene": "box-box",
     "shapes": {"A": {"kind": "box", "position": [-260, -40], "angle": 20.0}, ...},
     "view": {"center": [0, 0], "zoom": 1.0},
     "overlays": {"intervals": true, ...},
     "settings": {...}}

Positions are world units, angles degrees. Loading checks every field against the scene and
names the first bad one. Reading and saving go through sandbox.files: regular files only,
at most 1 MiB read, and a save that a crash cannot leave half written.
"""

import json
import math

from . import files
from .scene import kind_of


class LayoutError(Exception):
    """A layout file that cannot be used; the message names the file and the field."""


def capture(scene, camera):
    """The layout of ``scene`` as shown by ``camera``, as JSON-ready data."""
    shapes = {}
    for name, shape in scene.shapes.items():
        entry = {"kind": kind_of(shape), "position": [float(v) for v in shape.position]}
        if hasattr(shape, "angle"):
            entry["angle"] = math.degrees(shape.angle)
        shapes[name] = entry
    return {
        "scene": scene.id,
        "shapes": shapes,
        "view": {"center": list(camera.center), "zoom": camera.zoom},
        "overlays": dict(scene.overlay),
        "settings": scene.settings(),
    }


def read(path):
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


def _parse_int(digits):
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


def _too_large(data):
    """The dotted name of the first field holding a _TooLarge, or None."""
    stack = [("", data)]
    while stack:
        name, value = stack.pop()
        if isinstance(value, _TooLarge):
            return name
        if isinstance(value, dict):
            stack.extend((f"{name}.{key}" if name else key, item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{name}[{i}]", item) for i, item in reversed(list(enumerate(value))))
    return None


def apply(data, scene, camera, where):
    """Put ``scene`` and ``camera`` in the layout ``data``; ``where`` names its source in errors,
    such as "layout lessons/one.json".

    Everything is checked before anything changes, so a bad file leaves the scene as it was.
    """

    def fail(field, problem):
        raise LayoutError(f"{where}: {field} {problem}".rstrip())

    def pair(value, field):
        if not (isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)):
            fail(field, f"must be [x, y], two finite numbers; got {json.dumps(value)}")
        return (float(value[0]), float(value[1]))

    if data["scene"] != scene.id:
        fail("scene", f'is "{data["scene"]}" but this is the "{scene.id}" scene')
    shapes = data.get("shapes")
    if not isinstance(shapes, dict):
        fail("shapes", "must be an object naming each shape")
    poses = {}
    for name, shape in scene.shapes.items():
        entry = shapes.get(name)
        if not isinstance(entry, dict):
            fail(f"shapes.{name}", "is missing")
        if entry.get("kind") != kind_of(shape):
            fail(f"shapes.{name}.kind", f'must be "{kind_of(shape)}" in this scene, got {json.dumps(entry.get("kind"))}')
        angle = entry.get("angle", 0.0)
        if not _is_number(angle):
            fail(f"shapes.{name}.angle", f"must be a finite number of degrees, got {json.dumps(angle)}")
        poses[name] = (pair(entry.get("position"), f"shapes.{name}.position"), math.radians(angle))
    for name in shapes:
        if name not in scene.shapes:
            fail(f"shapes.{name}", f"is not a shape of this scene (it has {', '.join(scene.shapes)})")
    view = data.get("view", {"center": [0, 0], "zoom": 1.0})
    if not isinstance(view, dict):
        fail("view", "must be an object with center and zoom")
    center = pair(view.get("center"), "view.center")
    zoom = view.get("zoom")
    if not (_is_number(zoom) and camera.MIN_ZOOM <= zoom <= camera.MAX_ZOOM):
        fail("view.zoom", f"must be a number from {camera.MIN_ZOOM} to {camera.MAX_ZOOM}, got {json.dumps(zoom)}")
    overlays = data.get("overlays", {})
    if not isinstance(overlays, dict):
        fail("overlays", "must be an object of overlay names and true or false")
    for name, shown in overlays.items():
        if name not in scene.overlay:
            fail(f"overlays.{name}", f"is not an overlay of this scene (it has {', '.join(scene.overlay)})")
        if not isinstance(shown, bool):
            fail(f"overlays.{name}", f"must be true or false, got {json.dumps(shown)}")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        fail("settings", "must be an object")
    try:
        scene.apply_settings(settings)
    except ValueError as error:
        fail(f"settings.{error}", "")
    for name, (position, angle) in poses.items():
        shape = scene.shapes[name]
        shape.position = position
        if hasattr(shape, "angle"):
            shape.angle = angle
    scene.overlay.update(overlays)
    camera.center, camera.zoom = center, float(zoom)
    scene.refresh()


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def save(data, path):
    """Write ``data`` to ``path`` as JSON with sandbox.files: atomically (a crash leaves the old
    file or the new one), through a symbolic link, keeping the file's mode. Raises
    files.FileError with a one-line message when ``path`` cannot be written, and TypeError,
    before touching any file, for data that is not JSON."""
    files.write_text(path, json.dumps(data, indent=2) + "\n")
