"""A teacher's scene cannot crash the app (issue 22, case 7, and case 5's FIFO): each mistake
is one line naming the scene's file and line, and the app goes on with the other scenes."""

import os
import re
import textwrap

import pytest

from command import main, run
from driver import Driver
from sandbox.app import registry
from sandbox.kit import registration

GOOD = """
from sandbox.kit import Param, Report, Scene, Verdict, register


@register("{id}", {category}, "A teacher's scene")
class Own(Scene):
    frame = {frame}
    params = ({params})

    def compute(self, ctx):
        return {compute}

    def draw(self, result, painter, theme):
        {draw}
        painter.point((0, 0), theme.shape_a, 4)

    def report(self, result):
        return Report(Verdict("FINE", {role}), lines={lines}, numbers={numbers})
"""
DEFAULTS = dict(category='"Teachers\' scenes"', frame="(-100, -100, 100, 100)", params="", compute="1", draw="pass",
                role='"text"', lines="()", numbers='{"gap": 1.5}')


def scene_file(folder, name, **changes):
    """A scene file ``name``.py whose scene id is ``name``, with ``changes`` to the good one."""
    text = GOOD.format(id=name, **{**DEFAULTS, **changes})
    (folder / f"{name}.py").write_text(text)
    return folder / f"{name}.py"


def line_of(path, text):
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.fixture
def own_scenes(monkeypatch):
    """The registry with a teacher's folder loaded, put back as it was afterwards (in this
    process, or by the command line run here, cli.main)."""
    registry.all_scenes()
    monkeypatch.setattr(registration, "_scenes", dict(registration._scenes))
    return registry.load_folder


def assert_one_line(done, *names):
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert 1 <= len(lines) <= 3, done.stderr
    for name in names:
        assert str(name) in done.stderr, (name, done.stderr)


@pytest.mark.parametrize(
    "changes, at, field",
    [
        (dict(frame="(0, 0, 0, 0)"), "@register", "frame"),
        (dict(params='Param("n", "N", 3),'), "Param(", '"n"'),
        (dict(category="5"), "@register", "category"),
        (dict(params='Param("pick", "Pick", "a"),'), "Param(", '"pick"'),
    ],
    ids=["frame of no size", "int Param without low and high", "category a number", "str Param without choices"],
)
def test_a_declaration_the_kit_cannot_use_leaves_that_scene_out_of_the_list(tmp_path, changes, at, field):
    bad = scene_file(tmp_path, "bad", **changes)
    scene_file(tmp_path, "fine")
    done = run("--scenes", tmp_path, "--list")
    assert done.returncode == 0
    assert_one_line(done, bad, f"line {line_of(bad, at)}", field)
    listed = [line.split()[0] for line in done.stdout.splitlines()]
    assert "fine" in listed and "bad" not in listed and "box-box" in listed


def test_sys_exit_at_import_is_reported_and_the_others_are_listed(tmp_path):
    (tmp_path / "quits.py").write_text("import sys\nsys.exit(0)\n")
    scene_file(tmp_path, "fine")
    done = run("--scenes", tmp_path, "--list")
    assert done.returncode == 0 and "fine" in done.stdout
    assert_one_line(done, tmp_path / "quits.py", "sys.exit(0)")


def test_a_fifo_named_like_a_scene_file_is_left_out_without_hanging(tmp_path):
    os.mkfifo(tmp_path / "f.py")
    scene_file(tmp_path, "fine")
    done = run("--scenes", tmp_path, "--list", timeout=15)
    assert done.returncode == 0 and "fine" in done.stdout
    assert_one_line(done, tmp_path / "f.py", "not a regular file")


@pytest.mark.parametrize(
    "changes, where, what",
    [
        (dict(compute="1 / 0"), "return 1 / 0", "compute: ZeroDivisionError"),
        (dict(draw="raise RuntimeError('no pen')"), "raise RuntimeError", "draw: RuntimeError: no pen"),
        (dict(role='"no-such-role"'), "def report", "no-such-role"),
        (dict(lines="((\"No room\", \"text\", (\"S's strip\", 3)),)"), "def report", "as a tuple of words"),
    ],
    ids=["compute raises", "draw raises", "verdict of no role", "a line leaving out a number"],
)
def test_a_scene_that_fails_as_it_runs_shows_its_error_instead_of_its_figure(tmp_path, own_scenes, changes, where, what):
    bad = scene_file(tmp_path, "bad", **changes)
    shot = tmp_path / "shot.png"
    done = main("--scenes", tmp_path, "--scene", "bad", "--screenshot", shot)
    assert done.returncode == 1 and shot.exists()
    assert_one_line(done, bad, f"line {line_of(bad, where)}", what)


@pytest.mark.parametrize("changes", [dict(compute="1 / 0"), dict(draw="raise RuntimeError('no pen')"), dict(role='"no-such-role"')],
                         ids=["compute", "draw", "verdict"])
def test_in_the_window_the_error_is_drawn_and_the_other_scenes_go_on(tmp_path, own_scenes, changes):
    bad = scene_file(tmp_path, "bad", **changes)
    assert own_scenes(tmp_path) == []
    driver = Driver("bad")
    try:
        driver.frame()
        driver.drag((0, 0), (30, 30))
        driver.tap("R")
        driver.frame()
        assert driver.session.fault is not None and str(bad) in driver.session.fault
        shown = " ".join(call[2] for call in driver.painter.calls if call[0] == "text")
        assert "failed" in shown or "role" in shown
        driver.tap("TAB")
        driver.frame()
        assert driver.session.scene.id != "bad" and driver.session.fault is None
    finally:
        driver.close()


@pytest.mark.parametrize(
    "changes, what",
    [(dict(numbers='{"gap": float("nan")}'), "NaN"), (dict(numbers='{"gap": {1, 2}}'), "set"), (dict(numbers="1 / 0"), "ZeroDivisionError")],
    ids=["NaN", "a set", "raises"],
)
def test_numbers_that_are_not_json_refuse_the_export_naming_the_scene(tmp_path, own_scenes, changes, what):
    bad = scene_file(tmp_path / "scenes" if (tmp_path / "scenes").mkdir() is None else None, "bad", **changes)
    lesson = tmp_path / "lesson.toml"
    lesson.write_text('title = "L"\n[[steps]]\nscene = "bad"\ncaption = "One"\n')
    done = main("--scenes", tmp_path / "scenes", "--walkthrough", lesson, "--export", tmp_path / "out")
    assert done.returncode == 2
    assert_one_line(done, bad, "step 1", what)
    assert not any(re.search(r"\bNaN\b", path.read_text()) for path in (tmp_path / "out").glob("*.json"))


def test_an_answer_the_scene_cannot_give_names_its_file_and_line(tmp_path, own_scenes):
    bad = scene_file(tmp_path / "scenes" if (tmp_path / "scenes").mkdir() is None else None, "bad", numbers='{"gap": 1} if self.settings["n"] else {}')
    lesson = tmp_path / "lesson.toml"
    lesson.write_text('title = "L"\n[[steps]]\nscene = "bad"\ncaption = "One"\nquestion = "How far?"\nanswer = "gap"\n')
    done = main("--scenes", tmp_path / "scenes", "--walkthrough", lesson, "--export", tmp_path / "out")
    assert done.returncode == 2
    assert_one_line(done, bad, f"line {line_of(bad, 'self.settings')}", "KeyError", "step 1")
