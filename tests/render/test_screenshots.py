"""Each scene rendered headless, compared with the baselines committed under tests/screenshots/."""

import json
import math

import numpy as np
import pytest

from sandbox.app.registry import all_scenes
from sandbox.app.session import Session
from sandbox.app.window import app_window, png
from screenshots import ALLOWED, THRESHOLD, check, differing

SIZE = (1280, 720)


def boxes(a, b, angle_a=20.0, angle_b=-10.0):
    return {
        "scene": "box-box",
        "shapes": {
            "A": {"kind": "box", "position": list(a), "angle": angle_a},
            "B": {"kind": "box", "position": list(b), "angle": angle_b},
        },
    }


# A is 220 x 120 turned 20 degrees; B is 160 x 90.
BOX_LAYOUTS = {
    "box-box-separated": boxes((-330, -70), (-20, 160)),
    "box-box-colliding": boxes((-330, -70), (-250, 0), 20.0, 55.0),
    # B's left edge on A's right edge: both unturned, 110 + 80 apart.
    "box-box-touching": boxes((-330, -40), (-140, 0), 0.0, 0.0),
    "box-box-same-orientation": boxes((-330, -70), (-190, 10), 20.0, 20.0),
}


def render(tmp_path, scene_id=None, layout=None):
    path = None
    if layout is not None:
        path = tmp_path / "layout.json"
        path.write_text(json.dumps(layout))
    session = Session(scene_id, SIZE, path)
    return png.read(app_window.screenshot(session, tmp_path / "shot.png")), session


def test_default_layout(tmp_path, request):
    actual, _ = render(tmp_path, "box-box")
    check(actual, "box-box-default", request)


@pytest.mark.parametrize("name", list(BOX_LAYOUTS))
def test_scripted_layouts(tmp_path, request, name):
    actual, session = render(tmp_path, layout=BOX_LAYOUTS[name])
    result = session.scene.result.sat
    expected = {
        "box-box-separated": (False, False, 4),
        "box-box-colliding": (True, False, 4),
        "box-box-touching": (True, True, 2),
        "box-box-same-orientation": (True, False, 2),
    }[name]
    assert (result.colliding, result.touching, len(result.axes)) == expected
    check(actual, name, request)


def test_the_same_layout_renders_the_same_picture(tmp_path):
    first, _ = render(tmp_path, layout=BOX_LAYOUTS["box-box-colliding"])
    second, _ = render(tmp_path, layout=BOX_LAYOUTS["box-box-colliding"])
    assert np.array_equal(first, second)


def test_a_circle_is_drawn_with_its_whole_outline(tmp_path):
    """Every step round the circle's rim is outline, not fill: pyglet's Arc takes degrees, and
    given radians it drew a 6-degree stub that the old baselines recorded."""
    actual, session = render(tmp_path, layout={"scene": "box-circle", "overlays": {"regions": False, "projections": False}})
    circle, camera = session.scene.shapes["B"], session.camera
    outline = np.array(session.theme.shape_b[:3])
    for degrees in range(0, 360, 10):
        turn = math.radians(degrees)
        x, y = camera.to_screen(circle.center[0] + circle.radius * math.cos(turn), circle.center[1] + circle.radius * math.sin(turn))
        patch = actual[SIZE[1] - round(y) - 2 : SIZE[1] - round(y) + 3, round(x) - 2 : round(x) + 3, :3].reshape(-1, 3)
        assert np.abs(patch.astype(int) - outline).sum(axis=1).min() < 60, f"no outline at {degrees} degrees"


