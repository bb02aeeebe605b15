"""Walkthroughs: loading and refusing bad files, running them with keys, exporting handouts."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from collision import project
from sandbox.app import keys
from sandbox.app import handout
from sandbox.app import walkthrough
from sandbox.app.walkthrough import WalkthroughError

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "walkthroughs").glob("*.toml"))


def write(tmp_path, text):
    path = tmp_path / "lesson.toml"
    path.write_text(text)
    return path


TWO_STEPS = """
title = "Two steps"
[[steps]]
scene = "box-box"
caption = "First"
[[steps]]
scene = "box-box"
caption = "Second: B moves onto A"
animate = 1.0
shapes = { B = { position = [-250, 0], angle = 55 } }
"""


def test_the_shipped_walkthroughs_load():
    lessons = {path.stem: walkthrough.load(path) for path in SHIPPED}
    assert set(lessons) == {
        "sat-from-scratch", "why-quadtrees", "circles-tiles-points", "from-sat-to-gjk", "fast-objects-and-broad-phases",
        "vectors-and-the-dot-product", "any-convex-polygon", "collision-response",
        "where-do-they-touch", "rays-casts-and-time-of-impact", "reading-the-code", "why-characters-get-stuck",
    }
    assert {step.scene for step in lessons["where-do-they-touch"].steps} == {"contact-points", "capsules", "tile-seams"}
    assert {step.scene for step in lessons["rays-casts-and-time-of-impact"].steps} == {"ray-cast", "time-of-impact"}
    for name in ("where-do-they-touch", "rays-casts-and-time-of-impact"):
        assert sum(bool(step.question) for step in lessons[name].steps) >= 3, name
    assert 8 <= len(lessons["from-sat-to-gjk"].steps) <= 12
    assert [step.scene for step in lessons["from-sat-to-gjk"].steps][:2] == ["box-box", "minkowski"]
    assert 8 <= len(lessons["circles-tiles-points"].steps) <= 14
    assert {step.scene for step in lessons["circles-tiles-points"].steps} >= {
        "voronoi-regions", "aabb-triangle", "round-tiles", "point-queries", "box-circle"
    }
    assert 12 <= len(lessons["sat-from-scratch"].steps) <= 20
    scenes = [step.scene for step in lessons["sat-from-scratch"].steps]
    assert sorted(set(scenes), key=scenes.index) == ["projection", "min-max-corners", "box-box", "hex-triangle", "box-circle"]
    assert {step.scene for step in lessons["why-quadtrees"].steps} == {"quadtree"}
    assert 8 <= len(lessons["fast-objects-and-broad-phases"].steps) <= 14
    scenes = [step.scene for step in lessons["fast-objects-and-broad-phases"].steps]
    assert sorted(set(scenes), key=scenes.index) == ["fast-moving", "grid-broadphase", "quadtree", "dynamic-tree"]


@pytest.mark.parametrize(
    "text, message",
    [
        ('title = "x"\n[[steps]]\nscene = "nope"\ncaption = "c"', "step 1: scene 'nope' does not exist"),
        ('title = "x"\n[[steps]]\nscene = "box-box"', "step 1: caption must be the text"),
        ('title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\n[[steps]]\nscene = "box-box"\ncaption = "d"\nshapes = { B = { position = [1] } }', "step 2: shapes.B.position must be [x, y]"),
        ('title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\nshapes = { C = { position = [1, 2] } }', "step 1: shapes.C is not a shape of this scene"),
        ('title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\ncolour = "red"', "step 1: colour is not a step field"),
        ('title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\nanimate = -1', "step 1: animate must be a number of seconds"),
        ('title = "x"\n[[steps]]\nscene = "hex-triangle"\ncaption = "c"\nsettings = { sides_a = 2 }', "step 1: settings.sides_a must be from 3 to 600, got 2"),
        ('title = "x"\n[[steps]]\nscene = "projection"\ncaption = "c"\nhandles = { P = [1] }', "step 1: handles.P must be [x, y]"),
        ('title = "x"', "it needs at least one [[steps]] table"),
        ('title = ', "is not valid TOML"),
    ],
)
def test_a_bad_walkthrough_names_the_file_step_and_field(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(WalkthroughError) as caught:
        walkthrough.load(path)
    assert str(path) in str(caught.value) and message in str(caught.value)


def test_a_bad_walkthrough_starts_nothing(tmp_path):
    path = write(tmp_path, 'title = "x"\n[[steps]]\nscene = "nope"\ncaption = "c"')
    done = subprocess.run(
        [sys.executable, "sandbox.py", "--walkthrough", str(path), "--export", str(tmp_path / "out")],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 2 and "step 1: scene 'nope'" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_keys_step_through_a_walkthrough(drive, tmp_path):
    lesson = walkthrough.load(ROOT / "walkthroughs" / "sat-from-scratch.toml")  # no question in its first steps
    driver = drive(walkthrough=lesson)
    session = driver.session
    for symbol, expected in [("RIGHT", 1), ("SPACE", 2), ("PAGEDOWN", 3), ("LEFT", 2), ("PAGEUP", 1)]:
        driver.tap(symbol)
        assert session.player.index == expected
        assert session.scene.id == lesson.steps[expected].scene
    driver.tap("PAGEUP")
    driver.tap("PAGEUP")
    assert session.player.index == 0  # stays at the first step


def test_a_revisited_step_gets_its_layout_back(drive, tmp_path):
    driver = drive(walkthrough=walkthrough.load(write(tmp_path, TWO_STEPS)))
    b = driver.scene.shapes["B"]
    start = tuple(b.position)
    driver.drag(start, (100, -100))
    driver.tap("RIGHT")
    driver.tap("LEFT")
    assert tuple(driver.scene.shapes["B"].position) == pytest.approx(start)


def test_a_step_animates_from_the_last_pose(drive, tmp_path):
    lesson = walkthrough.load(write(tmp_path, TWO_STEPS))
    driver = drive(walkthrough=lesson)
    start = tuple(driver.scene.shapes["B"].position)
    driver.tap("RIGHT")
    b = driver.scene.shapes["B"]
    assert tuple(b.position) == pytest.approx(start)  # the motion starts where the last step was
    driver.frame(0.5)
    middle = tuple(b.position)
    assert middle == pytest.approx(((start[0] - 250) / 2, (start[1] + 0) / 2))
    # The numbers follow the poses as they move, not only at the end.
    assert driver.scene.result.sat.axes[0].b == project(b, driver.scene.result.sat.axes[0].axis)
    driver.frame(0.5)
    assert tuple(b.position) == pytest.approx((-250, 0))
    assert driver.scene.result.sat.colliding


def test_tab_during_a_walkthrough_keeps_its_scene_and_says_why(drive, tmp_path):
    """Tab goes round the step's shapes and actions; past the last (or Shift+Tab with nothing
    focused) it stays in the step, where another scene would come next outside a walkthrough."""
    lesson = walkthrough.load(write(tmp_path, TWO_STEPS))
    driver = drive(walkthrough=lesson)
    driver.tap("RIGHT")  # mid-animation, as the old KeyError needed
    scene = driver.scene
    stops = len(scene.shapes) + len(scene.points) + len(scene.actions)
    for modifiers, taps in ((keys.NONE, stops + 1), (keys.SHIFT, 1)):
        for _ in range(taps):
            driver.tap("TAB", modifiers)
            driver.frame()
        assert driver.scene.id == "box-box" and driver.session.player.index == 1
        assert driver.session.focus is None
        assert "Tab stays in a walkthrough's step" in driver.session.status
    for _ in range(70):
        driver.frame()
    assert tuple(driver.scene.shapes["B"].position) == pytest.approx((-250, 0))


def test_space_is_next_in_a_walkthrough_and_p_pauses(drive, tmp_path):
    lesson = walkthrough.load(ROOT / "walkthroughs" / "why-quadtrees.toml")
    driver = drive(walkthrough=lesson)
    assert driver.session.paused and "P lets it run" in driver.session.status  # an animated step opens held still
    driver.tap("P")
    assert not driver.session.paused and driver.session.player.index == 0
    driver.tap("P")
    assert driver.session.paused
    driver.tap("SPACE")
    assert driver.session.player.index == 1


def test_export_refuses_to_overwrite_a_file_it_did_not_write(tmp_path):
    lesson = walkthrough.load(write(tmp_path, TWO_STEPS))
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").write_text("someone's page")
    with pytest.raises(handout.HandoutError, match="index.html exists and is not from an earlier export"):
        handout.export(lesson, out)
    assert (out / "index.html").read_text() == "someone's page"
    assert not (out / "step-01.png").exists()


def test_export_writes_pictures_numbers_and_a_page_and_may_redo_its_own(tmp_path):
    lesson = walkthrough.load(write(tmp_path, TWO_STEPS))
    out = tmp_path / "out"
    handout.export(lesson, out)
    handout.export(lesson, out)  # its own output: no complaint
    names = sorted(p.name for p in out.iterdir())
    assert names == [".handout.json", "index.html", "lesson.html", "step-01.json", "step-01.png", "step-01.svg",
                     "step-02.json", "step-02.png", "step-02.svg", "teacher.html"]
    second = json.loads((out / "step-02.json").read_text())
    assert second["caption"] == "Second: B moves onto A" and second["numbers"]["verdict"] == "colliding"
    page = (out / "index.html").read_text()
    assert "<h1>Two steps</h1>" in page and 'src="step-02.svg"' in page and "Second: B moves onto A" in page


def test_a_step_can_take_its_layout_from_a_file_beside_it(tmp_path):
    (tmp_path / "crossed.json").write_text(json.dumps({
        "scene": "box-box",
        "shapes": {"A": {"kind": "box", "position": [-300, 0], "angle": 0}, "B": {"kind": "box", "position": [-250, 30], "angle": 90}},
    }))
    lesson = walkthrough.load(write(tmp_path, 'title = "x"\n[[steps]]\nscene = "box-box"\ncaption = "c"\nlayout = "crossed.json"\nshapes = { B = { angle = 45 } }'))
    shapes = lesson.steps[0].layout["shapes"]
    assert shapes["A"]["position"] == [-300, 0] and shapes["B"]["position"] == [-250, 30]
    assert shapes["B"]["angle"] == pytest.approx(45)  # the step's own pose wins over the file's
    wrong = write(tmp_path, 'title = "x"\n[[steps]]\nscene = "quadtree"\ncaption = "c"\nlayout = "crossed.json"')
    with pytest.raises(WalkthroughError, match='step 1: scene is "box-box" but this is the "quadtree" scene'):
        walkthrough.load(wrong)
