"""The quadtree's pair facts against pairs listed one by one (byhand3 D21 and why-quadtrees
step 7): a broad phase built on the tip's retrieve pairs object i with j when either one's
retrieve returns the other (Quadtree.candidate_pairs' definition). Listed so, the pairs give the
objects the focused one is paired with (a straddler: everything below it too, which its own
retrieve never returns) and the pairs with a straddler in them."""

import itertools

import pytest

from collision import Quadtree
from scenes.quadtree import WORLD


def listed_pairs(scene):
    """Every candidate pair, from each object's retrieve on a tree built alike."""
    boxes = scene.boxes()
    tree = Quadtree(WORLD, scene.settings["max_objects"], scene.settings["max_levels"], "children" if scene.settings["variant"] else "parent")
    tree.insert_many(range(len(boxes)), boxes)
    return {frozenset((i, j)) for i in range(len(boxes)) for j in tree.retrieve_tip(boxes[i].tolist()) if j != i}


@pytest.mark.parametrize("variant", [False, True])
@pytest.mark.parametrize("count, max_objects, max_levels", [(40, 4, 3), (120, 3, 5), (60, 10, 0)])
def test_the_pairs_a_straddler_is_in_and_a_focused_objects_partners(drive, variant, count, max_objects, max_levels):
    driver = drive("quadtree")
    session, scene = driver.session, driver.scene
    for name, value in (("count", count), ("max_objects", max_objects), ("max_levels", max_levels), ("variant", variant)):
        session.set_setting(name, value)
    driver.tap("P")  # paused: the objects hold still while one after another is focused
    driver.frame()
    pairs = listed_pairs(scene)
    frame = scene.result
    assert len(pairs) == frame.candidate_pairs  # the listing is the tree's own count
    straddling = set(frame.straddlers.tolist())
    assert frame.straddler_pairs == sum(1 for pair in pairs if pair & straddling)
    facts = {fact.name: fact.value for fact in scene.reported.facts}
    assert facts["straddler_pairs"] == frame.straddler_pairs
    for focus in itertools.islice(itertools.chain(sorted(straddling), range(count)), 12):
        session.set_setting("focus", focus)
        driver.frame()
        facts = {fact.name: fact.value for fact in scene.reported.facts}
        assert scene.result.focus == focus and facts["paired"] == sum(1 for pair in pairs if focus in pair), focus
