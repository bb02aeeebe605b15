"""ImGui loaded without the rest of imgui-bundle's set-up, which the sandbox never uses.

``import imgui_bundle`` runs the package's own set-up: beside ImGui it readies ImPlot,
hello_imgui's runners (with asyncio and ssl for their async variants), notebook support and
Markdown image downloads. That Python side took ~100 ms of every start-up, a seventh of a
headless screenshot. The sandbox needs only ``imgui`` (and ``imgui_ctx``).

``load()`` puts a lighter ``imgui_bundle`` in ``sys.modules``: the same native module, with
``imgui``, ``ImVec2``, ``ImVec4`` and ``imgui_ctx`` in it. Whatever else is asked of it (a
teacher's scene using ImPlot, say) runs the package's full set-up first, into the same module,
so it then holds everything the plain import gives.
"""

import importlib
import importlib.util
import sys


def load():
    """Make ``from imgui_bundle import imgui`` light for the rest of the process; nothing if
    imgui_bundle is imported already, its full set-up if it is laid out otherwise."""
    if "imgui_bundle" in sys.modules:
        return
    spec = importlib.util.find_spec("imgui_bundle")
    if spec is None or spec.loader is None:
        return
    package = importlib.util.module_from_spec(spec)
    sys.modules["imgui_bundle"] = package
    try:
        imgui = importlib.import_module("imgui_bundle._imgui_bundle").imgui
        package.imgui, package.ImVec2, package.ImVec4 = imgui, imgui.ImVec2, imgui.ImVec4
        sys.modules["imgui_bundle.imgui"] = imgui
        importlib.import_module("imgui_bundle.imgui_ctx")
    except (ImportError, AttributeError):
        spec.loader.exec_module(package)  # laid out otherwise: its full set-up, as a plain import does
        return

    def complete(name):
        """Anything else: the package's own set-up, run now into this module, then the name."""
        del package.__getattr__
        spec.loader.exec_module(package)
        return getattr(package, name)

    package.__getattr__ = complete
