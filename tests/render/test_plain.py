"""The tweaks of sandbox.boot.tweaks change no pixel: a couple of scenes rendered by the command
line with every tweak on and with all of them off (the libraries' own ways), each against the
same baseline."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sandbox.app.window import png
from sandbox.boot import tweaks
from screenshots import check

ROOT = Path(__file__).resolve().parents[2]

# The command line as sandbox.py runs it, then which ImGui renderer drew and what malloc was told.
SHOT = """
import json, sys
from sandbox.boot import launch
launch.prepare()
from sandbox.app.cli import main
code = main({argv!r})
print(json.dumps({{"code": code, "pyopengl": "OpenGL" in sys.modules, "own_renderer": "sandbox.boot.imgui_gl" in sys.modules}}))
"""


@pytest.mark.parametrize("plain", [False, True], ids=["tweaks", "plain"])
@pytest.mark.parametrize("scene_id", ["box-box", "quadtree"])
def test_a_screenshot_is_the_same_with_the_tweaks_off(tmp_path, request, scene_id, plain):
    shot = tmp_path / "shot.png"
    env = {key: value for key, value in os.environ.items() if key != tweaks.SWITCH}
    if plain:
        env[tweaks.SWITCH] = "1"
    code = SHOT.format(argv=["--scene", scene_id, "--screenshot", str(shot)])
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    assert said == {"code": 0, "pyopengl": plain, "own_renderer": not plain}
    check(png.read(shot), f"{scene_id}-default", request)


def test_the_switch_turns_all_off_or_those_named(monkeypatch):
    monkeypatch.delenv(tweaks.SWITCH, raising=False)
    assert all(tweaks.on(name) for name in tweaks.TWEAKS)
    monkeypatch.setenv(tweaks.SWITCH, "1")
    assert not any(tweaks.on(name) for name in tweaks.TWEAKS)
    monkeypatch.setenv(tweaks.SWITCH, "malloc, quick-exit")
    assert [name for name in tweaks.TWEAKS if not tweaks.on(name)] == ["quick-exit", "malloc"]
    with pytest.raises(KeyError, match="no tweak named 'ldconfig-once'"):
        tweaks.on("ldconfig-once")


def test_no_tweaks_on_the_command_line_is_the_switch(tmp_path):
    env = {key: value for key, value in os.environ.items() if key != tweaks.SWITCH}
    code = ("import os, sys; sys.argv[1:] = ['--no-tweaks']; from sandbox.boot import launch; launch.prepare();"
            f" print(os.environ.get({tweaks.SWITCH!r}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "1"
