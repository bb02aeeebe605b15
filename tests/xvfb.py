"""A virtual display and xdotool, for tests that drive the real window as a user would."""

import os
import shutil
import subprocess
import sys
import time

import pytest


def needed_tools():
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing and os.environ.get("CI"):
        pytest.fail(f"CI must have {' and '.join(missing)}: .ci/run installs Debian's xvfb and xdotool")
    if missing:
        pytest.skip(f"needs {' and '.join(missing)} (Debian: apt-get install xvfb xdotool)")


def wait_for(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def stop(app):
    """End ``app`` and return what it printed. Called in a finally: a test failing meanwhile
    gets that output as a note, for an app that left or went wrong says why only there."""
    app.terminate()
    output = app.communicate(timeout=10)[0]
    failing = sys.exc_info()[1]
    if failing is not None:
        failing.add_note(f"the app's output:\n{output}")
    return output


def xdotool(env, *args):
    return subprocess.run(["xdotool", *map(str, args)], env=env, check=True, capture_output=True, text=True).stdout


def find_window(env, app):
    """The sandbox window's id, once it is shown (mapped: a window made but not yet mapped is
    found by name too, and focusing it fails); the app's own words if it left instead."""

    def look():
        if app.poll() is not None:
            raise AssertionError(f"the app left with code {app.returncode} before its window appeared:\n{app.communicate()[0]}")
        return subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "Collision Sandbox"], env=env, capture_output=True, text=True
        ).stdout.split()

    return wait_for(look, 60, "the sandbox window")[0]