def test_the_comparison_catches_one_missing_thin_line():
    picture = np.full((200, 300, 4), (22, 24, 29, 255), dtype=np.uint8)
    with_line = picture.copy()
    rows = np.arange(40, 160)
    with_line[rows, (rows * 1.5).astype(int)] = (158, 158, 158, 255)  # a 1-pixel grey diagonal
    assert differing(with_line, picture).sum() > ALLOWED
    # ...while a faint shift of every pixel, like a driver's rounding, passes.
    nudged = (picture.astype(int) + THRESHOLD // 2).clip(0, 255).astype(np.uint8)
    assert differing(nudged, picture).sum() == 0
    assert math.isclose(differing(picture, picture).mean(), 0)


def shapes(**poses):
    return {name: {"kind": kind, "position": list(position), "angle": angle} for name, (kind, position, angle) in poses.items()}


# The teaching moment of each of the other scenes.
TEACHING = {
    # DemoSAT1's fixed corners, with the boxes in the wrong order: it says they penetrate.
    "projection-swap-flaw": {
        "scene": "projection",
        "shapes": shapes(A=("box", (-120, 40), -45), B=("box", (-390, 40), -45)),
        "overlays": {"guides": True, "quick": True, "demosat1": True, "raw": False},
    },
    # B's edge square to P: two red corners and two yellow ones, and the panel says so.
    "min-max-corners-tie": {
        "scene": "min-max-corners",
        "shapes": shapes(A=("box", (-380, 60), 17.1887), B=("box", (-110, 40), 45)),
    },
    # Two squares turned alike: eight normals, two axes.
    "hex-triangle-merged": {
        "scene": "hex-triangle",
        "shapes": shapes(A=("polygon", (-330, -20), 0), B=("polygon", (-180, 40), 0)),
        "settings": {"sides_a": 4, "sides_b": 4, "page": -1},
    },
    # Just off a corner: DemoSAT5's single axis says collision, the Voronoi test says apart.
    "box-circle-demosat5": {
        "scene": "box-circle",
        "shapes": {"A": {"kind": "box", "position": [-330, -20], "angle": 0}, "B": {"kind": "circle", "position": [-217, 107]}},
        "overlays": {"regions": True, "projections": True, "mtv": True, "demosat5": True, "naive": False},
    },
}


@pytest.mark.parametrize("scene_id", [cls.id for cls in all_scenes() if cls.id != "box-box"])
def test_default_layouts_of_the_other_scenes(tmp_path, request, scene_id):
    actual, _ = render(tmp_path, scene_id)
    check(actual, f"{scene_id}-default", request)


@pytest.mark.parametrize("name", list(TEACHING))
def test_teaching_moments(tmp_path, request, name):
    actual, session = render(tmp_path, layout=TEACHING[name])
    scene = session.scene
    if name == "projection-swap-flaw":
        assert scene.result.gap > 0 > scene.result.demosat1[3]
    elif name == "min-max-corners-tie":
        assert len(scene.result.b.highest) == 2 and len(scene.result.b.lowest) == 2
    elif name == "hex-triangle-merged":
        assert len(scene.result.sat.axes) == 2 and scene.result.sat.merged == 6
    else:
        assert scene.result.demosat5 and not scene.result.sat.colliding
    check(actual, name, request)


def test_a_deep_quadtree_with_a_deep_object_in_focus(tmp_path, request):
    """Small MAX_OBJECTS, deep MAX_LEVELS, and the focus on an object in the deepest node: retrieve
    hands it every straddler stuck on its path to the root."""
    deep = {"scene": "quadtree", "shapes": {}, "settings": {"count": 400, "max_objects": 2, "max_levels": 6}}
    _, session = render(tmp_path, layout=deep)
    nodes = session.scene.result.tree.nodes()
    deepest = max((node for node in nodes if node.items), key=lambda node: node.level)
    deep["settings"]["focus"] = deepest.items[0]
    actual, session = render(tmp_path, layout=deep)
    frame = session.scene.result
    assert deepest.level >= 5 and frame.focus == deepest.items[0]
    assert set(nodes[0].items) <= set(frame.lit)  # everything stuck at the root comes back
    check(actual, "quadtree-deep-tree", request)


def test_ten_thousand_objects_drawn_as_dots(tmp_path, request):
    """Past 2,000 objects each is a dot of one batch: straddlers and the lit path stand out
    from the faded rest, and the node borders show through."""
    layout = {"scene": "quadtree", "shapes": {}, "settings": {"count": 10_000, "focus": 7}}
    actual, session = render(tmp_path, layout=layout)
    scene = session.scene
    assert len(scene.position) == 10_000 and scene.result.focus == 7 and len(scene.result.lit)
    # The dot of a lit object is drawn in the highlight colour, at least two pixels wide.
    x0, y0, x1, y1 = scene.boxes()[scene.result.lit[-1]]
    x, y = session.camera.to_screen((x0 + x1) / 2, (y0 + y1) / 2)
    patch = actual[SIZE[1] - round(y) - 1 : SIZE[1] - round(y) + 1, round(x) - 1 : round(x) + 1, :3].reshape(-1, 3)
    assert (np.abs(patch.astype(int) - np.array(session.theme.highlight[:3])).sum(axis=1) < 60).any()
    check(actual, "quadtree-ten-thousand", request)
