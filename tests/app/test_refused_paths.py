"""Paths the command line must refuse in one line: where to write a screenshot or a handout,
which layout to read, and no display to open a window on (issue 9, items 4, 9 and 10)."""

import json
import os
from pathlib import Path

import pytest

from command import assert_refused, main, run, snapshot

ONE_STEP = 'title = "One step"\n[[steps]]\nscene = "box-box"\ncaption = "Only P separates them."\n'


@pytest.fixture
def unwritable(tmp_path):
    """A folder this process cannot create files in: as root, chmod does not stop us, so a
    folder in sysfs, which refuses everyone."""
    if os.geteuid() == 0:
        return Path("/sys/kernel")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.fixture
def lesson(tmp_path):
    path = tmp_path / "lesson.toml"
    path.write_text(ONE_STEP)
    return path


def a_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("a teacher's notes\n")
    return path


@pytest.mark.parametrize(
    "where, named",
    [
        (lambda tmp: a_file(tmp), "notes.txt"),
        (lambda tmp: a_file(tmp) / "handout", "notes.txt"),
    ],
    ids=["a file", "below a file"],
)
def test_export_into_a_file_or_below_one_is_refused(tmp_path, lesson, where, named):
    target = where(tmp_path)
    before = snapshot(tmp_path)
    done = main("--walkthrough", lesson, "--export", target)
    assert_refused(done, named)
    assert snapshot(tmp_path) == before


def test_export_into_an_unwritable_folder_is_refused(tmp_path, lesson, unwritable):
    before = snapshot(tmp_path)
    done = main("--walkthrough", lesson, "--export", unwritable / "handout")
    assert_refused(done, unwritable / "handout")
    assert snapshot(tmp_path) == before
    assert not (unwritable / "handout").exists()


@pytest.mark.parametrize(
    "where, named",
    [
        (lambda tmp: tmp, "tmp"),
        (lambda tmp: a_file(tmp) / "shot.png", "notes.txt"),
        (lambda tmp: "", '""'),
    ],
    ids=["a folder", "below a file", "empty"],
)
def test_a_screenshot_at_a_folder_below_a_file_or_nowhere_is_refused(tmp_path, where, named):
    target = where(tmp_path)
    before = snapshot(tmp_path)
    done = main("--scene", "box-box", "--screenshot", target)
    assert_refused(done, str(tmp_path) if named == "tmp" else named)
    assert snapshot(tmp_path) == before


def test_a_screenshot_into_an_unwritable_folder_is_refused(tmp_path, unwritable):
    done = run("--scene", "box-box", "--screenshot", unwritable / "shot.png")
    assert_refused(done, unwritable / "shot.png")
    assert not (unwritable / "shot.png").exists()


def test_a_display_with_no_server_is_one_line():
    done = run("--scene", "box-box", env={**os.environ, "DISPLAY": ":987"})
    assert_refused(done, ":987")
    assert "--screenshot" in done.stderr


@pytest.mark.parametrize("kind", ["fifo", "folder", "/dev/zero", "too large"])
def test_layout_reads_regular_files_of_at_most_a_mebibyte(tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "lesson.json"
        os.mkfifo(path)
    elif kind == "folder":
        path = tmp_path / "lesson.json"
        path.mkdir()
    elif kind == "/dev/zero":
        path = Path("/dev/zero")
    else:
        # A good layout, padded with blanks past the limit.
        path = tmp_path / "lesson.json"
        path.write_text(json.dumps({"scene": "box-box"}) + " " * (1 << 20))
    before = snapshot(tmp_path)
    done = run("--layout", path, "--screenshot", tmp_path / "out.png", timeout=60)
    assert_refused(done, path)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "text, problem",
    [
        ("[" * 100000, "nested too deeply"),
        ('{"scene": "box-box", "shapes": {"A": {"kind": "box", "position": [1' + "0" * 400 + ", 0]}}}", "shapes.A.position[0]"),
        ('{"scene": "box-box", "shapes": {"A": {"kind": "box", "position": [0, 1' + "0" * 5000 + "]}}}", "shapes.A.position[1]"),
        ('{"scene": "box-box", "view": {"zoom": -1' + "0" * 400 + "}}", "view.zoom"),
    ],
    ids=["deep", "401 digits", "5001 digits", "negative"],
)
def test_numbers_and_nesting_json_cannot_hold_are_one_line(tmp_path, text, problem):
    path = tmp_path / "lesson.json"
    path.write_text(text)
    before = snapshot(tmp_path)
    done = main("--layout", path, "--screenshot", tmp_path / "out.png")
    assert_refused(done, path, problem)
    assert snapshot(tmp_path) == before
