"""The scene kit: everything a scene file imports, and the contract it is written against.

A scene is one class in one file::

    from collision import Box
    from sandbox.kit import Param, Scene, register

    @register("my-boxes", "SAT", "My two boxes")
    class MyBoxes(Scene):
        lesson = "What the figure shows."
        things_to_try = ("Drag B onto A.",)
        params = (Param("mtv", "MTV arrow", True, overlay=True),)
        handles = {"Q": (0, 100)}            # draggable points, by their starting place
        frame = (-300, -200, 300, 200)       # the world region the view fits

        def setup(self):
            self.shapes = {"A": Box((-100, 0), (60, 40)), "B": Box((100, 0), (50, 50))}

        def compute(self):
            return sat(self.shapes["A"], self.shapes["B"])

        def draw(self, painter, theme):
            ...                              # from self.result only

Data flows one way: the session changes the state (shapes, handles, settings) on input, calls
``refresh``, which stores ``compute()``'s answer in ``self.result``; ``draw``, ``panel``,
``verdict`` and ``numbers`` only read it.
"""

from sandbox.kit.painter import Painter, RecordingPainter
from sandbox.kit.params import Param
from sandbox.kit.registration import SceneError, register
from sandbox.kit.scene import CORNER_WORDS, Scene, Table, Verdict, View, number
from sandbox.kit.theme import Theme, faded

__all__ = ["CORNER_WORDS", "Param", "Painter", "RecordingPainter", "Scene", "SceneError", "Table", "Theme", "Verdict", "View", "faded", "number", "register"]
