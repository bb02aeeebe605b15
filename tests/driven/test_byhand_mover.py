"""The mover's kerb, done by hand (issue 34, /work/wt/look/byhand.md D14, D15): "Over the kerb,
then W a few times" walks over the kerb and on along the floor, never left in the air; a walk
that moves more than was wished says why; and the figure names every pass the caption counts."""

import re

import pytest
import shapely

from collision import Vector
from scenes.mover import PRESETS
from test_mover_scenes import capsule_geometry


def end_geometry(scene):
    start, achieved = scene.points["start"], scene.result.achieved
    return capsule_geometry((start.x + achieved.x, start.y + achieved.y))


def clearance(scene):
    """GEOS: how far the capsule ends from the nearest obstacle (0 or less where it touches)."""
    end = end_geometry(scene)
    return min(end.distance(shapely.Polygon(shape.world_vertices())) for shape in scene.shapes.values())


def test_over_the_kerb_then_walk_on_walks_along_the_floor_to_the_wall(drive):
    """The first W left the capsule floating past the kerb, "FREE, nothing touched": the wish had no down part."""
    driver = drive("mover")
    driver.click("Over the kerb")
    scene = driver.scene
    kerb, wall = scene.shapes["kerb"].aabb(), scene.shapes["wall"].aabb()
    ends = []
    for walk in range(4):
        # Every walk ends on something: the kerb, the floor, the wall.
        assert clearance(scene) <= 0.5, (walk, clearance(scene), scene.reported.verdict)
        ends.append(end_geometry(scene).bounds)
        if walk < 3:
            driver.tap("W")
    # Up onto the kerb, down past it onto the floor, then along to the wall and stuck there.
    assert ends[0][1] == pytest.approx(kerb[3], abs=0.5) and ends[0][2] > kerb[0]
    assert ends[1][0] > kerb[2] and ends[1][1] == pytest.approx(0.0, abs=0.5)
    assert ends[2][2] == pytest.approx(wall[0], abs=0.5) and ends[2][1] == pytest.approx(0.0, abs=0.5)
    assert scene.reported.verdict.text == "STUCK"
    assert PRESETS["Over the kerb"]["wish"][1] < PRESETS["Over the kerb"]["start"][1], "the wish walks a little down, as gravity pulls"


def test_a_walk_that_moves_more_than_wished_says_the_planes_pushed_it(drive):
    """ "moved 111, wished 110" read as more than was asked for, with nothing to say why."""
    driver = drive("mover")
    scene = driver.scene
    scene.points["start"], scene.points["wish"] = Vector(40.0, 39.95), Vector(150.0, 39.95)  # straight right, no down part
    driver.session.refresh()
    moved, wished = scene.reported.numbers["moved"], scene.reported.numbers["wished"]
    kerb_top = scene.shapes["kerb"].aabb()[3]
    assert round(moved) > round(wished)
    # Wished straight right, the part across the wish is how far up it ended: onto the kerb.
    assert scene.reported.numbers["pushed"] == pytest.approx(kerb_top, abs=0.5)
    assert scene.reported.verdict.detail.endswith(f"the planes pushed it {kerb_top:.0f} up"), scene.reported.verdict.detail


def named_passes(driver):
    """The pass numbers the figure's labels name ("pass 2", "passes 3–5", "moved (passes 3–5)", "stuck (passes 1–5)")."""
    numbers = []
    for call in driver.painter.of("text"):
        found = re.fullmatch(r"(?:(?:moved|stuck) \()?(?:pass (\d+)|passes (\d+)–(\d+))\)?", call[2])
        if found:
            first = int(found[1] or found[2])
            numbers += range(first, int(found[3] or first) + 1)
    return numbers


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_figure_names_every_pass_once(drive, preset):
    """Along the floor the caption and panel said 5 passes, and the figure named "pass 1" and "pass 2"."""
    driver = drive("mover")
    driver.click(preset)
    driver.frame()
    passes = len(driver.scene.result.slid.iterations)
    assert sorted(named_passes(driver)) == list(range(1, passes + 1)), (named_passes(driver), passes)
