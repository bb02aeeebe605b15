"""Libraries are found from one ldconfig listing, as ctypes' own search finds them."""

import ctypes.util
import subprocess
import sys

from sandbox.boot import libraries

NAMES = ["c", "m", "GL", "EGL", "X11", "freetype", "fontconfig", "harfbuzz", "no_such_library_anywhere"]


def test_the_same_answers_as_ctypes_with_one_ldconfig_run():
    libraries.read_once()  # the test run's gl.configure() has read it already; again is nothing
    assert hasattr(ctypes.util.find_library, "listing")
    plain = subprocess.run([sys.executable, "-c", f"import ctypes.util\nfor n in {NAMES!r}: print(ctypes.util.find_library(n))"],
                           capture_output=True, text=True, check=True).stdout.split("\n")[:-1]
    assert [str(ctypes.util.find_library(name)) for name in NAMES] == plain
    assert plain[0] != "None" and plain[-1] == "None"
