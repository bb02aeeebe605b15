"""Export writes only plain files inside its folder, keeps its manifest, moves its files in only
when all are written, and names a manifest it cannot use (issue 9, items 5, 6 and 9; issue 35, case 4)."""

import json
import signal
import subprocess
import sys
import time

import pytest

from command import ROOT, assert_refused, main, run, snapshot


def lesson(folder, steps):
    path = folder / f"lesson-{steps}.toml"
    path.write_text('title = "Lesson"\n' + "".join(f'[[steps]]\nscene = "box-box"\ncaption = "Step {n}"\n' for n in range(1, steps + 1)))
    return path


@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to a file"])
def test_a_link_in_the_folder_never_writes_outside_it(tmp_path, dangling):
    out, outside = tmp_path / "out", tmp_path / "outside"
    out.mkdir()
    outside.mkdir()
    if not dangling:
        (outside / "planted.json").write_text("{}\n")
    (out / "step-01.json").symlink_to("../outside/planted.json")
    path = lesson(tmp_path, 1)
    before = snapshot(tmp_path)
    done = main("--walkthrough", path, "--export", out)
    assert_refused(done, out / "step-01.json")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("manifest", [b"{oops", b"[]", b'{"files": 5}', b'{"files": [1]}', bytes(range(256))], ids=["oops", "list", "five", "numbers", "binary"])
def test_a_malformed_manifest_is_one_line(tmp_path, manifest):
    out = tmp_path / "out"
    out.mkdir()
    (out / ".handout.json").write_bytes(manifest)
    path = lesson(tmp_path, 1)
    before = snapshot(tmp_path)
    done = main("--walkthrough", path, "--export", out)
    assert_refused(done, out / ".handout.json")
    assert snapshot(tmp_path) == before


def test_exports_of_three_then_two_then_three_steps_share_a_folder(tmp_path):
    out = tmp_path / "out"
    for steps in (3, 2, 3):
        done = main("--walkthrough", lesson(tmp_path, steps), "--export", out)
        assert done.returncode == 0, done.stderr
    manifest = json.loads((out / ".handout.json").read_text())["files"]
    assert sorted(manifest) == sorted(p.name for p in out.iterdir() if p.name != ".handout.json")
    assert "Step 3" in (out / "index.html").read_text()


def test_an_export_killed_after_its_first_step_leaves_no_folder_and_can_be_rerun(tmp_path):
    out = tmp_path / "out"
    path = lesson(tmp_path, 3)
    export = subprocess.Popen([sys.executable, "sandbox.py", "--walkthrough", str(path), "--export", str(out)], cwd=ROOT)
    deadline = time.monotonic() + 60
    # The files are written aside, in the export's own temporary folder, until all are.
    while not list(tmp_path.glob(".out.export-*/step-01.json")) and export.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    export.send_signal(signal.SIGKILL)
    export.wait(10)
    left = list(tmp_path.glob(".out.export-*"))
    assert len(left) == 1 and not out.exists()
    done = run("--walkthrough", path, "--export", out)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        ".handout.json", "index.html", "lesson.html", "step-01.json", "step-01.png", "step-01.svg", "step-02.json", "step-02.png", "step-02.svg",
        "step-03.json", "step-03.png", "step-03.svg", "teacher.html",
    ]
    # What the killed export left is its own, but it is removed by no pattern: it stays for the user.
    assert list(tmp_path.glob(".out.export-*")) == left


def test_handout_pictures_are_as_readable_as_its_pages(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-c", f"import os, sys; os.umask(0o022); sys.argv = ['sandbox.py', '--walkthrough', {str(lesson(tmp_path, 1))!r}, '--export', {str(out)!r}]; from sandbox.app.cli import main; sys.exit(main())"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    modes = {p.name: oct(p.stat().st_mode & 0o777) for p in out.iterdir()}
    assert set(modes.values()) == {"0o644"}, modes
