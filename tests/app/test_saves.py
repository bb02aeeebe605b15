"""Saving layouts and pictures: through links, never over a folder, device or FIFO, with the
modes a user expects, and cleaning up after a killed save (issue 9, items 2, 3 and 6)."""

import errno
import json
import os
import stat

import numpy as np
import pytest

from command import assert_refused, main, run, snapshot
from driver import Driver
from sandbox.app import files
from sandbox.app import layout
from sandbox.app.window import png
from sandbox.app.session import Session

LAYOUT = {"scene": "box-box", "shapes": {}, "settings": {}}
OLD = b'{"scene": "polygons"}\n'
"""A file a save may replace: a layout saves only over a layout."""


@pytest.fixture(autouse=True)
def umask():
    """A known umask: new files are then 0644."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def picture():
    return np.full((4, 6, 4), 200, dtype=np.uint8)


@pytest.mark.parametrize("save", [lambda p: layout.save(LAYOUT, p), lambda p: png.write(picture(), p)], ids=["layout", "png"])
def test_a_save_through_a_link_writes_its_target_and_keeps_the_link(tmp_path, save):
    (tmp_path / "shared").mkdir()
    target = tmp_path / "shared" / "real"
    target.write_bytes(OLD)
    link = tmp_path / "link"
    link.symlink_to("shared/real")
    save(link)
    assert link.is_symlink() and os.readlink(link) == "shared/real"
    assert target.read_bytes() != OLD
    assert sorted(os.listdir(tmp_path)) == ["link", "shared"] and os.listdir(tmp_path / "shared") == ["real"]


def test_ctrl_s_through_a_linked_layout_keeps_the_link(tmp_path):
    start = Session("box-box")
    layout.save(layout.capture(start.scene, start.camera), tmp_path / "real.json")
    (tmp_path / "lesson.json").symlink_to("real.json")
    driver = Driver(None, tmp_path / "lesson.json")
    try:
        driver.drag(driver.scene.shapes["B"].position, (0, -40))
        driver.session.input.save_layout()
    finally:
        driver.close()
    assert (tmp_path / "lesson.json").is_symlink()
    assert json.loads((tmp_path / "real.json").read_text())["shapes"]["B"]["position"] == pytest.approx([0, -40])


@pytest.mark.parametrize("kind", ["folder", "fifo", "link to a folder"])
@pytest.mark.parametrize("save", [lambda p: layout.save(LAYOUT, p), lambda p: png.write(picture(), p)], ids=["layout", "png"])
def test_a_save_refuses_what_is_not_a_regular_file(tmp_path, save, kind):
    path = tmp_path / "target"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        (tmp_path / "folder").mkdir()
        path.symlink_to("folder")
    before = snapshot(tmp_path)
    with pytest.raises(files.FileError, match="target: it is a (folder|FIFO)") as caught:
        save(path)
    assert "\n" not in str(caught.value)
    assert snapshot(tmp_path) == before


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can make a device node")
def test_a_screenshot_never_replaces_a_device_node(tmp_path):
    node = tmp_path / "shot.png"
    os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    before = snapshot(tmp_path)
    done = run("--scene", "box-box", "--screenshot", node)
    assert_refused(done, node, "device")
    assert snapshot(tmp_path) == before and stat.S_ISCHR(os.lstat(node).st_mode)


@pytest.mark.parametrize("save", [lambda p: layout.save(LAYOUT, p), lambda p: png.write(picture(), p)], ids=["layout", "png"])
def test_new_files_follow_the_umask_and_replaced_files_keep_their_mode(tmp_path, save):
    save(tmp_path / "new")
    assert mode(tmp_path / "new") == 0o644
    (tmp_path / "kept").write_bytes(OLD)
    (tmp_path / "kept").chmod(0o640)
    save(tmp_path / "kept")
    assert mode(tmp_path / "kept") == 0o640 and (tmp_path / "kept").read_bytes() != OLD


def test_a_save_removes_no_file_it_did_not_write(tmp_path):
    """Files named like a save's temporary file belong to whoever wrote them: a teacher, or
    another process saving the same file at that moment (issue 22, case 1)."""
    theirs = [".lesson.json.k2x_9q0a.tmp", ".lesson.json.zzzzzzzz.tmp", ".other.json.k2x_9q0a.tmp", "lesson.json.k2x_9q0a.tmp"]
    for name in theirs:
        (tmp_path / name).write_text("{")
    layout.save(LAYOUT, tmp_path / "lesson.json")
    assert sorted(os.listdir(tmp_path)) == sorted(theirs + ["lesson.json"])


def test_an_export_keeps_a_teachers_file_named_like_a_temporary_one(tmp_path):
    out = tmp_path / "handout"
    out.mkdir()
    (out / ".index.html.abcdefgh.tmp").write_text("my notes\n")
    lesson = tmp_path / "lesson.toml"
    lesson.write_text('title = "Saves"\n[[steps]]\nscene = "box-box"\ncaption = "Two boxes."\n')
    done = main("--walkthrough", lesson, "--export", out, "--size", "400x300")
    assert done.returncode == 0, done.stderr
    assert (out / "index.html").exists()
    assert (out / ".index.html.abcdefgh.tmp").read_text() == "my notes\n"


def test_a_full_disk_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "lesson.json"
    path.write_bytes(OLD)

    def full(handle):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(files.FileError, match="lesson.json: the disk is full; free some space and try again"):
        layout.save(LAYOUT, path)
    assert path.read_bytes() == OLD and os.listdir(tmp_path) == ["lesson.json"]


def test_f12_into_a_screenshots_file_is_one_line(tmp_path):
    """F12 writes screenshots/<scene>-<time>.png: a file named screenshots is in the way."""
    (tmp_path / "screenshots").write_text("not a folder\n")
    before = snapshot(tmp_path)
    with pytest.raises(files.FileError) as caught:
        png.write(picture(), tmp_path / "screenshots" / "box-box.png")
    message = str(caught.value)
    assert "\n" not in message and "screenshots" in message and "is a file, not a folder" in message
    assert caught.value.strerror in message and isinstance(caught.value, OSError)
    assert snapshot(tmp_path) == before
