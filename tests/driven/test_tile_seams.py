"""tile-seams: each preset and floor mode says what its caption says, against SAT run here on
the tiles rebuilt from plain numbers."""

import pytest

from collision import Box, sat
from scenes.tile_seams import B_HALF, PRESETS, TILE, TILES


def tiles():
    return [Box((-TILE * TILES + TILE * (2 * k + 1), TILE), (TILE, TILE)) for k in range(TILES)]


def pushed_back(position):
    b = Box(position, B_HALF)
    return any(found.colliding and not found.touching and found.normal.x < 0 for found in (sat(t, b) for t in tiles()))


@pytest.mark.parametrize("name, caught", [("At a seam", True), ("Mid tile", False), ("Sunk deeper", True)])
def test_separate_tiles_catch_exactly_where_a_tile_pushes_back(drive, name, caught):
    driver = drive("tile-seams")
    driver.click(name)
    assert pushed_back(PRESETS[name]["B"]) == caught
    assert driver.scene.result.caught == caught
    assert driver.scene.reported.verdict.text == ("CAUGHT ON A SEAM" if caught else "SLIDES ON")


@pytest.mark.parametrize("mode", ["ignore shared edges", "one smooth floor"])
def test_the_fixes_never_catch_and_say_what_separate_tiles_would(drive, mode):
    driver = drive("tile-seams")
    driver.click("At a seam")
    driver.session.set_setting("mode", mode)
    result = driver.scene.result
    assert not result.caught and all(push.normal == (0.0, 1.0) for push in result.pushes)
    assert driver.scene.reported.claims[0].text() == "Seams: CAUGHT (wrong)"
    # Resolved, B stands on the floor's top: sunk SINK, pushed up by it once per tile it is over.
    assert result.resolved.y >= PRESETS["At a seam"]["B"][1]


def test_the_first_thing_to_try_names_the_tile_that_pushes_back(drive):
    # It said "the second tile's purple push", where the figure names the tiles "tile 2" and
    # "tile 3" and tile 3 (the next tile) pushes back.
    from scenes.tile_seams import TileSeams

    driver = drive("tile-seams")
    driver.click("At a seam")
    (back,) = [push.tile for push in driver.scene.result.pushes if push.normal.x < 0]
    first = TileSeams.things_to_try[0]
    assert first.startswith("Press At a seam:") and f"({back})" in first
    assert all(f"({push.tile})" not in first for push in driver.scene.result.pushes if push.tile != back)
