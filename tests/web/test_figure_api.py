"""The notebook figure from Python: fig.report, fig.pose and fig.set, and the browser's messages
(a press, moves and a release at picture pixels, y down; R over a shape) as the kernel takes them."""

import math

import pytest

from collision import sat


def test_pose_moves_a_shape_and_the_report_follows():
    from sandbox.notebook import Figure  # the web extra's anywidget: imported here, so the module collects without it

    fig = Figure("box-box")
    assert fig.report.verdict.text == "SEPARATED"
    fig.pose("B", x=-250, y=0, angle=55)
    b = fig.scene.shapes["B"]
    assert tuple(b.position) == (-250, 0) and math.isclose(b.angle, math.radians(55))
    assert fig.report.verdict.text == "COLLIDING"
    assert math.isclose(fig.report.numbers["depth"], sat(fig.scene.shapes["A"], b).depth, rel_tol=1e-12)
    assert ["B", "-250", "0", "55"] in fig.poses and "COLLIDING" in fig.svg


@pytest.mark.parametrize(("call", "message"), [
    (lambda fig: fig.pose("C", x=1), "box-box has no shape or handle 'C': it has A, B"),
    (lambda fig: fig.pose("B", x="left"), "B: x must be a number, got 'left'"),
    (lambda fig: fig.pose("B", y=math.inf), "B's x and y must each be between -1000000 and 1000000"),
    (lambda fig: fig.set("colour", 1), "box-box has no setting 'colour': it has projections, guides, mtv, page"),
    (lambda fig: fig.set("mtv", "yes"), "mtv: must be true or false, got 'yes'"),
])
def test_a_value_refused_says_what_to_fix(call, message):
    from sandbox.notebook import Figure  # the web extra's anywidget: imported here, so the module collects without it

    fig = Figure("box-box")
    with pytest.raises(ValueError) as refused:
        call(fig)
    assert str(refused.value).startswith(message)
    assert fig.report.verdict.text == "SEPARATED"


def test_a_drag_and_r_from_the_browser_go_through_the_session():
    from sandbox.notebook import Figure  # the web extra's anywidget: imported here, so the module collects without it

    fig = Figure("box-box", width=800, height=450)
    camera = fig._session.camera

    def pixel(point):
        x, y = camera.to_screen(*point)
        return x, camera.height - y

    a, b = fig.scene.shapes["A"], fig.scene.shapes["B"]
    start, end = pixel(b.position), pixel(a.position)
    fig._message(fig, {"kind": "down", "x": start[0], "y": start[1]}, [])
    for t in (0.5, 1.0):
        fig._message(fig, {"kind": "move", "x": start[0] + (end[0] - start[0]) * t, "y": start[1] + (end[1] - start[1]) * t}, [])
    fig._message(fig, {"kind": "up", "x": end[0], "y": end[1]}, [])
    assert math.dist(b.position, a.position) < 1e-6 and fig.report.verdict.text == "COLLIDING"
    angle = b.angle
    fig._message(fig, {"kind": "key", "key": "r", "x": end[0], "y": end[1]}, [])
    assert math.isclose(b.angle - angle, math.radians(3))
