"""Presenting: --present and --fullscreen open full screen, --font-scale sets the scale, and the
window starts at the scale the presenter chose last; a picture never depends on it."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from sandbox.app import cli, panel, preferences
from sandbox.app.window import app_window
from sandbox.boot import gl as boot_gl
from sandbox.kit.theme import PROJECTOR
from xvfb import find_window, wait_for, xdotool

ROOT = Path(__file__).resolve().parents[2]


def opened(monkeypatch, *args):
    """The session the command line would open a window on, with ``args``."""
    seen = []
    monkeypatch.setattr(app_window, "run", seen.append)
    monkeypatch.setattr(boot_gl, "display_available", lambda: True)
    monkeypatch.setattr(boot_gl, "configure", lambda headless: None)  # the tests' own GL set-up stays
    assert cli.main(["--scene", "box-box", *args]) == 0
    return seen[0]


def test_present_means_projector_theme_full_screen_and_twice_the_size(monkeypatch):
    session = opened(monkeypatch, "--present")
    assert session.theme.name == PROJECTOR.name and session.font_scale == 2.0 and session.fullscreen_requested
    session = opened(monkeypatch, "--present", "--font-scale", "3", "--theme", "dark")
    assert session.theme.name == "dark" and session.font_scale == 3.0


def test_the_window_starts_at_the_scale_chosen_last(monkeypatch, tmp_path, drive):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert opened(monkeypatch).font_scale == 1.0
    driver = drive("box-box")
    panel.choose_font_scale(driver.session, 2.5)  # what the panel's slider calls
    assert preferences.font_scale() == 2.5
    assert opened(monkeypatch).font_scale == 2.5
    assert opened(monkeypatch, "--font-scale", "1.5").font_scale == 1.5
    (tmp_path / "collision-sandbox" / preferences.NAME).write_text("{ not json")
    assert opened(monkeypatch).font_scale == 1.0  # a spoiled file is ignored


def test_a_screenshot_ignores_the_remembered_scale(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    preferences.remember_font_scale(3.0)
    plain, remembered = tmp_path / "plain.png", tmp_path / "remembered.png"
    env = {"XDG_CONFIG_HOME": str(tmp_path / "elsewhere")}
    for path, config in ((plain, env), (remembered, {"XDG_CONFIG_HOME": str(tmp_path)})):
        done = subprocess.run([sys.executable, "sandbox.py", "--scene", "box-box", "--screenshot", str(path)], cwd=ROOT,
                              env={**__import__("os").environ, **config}, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    assert plain.read_bytes() == remembered.read_bytes()


def test_bad_font_scales_are_refused_in_one_line():
    done = subprocess.run([sys.executable, "sandbox.py", "--font-scale", "7", "--list"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "--font-scale must be a number from 1 to 3" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.gui
def test_present_opens_full_screen_on_a_real_display(display, tmp_path):
    app = subprocess.Popen([sys.executable, str(ROOT / "sandbox.py"), "--present", "--scene", "box-box"], cwd=tmp_path, env=display,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        find_window(display, app)
        width, height = (int(v) for v in xdotool(display, "getdisplaygeometry").split())

        def full_screen():
            # Going full screen makes the window anew (a new id): look it up each time.
            for shown in windows(display):
                try:
                    geometry = dict(line.split("=") for line in xdotool(display, "getwindowgeometry", "--shell", shown).split())
                except subprocess.CalledProcessError:
                    continue  # the window made before going full screen, gone since it was listed
                if (int(geometry["WIDTH"]), int(geometry["HEIGHT"])) == (width, height):
                    return True
            return False

        wait_for(full_screen, 10, "the window to fill the screen")
    finally:
        app.kill()
        app.communicate()


def windows(display):
    """The ids of the sandbox's windows on ``display`` now."""
    found = subprocess.run(["xdotool", "search", "--name", "Collision Sandbox"], env=display, capture_output=True, text=True)
    return found.stdout.split()


@pytest.mark.gui
def test_shift_tab_goes_back_a_scene_on_a_real_display(display, tmp_path):
    """X11 sends Shift+Tab as a key of its own (ISO_Left_Tab): it still goes back a scene. Which
    scene is open shows in the layout Ctrl+S then saves, layouts/<scene id>.json."""
    from sandbox.app.registry import all_scenes

    ids = [cls.id for cls in all_scenes()]
    app = subprocess.Popen([sys.executable, str(ROOT / "sandbox.py"), "--scene", "box-box"], cwd=tmp_path, env=display,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        shown = find_window(display, app)
        time.sleep(1.0)
        xdotool(display, "windowfocus", "--sync", shown)
        xdotool(display, "key", "shift+Tab")
        time.sleep(0.3)
        xdotool(display, "key", "ctrl+s")
        previous = tmp_path / "layouts" / f"{ids[ids.index('box-box') - 1]}.json"
        wait_for(previous.exists, 10, f"Ctrl+S to save {previous.name}")
    finally:
        app.kill()
        app.communicate()
