"""A teacher's scene broken on purpose, for the soak (benchmarks/soak.py --scenes): it loads,
then fails now and then in each of the places a scene's own code runs."""

from sandbox.kit import Param, Report, Scene, Verdict, register


@register("broken-flaky", "Teachers' scenes", "Broken on purpose")
class Flaky(Scene):
    lesson = "Fails in compute, draw, report, update and click, each now and then."
    animated = True
    params = (Param("mood", "Mood", 1, low=0, high=5),)
    handles = {"p": (0, 0)}
    frame = (-200, -200, 200, 200)

    def setup(self):
        self.ticks = 0

    def compute(self, ctx):
        x, y = self.points["p"]
        if x > 120 or self.settings["mood"] == 2:
            raise ZeroDivisionError("the handle went too far right, or the mood is 2")
        return {"x": x, "y": y, "ratio": 1 / (self.settings["mood"] or 0.5)}

    def draw(self, result, painter, theme):
        if result["y"] > 120 or self.settings["mood"] == 5:
            raise RuntimeError("no pen for the top of the figure, nor for mood 5")
        painter.point(self.points["p"], theme.shape_a, 8)

    def report(self, result):
        if self.settings["mood"] == 4:
            raise AttributeError("no report for mood 4")
        verdict = Verdict("MOODY", "no-such-role" if self.settings["mood"] == 3 else "text")
        return Report(verdict, numbers={"x": float("nan")})

    def update(self, dt):
        self.ticks += 1
        if self.ticks % 37 == 0:
            raise KeyError("tick")

    def click(self, point):
        if point[0] < -150:
            raise ValueError("clicked too far left")
