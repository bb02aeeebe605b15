"""Layouts saved by earlier versions of main keep opening (issue 22, case 2, and the format
version). ``old_layouts/`` holds files those versions wrote: every scene's Ctrl+S at its
defaults in each commit that changed a scene, a layout or the kit (named commit-scene.json,
one of each distinct file), and the settings the issue names saved through the old code
itself (commit-scene-what.json)."""

import json
from pathlib import Path

import pytest

from command import assert_refused, main, run, snapshot
from sandbox.app import layout, migrations
from sandbox.app.session import Session

OLD = sorted((Path(__file__).parent / "old_layouts").glob("*.json"))


def test_there_are_old_layouts_of_every_kind_the_issue_names():
    names = {path.stem for path in OLD}
    assert {"a9fa3c5-quadtree-focus-150-levels-8", "35e8fe9-box-box", "a9fa3c5-projection-handle-moved"} <= names
    assert len(OLD) >= 30


@pytest.mark.parametrize("path", OLD, ids=[path.stem for path in OLD])
def test_a_layout_an_earlier_version_saved_opens(path):
    session = Session(layout_path=path)
    session.refresh()
    saved = layout.capture(session.scene, session.camera)
    assert saved["format"] == migrations.FORMAT
    # What it says is kept, in today's words: the poses exactly.
    old = json.loads(path.read_text())
    for name, entry in old["shapes"].items():
        assert saved["shapes"][name]["position"] == pytest.approx(entry["position"])


def test_old_settings_mean_what_they_meant():
    def settings(stem):
        session = Session(layout_path=next(p for p in OLD if p.stem == stem))
        return session.scene.settings, session.scene.points

    quadtree, _ = settings("a9fa3c5-quadtree-focus-150-levels-8")
    assert (quadtree["focus"], quadtree["max_levels"]) == (150, 6)
    hexes, _ = settings("a9fa3c5-hex-triangle-sides-64-page-100")
    assert (hexes["sides_a"], hexes["sides_b"], hexes["page"]) == (64, 64, 100)
    assert settings("35e8fe9-box-box")[0]["page"] == -1
    assert settings("a9fa3c5-projection-handle-moved")[1]["P"] == (100.0, 20.0)
    assert settings("36809ed-grid-broadphase-cell-3.5")[0]["cell"] == 2.0
    minkowski, _ = settings("0a6e493-minkowski-box-circle")
    assert (minkowski["kind_a"], minkowski["kind_b"]) == ("box", "circle") and "pair" not in minkowski


def test_an_old_layout_opens_from_the_command_line_and_is_left_as_it_was(tmp_path):
    path = tmp_path / "quadtree.json"
    path.write_bytes(next(p for p in OLD if p.stem == "a9fa3c5-quadtree-focus-150-levels-8").read_bytes())
    before = snapshot(tmp_path)
    done = run("--layout", path, "--screenshot", tmp_path / "out.png", "--size", "400x300")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert {k: v for k, v in snapshot(tmp_path).items() if not k.endswith("out.png")} == before


def test_a_layout_of_a_newer_format_is_refused_in_one_line(tmp_path):
    path = tmp_path / "new.json"
    path.write_text(json.dumps({"format": migrations.FORMAT + 1, "scene": "box-box", "wormholes": {}}))
    before = snapshot(tmp_path)
    done = main("--layout", path, "--screenshot", tmp_path / "out.png")
    assert_refused(done, path, "newer version", f"format {migrations.FORMAT + 1}")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("value", ["2", 0, 1.5, True])
def test_a_format_that_is_not_a_version_is_named(tmp_path, value):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"format": value, "scene": "box-box"}))
    assert_refused(main("--layout", path, "--screenshot", tmp_path / "out.png"), path, "format")


def test_a_lesson_of_an_earlier_format_says_its_settings_in_todays_words(tmp_path):
    path = tmp_path / "lesson.toml"
    path.write_text('title = "Old"\n[[steps]]\nscene = "quadtree"\ncaption = "One"\nsettings = { focus = "7", max_levels = 8 }\n'
                    '[[steps]]\nscene = "projection"\ncaption = "Two"\nsettings = { handle = [100, 20] }\n')
    from sandbox.app import walkthrough

    lesson = walkthrough.load(path)
    assert lesson.steps[0].layout["settings"]["focus"] == 7 and lesson.steps[0].layout["settings"]["max_levels"] == 6
    assert lesson.steps[1].layout["handles"]["P"] == [100.0, 20.0]


def test_a_lesson_of_a_newer_format_is_refused_in_one_line(tmp_path):
    path = tmp_path / "lesson.toml"
    path.write_text(f'title = "New"\nformat = {migrations.FORMAT + 1}\n[[steps]]\nscene = "box-box"\ncaption = "One"\n')
    assert_refused(main("--walkthrough", path, "--export", tmp_path / "out"), path, "newer version")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("focus", ["²", "١٢", "1e3", "-3"])
def test_an_old_quadtree_focus_that_is_not_plain_digits_is_refused_naming_the_field(tmp_path, focus):
    # "²".isdigit() is true but int("²") raises: the migration took it for a number (issue 35, case 5).
    path = tmp_path / "quadtree.json"
    old = json.loads(next(p for p in OLD if p.stem == "a9fa3c5-quadtree-focus-150-levels-8").read_text())
    old["settings"]["focus"] = focus
    path.write_text(json.dumps(old))
    done = main("--layout", path, "--screenshot", tmp_path / "out.png", "--size", "400x300")
    assert_refused(done, path, "focus")
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "out.png").exists()
