"""A teacher's scene that never returns cannot freeze the app (issue 35, case 3): the watchdog
stops the call and says in one line which method of which file took too long; the window
leaves the scene and goes on, every headless command ends, exit 1, with that line."""

import os
import re
import threading
import time
from pathlib import Path

import pytest

from command import run, snapshot
from sandbox.app import guard, keys, registry, watchdog
from sandbox.app.session import Session
from sandbox.kit import registration
from sandbox.kit.painter import RecordingPainter

FOLDER = Path(__file__).parent / "slow_scenes"
FILE = FOLDER / "forever.py"

QUICK = {**os.environ, watchdog.LIMIT: "1"}
"""The app's environment with a limit of 1 s: each command below spins a core until stopped."""


@pytest.fixture
def slow_scenes(monkeypatch):
    """The registry with the slow scenes loaded, put back as it was afterwards; a short deadline,
    and a caught Stopped raised again soon."""
    registry.all_scenes()
    monkeypatch.setattr(registration, "_scenes", dict(registration._scenes))
    monkeypatch.setattr(watchdog, "SECONDS", 0.5)
    monkeypatch.setattr(watchdog, "AGAIN", 0.25)
    assert registry.load_folder(FOLDER) == []


def one_line(done, method):
    """The command ended, exit 1, with one line naming ``method`` and the scene's file."""
    assert done.returncode == 1, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert re.fullmatch(rf"sandbox: scene forever-\w+ \({re.escape(str(FILE))}, line \d+\) took longer than 1 s in {method}, so it was stopped", lines[0]), lines[0]


# Each command below runs the app, whose stuck call spins a core for the watchdog's 1 s (QUICK). By
# default two screenshots (a stuck draw, and a compute that catches the stop itself) and one
# lesson command run; -m slow runs every method and every command. Compute, report and find
# are stopped in this process too, by the tests after these.
SLOW = pytest.mark.slow


@pytest.mark.parametrize("scene, method", [pytest.param("forever-compute", "compute", marks=SLOW), ("forever-draw", "draw"),
                                           pytest.param("forever-report", "report", marks=SLOW), ("forever-caught", "compute")])
def test_a_screenshot_of_a_scene_that_never_returns_ends_in_one_line(tmp_path, scene, method):
    started = time.monotonic()
    done = run("--scenes", FOLDER, "--scene", scene, "--screenshot", tmp_path / "shot.png", env=QUICK, timeout=60)
    assert time.monotonic() - started < 15
    one_line(done, method)
    assert snapshot(tmp_path) == {}


def test_an_action_that_never_returns_leaves_the_scene_in_the_window(slow_scenes):
    session = Session("forever-action")
    session.leaves_slow_scenes = True  # as the window has it
    assert session.report().verdict.text == "QUIET"
    started = time.monotonic()
    session.act("spin")
    assert time.monotonic() - started < 3
    assert isinstance(session.scene, guard.FailedScene) and session.scene.id == "forever-action"
    assert re.search(r"forever\.py, line \d+\) took longer than 0.5 s in spin", session.fault), session.fault
    # The canvas says so in place of the figure, and says it again after any input.
    session.input.on_mouse_motion(10, 10, 1, 1)
    painter = RecordingPainter()
    session.draw(painter)
    shown = " ".join(call[2] for call in painter.calls if call[0] == "text")
    assert "forever.py" in shown and "spin" in shown and "took longer" in shown
    # Tab goes on to the next scene, which works.
    session.input.tab("TAB", keys.NONE)
    assert session.scene.id != "forever-action" and session.fault is None
    assert session.report() is not None


def test_a_compute_that_never_returns_in_the_window_is_left_at_its_first_frame(slow_scenes):
    session = Session("forever-compute")
    session.leaves_slow_scenes = True
    painter = RecordingPainter()
    session.draw(painter)
    assert isinstance(session.scene, guard.FailedScene) and "in compute" in session.fault
    # A few frames later it is not computed again: the app stays quick.
    started = time.monotonic()
    for _ in range(5):
        session.update(1 / 60)
        session.draw(RecordingPainter())
    assert time.monotonic() - started < 0.4


