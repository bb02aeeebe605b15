"""The app loads ImGui without imgui-bundle's other parts, yet whatever else a scene asks of
the package is there, as a plain ``import imgui_bundle`` gives it."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLAIN = "import imgui_bundle, json; print(json.dumps(sorted(imgui_bundle.__all__)))"

LIGHT = """
import json, sys
from sandbox.boot import gl
gl.configure(headless=True)
from imgui_bundle import imgui, imgui_ctx
light = {"immapp": "imgui_bundle.immapp" in sys.modules, "asyncio": "asyncio" in sys.modules}
from imgui_bundle import implot
import imgui_bundle
native = sys.modules["imgui_bundle._imgui_bundle"]
print(json.dumps({"light": light, "names": sorted(imgui_bundle.__all__), "implot": implot is native.implot,
                  "same_imgui": imgui is imgui_bundle.imgui, "window_bg": imgui.Col_.window_bg.value}))
"""


def run(code):
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_imgui_alone_first_then_the_whole_package_on_demand():
    light = run(LIGHT)
    assert light["light"] == {"immapp": False, "asyncio": False}
    assert light["names"] == run(PLAIN) and "implot" in light["names"]
    assert light["implot"] and light["same_imgui"] and light["window_bg"] == 2
