"""fast-moving's teaching moment rendered headless: the static test alone, its MTV jumping axis."""

import json

import pytest

from sandbox.app.session import Session
from sandbox.app.window import app_window, png
from scenes.fast_moving import PRESETS
from screenshots import check

OVER_THE_TOP = {
    "scene": "fast-moving",
    "shapes": {"B": {"kind": "box", "position": list(PRESETS["Over the top"]["B"]), "angle": 0}},
    "handles": {"d": list(PRESETS["Over the top"]["tip"])},
    "settings": {"method": "static", "samples": 4},
}


def test_over_the_top_the_static_test_lifts_the_box_over_the_wall(tmp_path, request):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(OVER_THE_TOP))
    session = Session(None, (1280, 720), path)
    actual = png.read(app_window.screenshot(session, tmp_path / "shot.png"))
    static = session.scene.result.static
    assert static.way == "sideways" and static.sat.mtv == pytest.approx((0, 15))
    check(actual, "fast-moving-over-the-top", request)