def test_headless_a_slow_scene_ends_the_command(slow_scenes):
    session = Session("forever-report")
    with pytest.raises(watchdog.SceneTimeout, match=r"forever\.py, line \d+\) took longer than 0.5 s in report"):
        session.report()


def test_a_watched_call_that_returns_in_time_gives_its_value_and_leaves_nothing_pending(slow_scenes):
    cls = registration._scenes["forever-action"]
    scene = cls()
    for _ in range(1000):
        assert scene.result == (0.0, 0.0)
        scene.invalidate()
    # A call stopped once leaves no Stopped behind to land in the app's own code later.
    with pytest.raises(watchdog.SceneTimeout):
        scene.act("spin")
    time.sleep(2 * watchdog.AGAIN)
    assert sum(range(10**6)) > 0
    assert traced_call_ends()


def traced_call_ends(seconds=10.0):
    """Whether a call traced as the Code view traces one ends, on a thread of its own so that
    one spinning for good fails the test rather than hanging it."""
    from sandbox.kit.code_trace import trace

    def larger(a, b):
        return a if a > b else b

    done = []
    thread = threading.Thread(target=lambda: done.append(trace(larger, 1, 2).result), daemon=True)
    thread.start()
    thread.join(seconds)
    return done == [2]


def test_the_scenes_that_come_with_the_app_are_not_wrapped():
    for cls in registry.all_scenes():
        if cls.__module__.startswith("scenes."):
            assert not getattr(cls.compute, "__watched__", False), cls.id


LESSON = """title = "Slow"
[[steps]]
scene = "forever-compute"
caption = "It never returns."
question = "Will it?"
choices = ["yes", "no"]
answer = "verdict"
"""


@pytest.mark.parametrize("command", ["export", pytest.param("check", marks=SLOW), pytest.param("variants", marks=SLOW)])
def test_lesson_commands_end_in_one_line(tmp_path, command):
    lesson = tmp_path / "slow.toml"
    lesson.write_text(LESSON)
    out = tmp_path / "out"
    args = {"export": ["--walkthrough", lesson, "--export", out], "check": ["--check-lesson", lesson],
            "variants": ["--walkthrough", lesson, "--export", out, "--variants", "2"]}[command]
    before = snapshot(tmp_path)
    started = time.monotonic()
    done = run("--scenes", FOLDER, *args, env=QUICK, timeout=60)
    assert time.monotonic() - started < 15
    one_line(done, "compute")
    assert snapshot(tmp_path) == before


@pytest.mark.slow
def test_find_ends_in_one_line(tmp_path):
    started = time.monotonic()
    done = run("--scenes", FOLDER, "--scene", "forever-compute", "--find", "never", "--save-layout", tmp_path / "found.json", env=QUICK, timeout=60)
    assert time.monotonic() - started < 15
    one_line(done, "compute")
    assert snapshot(tmp_path) == {}


def test_a_scene_file_that_never_finishes_loading_is_left_out_in_one_line(tmp_path, monkeypatch):
    registry.all_scenes()
    monkeypatch.setattr(registration, "_scenes", dict(registration._scenes))
    monkeypatch.setattr(watchdog, "SECONDS", 0.5)
    (tmp_path / "stuck.py").write_text("while True:\n    pass\n")
    problems = registry.load_folder(tmp_path)
    assert len(problems) == 1 and re.fullmatch(rf"scene file {re.escape(str(tmp_path / 'stuck.py'))}, line \d+ took longer than 0.5 s to load, so it was left out", problems[0]), problems


def test_the_panels_find_on_a_slow_scene_leaves_it(slow_scenes):
    from sandbox.app import finding

    session = Session("forever-compute")
    session.leaves_slow_scenes = True
    finding.pose(session, "never")
    assert isinstance(session.scene, guard.FailedScene) and "in compute" in session.fault


@pytest.fixture
def pump(slow_scenes):
    """A pump as the window's: it counts its calls, and stops the call when ``stop`` says so."""
    calls = []
    stop = []

    def pumped(seconds, what):
        calls.append((seconds, what))
        return bool(stop)

    watchdog.pump_with(pumped)
    yield calls, stop
    watchdog.pump_with(None)


