"""shape-cast, mover and chain-seams driven as a class would: presets pressed, switches flipped,
handles dragged, each checked against what the caption says and against GEOS."""

import math

import pytest
import shapely

from collision.cast import SLOP, core_distance, moved, proxy
from scenes.mover import HALF, RADIUS


def capsule_geometry(centre):
    x, y = centre
    return shapely.LineString([(x, y - HALF), (x, y + HALF)]).buffer(RADIUS, quad_segs=64)


def test_starts_touching_is_stuck_at_zero_until_it_may_encroach(drive):
    driver = drive("shape-cast")
    driver.click("Starts touching")
    plain = driver.scene.result.hit
    assert plain.hit and plain.fraction == 0.0 and plain.normal == (0.0, 0.0)
    assert driver.scene.reported.verdict.text == "STARTS TOUCHING"
    # Encroaching, B is aimed away: it leaves freely.
    driver.session.set_setting("encroach", True)
    assert not driver.scene.result.hit.hit
    # Aimed at A, it comes closer by a slop and stops.
    driver.drag(driver.scene.points["to"], (200.0, 30.0))
    result = driver.scene.result
    closer, (tx, ty) = result.hit, result.translation
    assert closer.hit and closer.fraction > 0.0
    # The cores close by one slop, less at most the quarter slop a hit is called within.
    before = core_distance(proxy(result.a), proxy(result.b)).distance
    after = core_distance(proxy(result.a), moved(proxy(result.b), closer.fraction * tx, closer.fraction * ty)).distance
    assert 0.75 * SLOP - 1e-9 <= before - after <= SLOP + 1e-9


def test_dragging_the_tip_off_a_misses(drive):
    driver = drive("shape-cast")
    driver.click("Box at a pentagon")
    assert driver.scene.result.hit.hit
    driver.drag(driver.scene.points["to"], (180.0, 180.0))
    assert not driver.scene.result.hit.hit
    assert driver.scene.reported.verdict.text == "MISS"


def test_along_the_floor_the_mover_slides_and_cast_and_stop_is_stuck(drive):
    driver = drive("mover")
    result = driver.scene.result
    assert result.achieved.x == pytest.approx(210.0, abs=1e-6)
    assert abs(result.achieved.y) <= SLOP
    # The capsule ends clear of every tile (GEOS), but for the slop it rests at.
    start = driver.scene.points["start"]
    end = capsule_geometry((start.x + result.achieved.x, start.y + result.achieved.y))
    for shape in driver.scene.shapes.values():
        tile = shapely.Polygon(shape.world_vertices())
        assert end.intersection(tile).area <= 2 * SLOP * 2 * RADIUS
    driver.session.set_setting("method", "cast and stop")
    assert driver.scene.result.achieved == (0.0, 0.0)
    assert driver.scene.reported.verdict.text == "STUCK"


def test_into_the_corner_two_planes_and_walking_on_gets_no_further(drive):
    driver = drive("mover")
    driver.click("Into the corner")
    assert len(driver.scene.result.slid.planes) == 2
    before = driver.scene.points["start"]
    driver.click("Walk on (W)")
    after = driver.scene.points["start"]
    driver.click("Walk on (W)")
    # Wedged: the second walk moves it by under a slop or two.
    assert math.dist(after, driver.scene.points["start"]) < 4 * SLOP < math.dist(before, after)


def test_the_capsule_cannot_be_dragged_into_the_floor(drive):
    driver = drive("mover")
    start = driver.scene.points["start"]
    driver.drag(start, (start.x, start.y - 30.0))
    assert driver.scene.points["start"] == start


def test_the_chain_rule_takes_the_bump_away_at_a_seam(drive):
    driver = drive("chain-seams")
    driver.click("Just past a seam")
    assert driver.scene.reported.verdict.text == "SLIDES ON"
    driver.session.set_setting("rule", False)
    assert driver.scene.reported.verdict.text == "BUMPED"
    bump = next(c for c in driver.scene.result.contacts if c.against)
    assert bump.normal.x == pytest.approx(-1.0)


def test_over_the_edge_without_the_rule_the_figure_draws_the_push_the_verdict_counts(drive):
    """With the rule off the verdict said BUMPED and the panel one push back, while the canvas
    still drew that push faint and labelled it "skipped", as the rule would (found by hand)."""
    driver = drive("chain-seams")
    driver.click("Over the edge")
    driver.frame()
    assert "skipped" in [call[2] for call in driver.painter.of("text")]
    driver.session.set_setting("rule", False)
    driver.frame()
    assert driver.scene.reported.verdict.text == "BUMPED"
    texts = [call[2] for call in driver.painter.of("text")]
    assert "skipped" not in texts and "bump" in texts, texts


def test_the_panel_counts_the_segments_pushing_back(drive):
    """The figure numbers no segment, so the panel says how many push back, not which: it read
    "segments pushing back ()" and "(2)" (issue 34's look)."""
    driver = drive("chain-seams")
    driver.click("Just past a seam")
    driver.session.set_setting("rule", False)
    facts = {fact.name: fact.text() for fact in driver.scene.reported.facts}
    assert (facts["bumps"], facts["naive_bumps"]) == ("1", "1")
    driver.session.set_setting("rule", True)
    facts = {fact.name: fact.text() for fact in driver.scene.reported.facts}
    assert (facts["bumps"], facts["naive_bumps"]) == ("0", "1")


def test_dragging_b_along_the_floor_without_the_rule_bumps_at_every_seam(drive):
    driver = drive("chain-seams")
    driver.session.set_setting("rule", False)
    seams = set()
    for x in range(-250, 140, 4):
        driver.scene.shapes["B"].position = (float(x), 37.0)
        driver.scene.invalidate()
        if driver.scene.result.bumped:
            seams.add(min((120, 20, -80, -180), key=lambda s: abs(s - (x + 40))))
    assert seams == {120, 20, -80, -180}
    driver.session.set_setting("rule", True)
    for x in range(-250, 140, 4):
        driver.scene.shapes["B"].position = (float(x), 37.0)
        driver.scene.invalidate()
        assert not driver.scene.result.bumped, x
