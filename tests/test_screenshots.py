"""Each scene rendered headless, compared with the baselines committed under tests/screenshots/."""

import json
import math

import numpy as np
import pytest

from sandbox import png, window
from sandbox.session import Session
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
    return png.read(window.screenshot(session, tmp_path / "shot.png")), session


def test_default_layout(tmp_path, request):
    actual, _ = render(tmp_path, "box-box")
    check(actual, "box-box-default", request.config.getoption("--record-screenshots"))


@pytest.mark.parametrize("name", list(BOX_LAYOUTS))
def test_scripted_layouts(tmp_path, request, name):
    actual, session = render(tmp_path, layout=BOX_LAYOUTS[name])
    result = session.scene.result
    expected = {
        "box-box-separated": (False, False, 4),
        "box-box-colliding": (True, False, 4),
        "box-box-touching": (True, True, 2),
        "box-box-same-orientation": (True, False, 2),
    }[name]
    assert (result.colliding, result.touching, len(result.axes)) == expected
    check(actual, name, request.config.getoption("--record-screenshots"))


def test_the_same_layout_renders_the_same_picture(tmp_path):
    first, _ = render(tmp_path, layout=BOX_LAYOUTS["box-box-colliding"])
    second, _ = render(tmp_path, layout=BOX_LAYOUTS["box-box-colliding"])
    assert np.array_equal(first, second)


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