def test_with_a_pump_the_call_runs_aside_and_the_pump_is_called_meanwhile(pump):
    calls, _ = pump
    session = Session("forever-compute")
    session.leaves_slow_scenes = True
    session.draw(RecordingPainter())
    assert isinstance(session.scene, guard.FailedScene) and "in compute" in session.fault
    assert len(calls) >= 5 and calls[-1][0] >= 0.4 and calls[0][1] == f"compute of {FILE}"


def test_a_pump_that_asks_stops_the_call_at_once(pump):
    _, stop = pump
    stop.append(True)
    session = Session("forever-compute")
    session.leaves_slow_scenes = True
    started = time.monotonic()
    session.report()
    assert time.monotonic() - started < 0.4 and "in compute" in session.fault


def test_a_call_aside_stuck_in_c_is_left_to_its_worker(pump):
    session = Session("forever-asleep")
    session.leaves_slow_scenes = True
    started = time.monotonic()
    session.report()
    assert time.monotonic() - started < watchdog.SECONDS + watchdog.GRACE + 1
    assert re.search(r"forever\.py, line \d+\) took longer than 0.5 s in compute", session.fault), session.fault
    # Nothing is left pending for the interpreter: a traced call (the Code view) still ends.
    # (A Stopped waiting on the stuck worker kept CPython 3.11's flag set: it spun for good.)
    assert traced_call_ends()
    # The next scene computes on a new worker.
    session.input.tab("TAB", keys.NONE)
    assert session.report() is not None and session.fault is None


def test_a_scene_fault_aside_is_the_same_one_line(pump, tmp_path):
    (tmp_path / "raising.py").write_text(
        "from sandbox.kit import Scene, register\n\n\n"
        '@register("raises-aside", "Teachers\' scenes", "Raises")\n'
        "class Raises(Scene):\n"
        "    frame = (-1, -1, 1, 1)\n\n"
        "    def compute(self, ctx):\n"
        "        return 1 / 0\n\n"
        "    def draw(self, result, painter, theme):\n"
        "        pass\n")
    assert registry.load_folder(tmp_path) == []
    session = Session("raises-aside")
    session.leaves_slow_scenes = True
    session.report()
    assert re.fullmatch(rf"scene raises-aside \({re.escape(str(tmp_path / 'raising.py'))}, line 9\) failed in compute: ZeroDivisionError: division by zero",
                        session.fault), session.fault


def test_frames_keep_coming_while_a_scene_spins_in_python(slow_scenes):
    """A window's frame lets the GIL go at every GL or X call that waits (ctypes): with the
    worker spinning in Python, each took the 5 ms switch interval to win it back, and the window
    stood still for seconds. This pump lets it go 50 times, waiting 0.1 ms each, as a frame does."""
    frames = []

    def frame(seconds, what):
        for _ in range(50):
            time.sleep(0.0001)
        frames.append(seconds)
        return False

    watchdog.pump_with(frame)
    try:
        session = Session("forever-compute")
        session.leaves_slow_scenes = True
        session.report()
    finally:
        watchdog.pump_with(None)
    assert "in compute" in session.fault
    # The wait lasts the deadline (0.5 s here): some 10 frames, each 1/30 s apart and 15 ms
    # long; at 5 ms a hand-off, a frame took a quarter of a second.
    assert len(frames) >= 6, f"{len(frames)} frames drawn in {frames[-1]:.2f} s of waiting"


@pytest.mark.parametrize("given, seconds, said", [("", 3.0, False), ("1", 1.0, False), (" 7.5 ", 7.5, False), ("soon", 3.0, True),
                                                  ("0", 3.0, True), ("nan", 3.0, True), ("1e9", 3.0, True)])
def test_the_limit_is_taken_from_the_environment_or_refused_in_one_line(monkeypatch, capsys, given, seconds, said):
    monkeypatch.setenv(watchdog.LIMIT, given)
    assert watchdog._limit() == seconds
    err = capsys.readouterr().err
    if said:
        assert err.count("\n") == 1 and f"{watchdog.LIMIT} must be a number of seconds" in err and "using 3" in err, err
    else:
        assert err == ""
