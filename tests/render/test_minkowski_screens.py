"""The minkowski scene's teaching moments rendered headless, compared with baselines."""

import pytest

from screenshots import check
from test_screenshots import render

MOMENTS = {
    # No "kind": the layout is checked against the default pair before its settings pick another.
    # A box and a circle apart: A - B has round corners; GJK has walked the box less the centre.
    "minkowski-box-circle-apart": {
        "scene": "minkowski",
        "shapes": {"A": {"position": [-380, -40], "angle": 20}, "B": {"position": [-150, 120]}},
        "settings": {"kind_b": "circle"},
    },
    # A pentagon in a square, EPA's first polytope: GJK's triangle, its nearest edge in purple.
    "minkowski-polygons-epa-start": {
        "scene": "minkowski",
        "shapes": {"A": {"position": [-380, -40], "angle": 20}, "B": {"position": [-300, -20], "angle": -11}},
        "settings": {"kind_a": "polygon", "kind_b": "polygon", "step": 3},
    },
}


@pytest.mark.parametrize("name", list(MOMENTS))
def test_minkowski_moments(tmp_path, request, name):
    actual, session = render(tmp_path, layout=MOMENTS[name])
    result = session.scene.result
    if name == "minkowski-box-circle-apart":
        assert not result.gjk.colliding and result.core
    else:
        assert result.gjk.colliding and result.step >= len(result.gjk.steps)
    check(actual, name, request)
