"""Where the mover's and chain-seams' names go, as a class doing the lessons by hand saw them
(issue 34, /work/wt/look/byhand.md D12, D13, D14): each name next to what it names, not on
something else it could be read as naming."""

import math
from pathlib import Path

import pytest
import shapely

from sandbox.app import walkthrough
from sandbox.kit.labels import segment_meets_box, text_box
from test_mover_scenes import capsule_geometry


def placed(driver, string):
    """The world box of every label ``string`` the last frame drew, as placed."""
    view = driver.scene.view
    return [text_box(at, string, size, view.pixel, view.text_scale, anchor)
            for _, at, text, _, size, anchor in driver.painter.of("text") if text == string]


def gap(box, start, end):
    """How far the box lies from the segment, in world units (0 where they meet)."""
    low, high = 0.0, max(box[2] - box[0], box[3] - box[1]) + math.dist(start, end) + 1e3
    for _ in range(40):  # the least pad at which they meet, by halving
        middle = (low + high) / 2
        low, high = (low, middle) if segment_meets_box(start, end, box, middle) else (middle, high)
    return high


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1280, 720), 2.0), ((1920, 1080), 3.0)])
def test_bump_names_the_backward_arrow_not_the_push_up_beside_it(drive, size, scale):
    """Just past a seam with the rule off, "bump" sat beside the upward push at B's left edge,
    next to the backward arrow's tip: a student read the up-arrow as the bump (D13)."""
    driver = drive("chain-seams", size=size)
    driver.session.set_font_scale(scale)
    driver.click("Just past a seam")
    driver.session.set_setting("rule", False)
    driver.frame()
    pushes = [call for call in driver.painter.of("arrow") if call[4] == 3 and call[1] != call[2]]
    back = [call for call in pushes if call[2][0] < call[1][0] - 1]
    up = [call for call in pushes if call not in back]
    assert len(back) == 1 and up, pushes
    (box,) = placed(driver, "bump")
    height = box[3] - box[1]
    to_back = gap(box, back[0][1], back[0][2])
    assert to_back <= height, "the name stands off its arrow"
    # Beside the arrow's length, not out past its tip, and nearer it than any other push.
    (start, tip) = back[0][1:3]
    assert tip[0] < (box[0] + box[2]) / 2 < start[0], (box, back)
    for call in up:
        assert gap(box, call[1], call[2]) > to_back, (box, call)


LESSON = Path(__file__).resolve().parents[2] / "walkthroughs" / "why-characters-get-stuck.toml"


def capsules_drawn(scene):
    """GEOS: every capsule the mover draws: where it starts, each pass's faint one, where it ends."""
    start, result = scene.points["start"], scene.result
    places = [(0.0, 0.0), *(step.start for step in result.slid.iterations), result.achieved]
    return [capsule_geometry((start.x + dx, start.y + dy)) for dx, dy in places]


@pytest.mark.parametrize("size, scale, panel, how", [
    ((1280, 720), 1.0, True, "step 7"), ((1280, 720), 1.0, True, "Along the floor"),
    ((1920, 1080), 2.0, False, "step 7"), ((1920, 1080), 2.0, False, "Along the floor"),
    ((1280, 720), 2.0, True, "step 7"), ((1280, 720), 2.0, True, "Along the floor"),
    ((1280, 720), 1.0, True, "W"), ((1920, 1080), 2.0, False, "W"),
])
def test_the_kerb_is_named_beside_it_clear_of_the_capsules(drive, size, scale, panel, how):
    """The kerb's name was put under the floor line, inside the tile there, or on the passes'
    faint capsules (D12): lesson step 7, after Along the floor, at 1920x1080 2x and with the
    panel opened at --present."""
    driver = drive(size=size, walkthrough=walkthrough.load(LESSON))
    driver.session.player.go(4 if how == "Along the floor" else 6)
    driver.session.set_font_scale(scale)
    driver.session.show_panel = panel
    driver.session.refresh()
    if how == "W":
        driver.tap("W")  # from step 7's pose: it starts on the kerb
    elif how != "step 7":
        driver.click(how)
    driver.frame()
    scene = driver.scene
    (box,) = placed(driver, "kerb")
    kerb = scene.shapes["kerb"].aabb()
    label = shapely.box(*box)
    assert box[1] >= kerb[1], "under the floor line"
    for capsule in capsules_drawn(scene):
        assert not label.intersects(capsule), "on a capsule"
    planes = [call for call in driver.painter.of("segment") if call[3] == driver.session.theme.text and call[4] == 2]
    for call in planes:
        assert not label.intersects(shapely.LineString([call[1], call[2]])), "on a plane's line"
    # Beside the kerb: within a label's height of it, or joined to it by a leader line from
    # the kerb to within a few pixels of the name.
    near = label.distance(shapely.box(*kerb)) <= box[3] - box[1]
    pixel = scene.view.pixel
    leaders = [shapely.LineString([call[1], call[2]]) for call in driver.painter.of("segment") if call[3] == driver.session.theme.shape("kerb")]
    joined = any(line.distance(label) <= 6 * pixel and line.distance(shapely.box(*kerb)) <= 1e-6 for line in leaders)
    assert near or joined, (box, kerb)
