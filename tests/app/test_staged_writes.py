"""Nothing replaced that we did not write, nothing left half written (issue 35, case 4): a
layout is saved only over a layout, and an export writes into a temporary folder of its own
and moves its files in only when every one is written."""

import json
import os
import subprocess
import sys

import pytest

from command import ROOT, assert_refused, run, snapshot
from sandbox.app import files, layout

NAN_SCENE = '''
from sandbox.kit import Report, Scene, Verdict, register


@register("nan-numbers", "Teachers' scenes", "A NaN in its numbers")
class NanNumbers(Scene):
    frame = (-100, -100, 100, 100)

    def compute(self, ctx):
        return 1

    def draw(self, result, painter, theme):
        painter.point((0, 0), theme.shape_a, 4)

    def report(self, result):
        return Report(Verdict("FINE", "text"), numbers={"gap": float("nan")})
'''


def nan_lesson(tmp_path):
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "nan.py").write_text(NAN_SCENE)
    lesson = tmp_path / "lesson.toml"
    lesson.write_text('title = "L"\n[[steps]]\nscene = "box-box"\ncaption = "One"\n[[steps]]\nscene = "nan-numbers"\ncaption = "Two"\n')
    return lesson


@pytest.mark.parametrize("existing", [False, True], ids=["new folder", "earlier export"])
def test_a_handout_stopped_by_a_nan_leaves_nothing_behind(tmp_path, existing):
    lesson = nan_lesson(tmp_path)
    out = tmp_path / "deep" / "out"
    if existing:
        good = tmp_path / "good.toml"
        good.write_text('title = "L"\n[[steps]]\nscene = "box-box"\ncaption = "One"\n')
        assert run("--walkthrough", good, "--export", out, "--size", "400x300").returncode == 0
        (out / "notes.txt").write_text("the teacher's own\n")
    before = snapshot(tmp_path)
    done = run("--scenes", tmp_path / "scenes", "--walkthrough", lesson, "--export", out, "--size", "400x300")
    assert_refused(done, "step 2", "NaN")
    assert snapshot(tmp_path) == before


def test_versions_stopped_half_way_leave_nothing_behind(tmp_path, monkeypatch):
    from sandbox.app import cli, figure_svg

    calls = []

    def failing(session):
        calls.append(session)
        if len(calls) == 3:
            raise files.FileError("cannot write x: the disk is full; free some space and try again", "the disk is full", "x")
        return "<svg/>"

    monkeypatch.setattr(figure_svg, "figure", failing)
    out = tmp_path / "versions"
    before = snapshot(tmp_path)
    assert cli.main(["--walkthrough", str(ROOT / "walkthroughs" / "sat-from-scratch.toml"), "--export", str(out), "--variants", "2"]) == 2
    assert len(calls) == 3 and snapshot(tmp_path) == before


def test_an_export_into_a_new_folder_has_the_modes_a_new_folder_and_files_have(tmp_path):
    good = tmp_path / "good.toml"
    good.write_text('title = "L"\n[[steps]]\nscene = "box-box"\ncaption = "One"\n')
    out = tmp_path / "out"
    script = ("import os, sys; os.umask(0o022); sys.argv = ['sandbox.py', '--walkthrough', sys.argv[1], '--export', sys.argv[2], '--size', '400x300'];"
              " from sandbox.app.cli import main; sys.exit(main())")
    done = subprocess.run([sys.executable, "-c", script, str(good), str(out)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert oct(out.stat().st_mode & 0o777) == "0o755"  # not tempfile's 0700
    assert {oct(p.stat().st_mode & 0o777) for p in out.iterdir()} == {"0o644"}  # nor mkstemp's 0600
    assert sorted(os.listdir(tmp_path)) == ["good.toml", "out"]  # no temporary folder left


def test_save_layout_refuses_to_replace_a_file_that_is_not_a_layout(tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("Monday: SAT. Tuesday: GJK.\n")
    before = snapshot(tmp_path)
    done = run("--scene", "box-box", "--find", "list")
    event = done.stdout.split()[0]
    done = run("--scene", "box-box", "--find", event, "--save-layout", plan)
    assert_refused(done, "--save-layout", plan, "not a layout")
    assert len(done.stderr.strip().splitlines()) == 1
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("text", ["", "{}", '{"scene": 5}', "[1, 2]", "\xff"])
def test_a_layout_is_saved_only_over_a_layout(tmp_path, text):
    path = tmp_path / "other.json"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(files.FileError, match="not a layout"):
        layout.save({"scene": "box-box", "shapes": {}}, path)
    assert path.read_bytes() == text.encode("latin-1")


def test_a_layout_replaces_a_layout(tmp_path):
    path = tmp_path / "mine.json"
    layout.save({"scene": "box-box", "shapes": {}}, path)
    layout.save({"scene": "polygons", "shapes": {}}, path)
    assert json.loads(path.read_text())["scene"] == "polygons"


def test_staging_removes_only_what_it_made(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "theirs.txt").write_text("kept\n")
    with pytest.raises(RuntimeError):
        with files.Staging(folder) as stage:
            files.write_text(stage.path("a/b.txt"), "one")
            files.write_text(stage.path("c.txt"), "two")
            # Someone else's file in the temporary folder is not removed, nor the folder holding it.
            (stage.place / "a" / "stranger.txt").write_text("not ours\n")
            place = stage.place
            raise RuntimeError("stopped")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == sorted(
        ["out", "out/theirs.txt", place.relative_to(tmp_path).as_posix(), f"{place.relative_to(tmp_path).as_posix()}/a",
         f"{place.relative_to(tmp_path).as_posix()}/a/stranger.txt"])
