"""A walkthrough reads only layout files in its own folder, and names the step and field of
a step that is not a table or a scene that is not a name (issue 9, items 4 and 11)."""

import os

import pytest

from command import assert_refused, main, run, snapshot
from sandbox.app import walkthrough

LAYOUT = '{"scene": "box-box", "shapes": {}}'


def lesson(folder, step):
    path = folder / "lesson.toml"
    path.write_text(f'title = "Lesson"\n[[steps]]\nscene = "box-box"\ncaption = "One"\n\n[[steps]]\n{step}\n')
    return path


@pytest.mark.parametrize(
    "reference",
    ["../outside.json", "../../../../../../../../etc/passwd", "/etc/hostname", "escape.json"],
    ids=["parent", "passwd", "absolute", "symlink out"],
)
def test_a_step_layout_must_lie_in_the_walkthroughs_folder(tmp_path, reference):
    folder = tmp_path / "lessons"
    folder.mkdir()
    (tmp_path / "outside.json").write_text(LAYOUT)
    (folder / "escape.json").symlink_to(tmp_path / "outside.json")
    path = lesson(folder, f'scene = "box-box"\ncaption = "Two"\nlayout = "{reference}"')
    before = snapshot(tmp_path)
    done = main("--walkthrough", path, "--screenshot", tmp_path / "out.png")
    assert_refused(done, path, "step 2", "layout", reference)
    assert "outside" in done.stderr or "relative" in done.stderr
    assert snapshot(tmp_path) == before


def test_a_step_layout_may_not_be_a_fifo(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    path = lesson(tmp_path, 'scene = "box-box"\ncaption = "Two"\nlayout = "pipe.json"')
    before = snapshot(tmp_path)
    done = run("--walkthrough", path, "--screenshot", tmp_path / "out.png", timeout=60)
    assert_refused(done, path, "step 2", "pipe.json")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "toml, named",
    [
        ('title = "Lesson"\nsteps = [1, 2]\n', ["step 1", "table"]),
        ('title = "Lesson"\n[[steps]]\nscene = ["box-box"]\ncaption = "One"\n', ["step 1", "scene"]),
        ('title = "Lesson"\n[[steps]]\nscene = 5\ncaption = "One"\n', ["step 1", "scene"]),
    ],
    ids=["steps of numbers", "scene a list", "scene a number"],
)
def test_a_step_of_the_wrong_type_is_named(tmp_path, toml, named):
    path = tmp_path / "lesson.toml"
    path.write_text(toml)
    before = snapshot(tmp_path)
    done = main("--walkthrough", path, "--screenshot", tmp_path / "out.png")
    assert_refused(done, path, *named)
    assert snapshot(tmp_path) == before


def test_a_walkthrough_must_be_a_regular_file(tmp_path):
    os.mkfifo(tmp_path / "lesson.toml")
    done = run("--walkthrough", tmp_path / "lesson.toml", "--screenshot", tmp_path / "out.png", timeout=60)
    assert_refused(done, tmp_path / "lesson.toml")
    assert not (tmp_path / "out.png").exists()


@pytest.mark.parametrize("reference", ["layouts/crossed.json", "./layouts/../layouts/crossed.json", "linked.json"])
def test_layouts_inside_the_folder_still_load(tmp_path, reference):
    """A subfolder, a path that steps out and back in, a link to a file in the folder."""
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "crossed.json").write_text(
        '{"scene": "box-box", "shapes": {"A": {"kind": "box", "position": [-300, 0], "angle": 0},'
        ' "B": {"kind": "box", "position": [-250, 30], "angle": 90}}}'
    )
    (tmp_path / "linked.json").symlink_to("layouts/crossed.json")
    path = lesson(tmp_path, f'scene = "box-box"\ncaption = "Two"\nlayout = "{reference}"')
    assert walkthrough.load(path).steps[1].layout["shapes"]["A"]["position"] == [-300, 0]


@pytest.mark.parametrize(
    "content, field",
    [
        ('"shapes": []', "shapes"),
        ('"shapes": {"A": 5}', "shapes.A"),
        ('"overlays": []', "overlays"),
        ('"settings": 3', "settings"),
    ],
)
def test_a_step_layout_with_the_wrong_containers_is_named(tmp_path, content, field):
    (tmp_path / "bad.json").write_text(f'{{"scene": "box-box", {content}}}')
    step = 'scene = "box-box"\ncaption = "Two"\nlayout = "bad.json"\noverlays = { guides = false }\nsettings = { page = 0 }'
    path = lesson(tmp_path, step)
    before = snapshot(tmp_path)
    done = main("--walkthrough", path, "--screenshot", tmp_path / "out.png")
    assert_refused(done, path, "step 2", "bad.json", f"{field} must be")
    assert snapshot(tmp_path) == before
