"""The scene kit: everything a scene file imports besides ``collision``, and the contract it is
written against. A scene is one class in one file::

    from collision import Box, sat
    from sandbox.kit import Param, Report, Scene, Verdict, register

    @register("my-boxes", "SAT", "My two boxes")
    class MyBoxes(Scene):
        lesson = "What the figure shows."
        things_to_try = ("Drag B onto A.",)
        params = (Param("mtv", "MTV arrow", True, overlay=True),)
        handles = {"Q": (0, 100)}            # draggable points, by their starting place
        frame = (-300, -200, 300, 200)       # the world region the view fits

        def setup(self):
            self.shapes = {"A": Box((-100, 0), (60, 40)), "B": Box((100, 0), (50, 50))}

        def compute(self, ctx):
            return sat(self.shapes["A"], self.shapes["B"])

        def draw(self, result, painter, theme):
            ...                              # from result only

        def report(self, result):
            return Report(Verdict("COLLIDING" if result.colliding else "SEPARATED", "mtv"))

Data flows one way: the app changes the state (shapes, handles, settings) on input and marks
the scene dirty; the kit computes ``compute(ctx)`` once when the result is next read; ``draw``
and ``report`` only read that result. The app renders the one Report into the panel, the
canvas's headline, handouts, step JSON and questions. A scene never imports ImGui or pyglet.
"""

from sandbox.kit.painter import Painter, RecordingPainter
from sandbox.kit.params import Param
from sandbox.kit.registration import SceneError, register
from sandbox.kit.report import Claim, Code, Column, Cost, Fact, Line, Meter, Report, Table, Verdict, number
from sandbox.kit.scene import CORNER_WORDS, Action, Scene
from sandbox.kit.theme import Theme, faded
from sandbox.kit.view import Context, View

__all__ = [
    "CORNER_WORDS",
    "Action",
    "Claim",
    "Code",
    "Column",
    "Context",
    "Cost",
    "Fact",
    "Line",
    "Meter",
    "Param",
    "Painter",
    "RecordingPainter",
    "Report",
    "Scene",
    "SceneError",
    "Table",
    "Theme",
    "Verdict",
    "View",
    "faded",
    "number",
    "register",
]
