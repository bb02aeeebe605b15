"""Teachers' scenes that never return, one for each place the app runs a scene's own code
(issue 35, case 3): the watchdog must stop each and say which method of this file it was."""

from sandbox.kit import Action, Param, Report, Scene, Verdict, register
from sandbox.kit.events import Event


class Quiet(Scene):
    """A scene that returns at once everywhere; the ones below each loop in one place."""

    params = (Param("moved", "Moved", False, overlay=True),)
    handles = {"p": (0, 0)}
    frame = (-100, -100, 100, 100)
    actions = (Action("spin", "Spin for ever", key="K"),)
    events = (Event("never", "a layout this scene never reaches", lambda report: False),)

    def compute(self, ctx):
        return tuple(self.points["p"])

    def draw(self, result, painter, theme):
        painter.point(result, theme.shape_a, 6)

    def report(self, result):
        return Report(Verdict("QUIET", "text"))

    def spin(self):
        while True:
            pass


@register("forever-compute", "Teachers' scenes", "Never computes")
class ForeverCompute(Quiet):
    def compute(self, ctx):
        while True:
            pass


@register("forever-draw", "Teachers' scenes", "Never draws")
class ForeverDraw(Quiet):
    def draw(self, result, painter, theme):
        while True:
            pass


@register("forever-report", "Teachers' scenes", "Never reports")
class ForeverReport(Quiet):
    def report(self, result):
        while True:
            pass


@register("forever-caught", "Teachers' scenes", "Catches everything")
class ForeverCaught(Quiet):
    def compute(self, ctx):
        try:
            while True:
                pass
        except BaseException:  # a teacher's bare except, then a retry: the watchdog stops it again
            while True:
                pass


@register("forever-action", "Teachers' scenes", "Spins when K is pressed")
class ForeverAction(Quiet):
    pass


@register("forever-asleep", "Teachers' scenes", "Sleeps in C")
class ForeverAsleep(Quiet):
    def compute(self, ctx):
        import time

        time.sleep(3600)  # inside C: no exception reaches it until it returns
