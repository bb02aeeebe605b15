"""The box-circle scene with its box at 1e20: an answer, never a ZeroDivisionError (issue 9,
item 12; the core's side is in tests/core/test_voronoi_far.py)."""

from collision import Region
from sandbox.app.session import Session


def test_the_box_circle_scene_at_1e20_answers():
    scene = Session("box-circle").scene
    scene.shapes["A"].position = (1e20, 0)
    scene.invalidate()
    assert scene.result.feature.region in (Region.EDGE, Region.VERTEX)  # far outside: answered, not a ZeroDivisionError
