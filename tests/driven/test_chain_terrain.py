"""chain-seams' 36-point terrain (Box2D's smooth-manifold sample, in our own points): B dragged
along it, resting just sunk where GEOS says it touches, slides on with the chain rule and is
bumped somewhere without it, box and circle alike."""

import pytest
import shapely

import oracle
from scenes.chain_seams import CHAINS, SUNK_SHOWN

HILL = (-260, -180)
"""Where B climbs the round hill (its left side, B sliding right)."""

SUNK = 3.0
"""How far below touching B is held: a resting contact, as a solver leaves it."""


def resting_height(driver, x):
    """B's centre height at ``x`` where it just touches the terrain (GEOS, by bisection), less SUNK."""
    points = CHAINS["terrain (36 points)"][1:-1]  # the ghost ends are not part of it
    ground = shapely.Polygon([*points, (points[-1][0], -1000.0), (points[0][0], -1000.0)])  # all below the chain
    b = driver.scene.shapes["B"]
    low, high = -300.0, 300.0
    for _ in range(50):
        middle = (low + high) / 2
        b.position = (x, middle)
        low, high = (middle, high) if oracle.outline(b).intersects(ground) else (low, middle)
    return high - SUNK


@pytest.mark.parametrize("shape", ["box", "circle"])
def test_on_the_terrain_the_rule_takes_every_bump_away(drive, shape):
    driver = drive("chain-seams")
    driver.session.set_setting("chain", "terrain (36 points)")
    driver.session.set_setting("shape", shape)
    assert len(driver.scene.segments) == 33  # 36 points, the first and last ghosts
    bumped = {True: [], False: []}
    for x in range(-250, 331, 2):
        y = resting_height(driver, float(x))
        for rule in (True, False):
            driver.session.set_setting("rule", rule)
            driver.scene.shapes["B"].position = (float(x), y)
            driver.scene.invalidate()
            assert driver.scene.reported.numbers["sunk"] <= SUNK_SHOWN
            if driver.scene.result.bumped:
                bumped[rule].append(x)
    # With the rule, only the hill's convex top in B's way pushes back (a real push, as a hill's
    # would); over the floor's seams and in the bowl B slides on. Without it, the seams bump it.
    assert all(HILL[0] <= x <= HILL[1] for x in bumped[True]), bumped[True]
    assert [x for x in bumped[False] if not HILL[0] <= x <= HILL[1]], "without the rule the floor's or the bowl's seams bump B"
