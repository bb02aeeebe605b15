"""A - B stays in its own half of the minkowski scene (issue 34, byhand D21: with B pulled clear
to the right, A - B was drawn across the divider into "A and B, SAT", over S's strip)."""

import pytest

from scenes.minkowski import SPLIT
from sandbox.kit.labels import text_box
from sandbox.kit.theme import faded


@pytest.mark.parametrize("kind_b", ["box", "circle", "capsule"])
@pytest.mark.parametrize("place, steps", [((-120.0, 15.0), True), ((-60.0, -150.0), True), ((-120.0, 15.0), False)])
def test_nothing_of_a_minus_b_is_drawn_in_the_sat_half(drive, kind_b, place, steps):
    driver = drive("minkowski")
    driver.session.set_setting("kind_b", kind_b)
    driver.session.set_setting("steps", steps)
    driver.scene.shapes["B"].position = place
    driver.session.refresh()
    driver.frame()
    theme = driver.session.theme
    assert min(x for x, _ in driver.scene.result.difference) + 380 < SPLIT, "A - B reaches no further than its own half here"
    # A - B's outline and fill, the simplices, the polytope and the direction: the right half's colours.
    right = {theme.text, faded(theme.text, 35), theme.axis, faded(theme.axis, 40), faded(theme.axis, 90), faded(theme.axis, 30)}
    drawn = [(call[0], call[1:3] if call[0] in ("segment", "arrow") else call[1] if call[0] == "polygon" else (call[1],))
             for call in driver.painter.calls if call[0] in ("polygon", "segment", "arrow", "point") and set(call) & right]
    assert drawn
    for kind, points in drawn:
        assert all(x >= SPLIT - 1e-9 for x, _ in points), (kind, points)
    view = driver.scene.view
    for _, at, text, _, size, anchor in driver.painter.of("text"):
        if text == "A - B":
            assert text_box(at, text, size, view.pixel, view.text_scale, anchor)[0] >= SPLIT
