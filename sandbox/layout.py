"""Layout files: a scene's shapes, view and overlays as JSON, for teachers to prepare and share.

::

    {"scene": "box-box",
     "shapes": {"A": {"kind": "box", "position": [-260, -40], "angle": 20.0}, ...},
     "view": {"center": [0, 0], "zoom": 1.0},
     "overlays": {"intervals": true, ...},
     "settings": {...}}

Positions are world units, angles degrees. Loading checks every field against the scene and
names the first bad one; saving writes a temporary file and renames it over the old one.
"""

import json
import math
import os
import tempfile
from pathlib import Path

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
    """The JSON in ``path``, or LayoutError saying why it cannot be read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise LayoutError(f"cannot read layout {path}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LayoutError(f"layout {path} is not valid JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("scene"), str):
        raise LayoutError(f'layout {path}: "scene" must name a scene, e.g. "box-box"')
    return data


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
    """Write ``data`` to ``path`` as JSON, atomically: a crash leaves the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2)
            out.write("\n")
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
