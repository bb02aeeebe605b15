"""Strips stay on their side while a shape is dragged a few pixels at a time (the layout's memory)."""

from sandbox.app import keys


def sides(scene):
    """Each drawn strip's side of the shapes along its axis: +1 beyond them, -1 before them."""
    result, out = scene.result, {}
    shapes = list(scene.shapes.values())
    for strip in result.strips:
        ax, ay = result.sat.axes[strip.index].axis
        across = [x * -ay + y * ax for shape in shapes for x, y in shape.world_vertices()]
        out[strip.index] = 1 if strip.offset > max(across) else -1
    return out


def test_a_slow_drag_moves_no_strip_to_the_other_side(drive):
    driver = drive("box-box")
    scene = driver.scene
    session = driver.session
    x, y = driver.screen(scene.shapes["B"].position)
    session.input.on_mouse_motion(x, y, 0, 0)
    session.input.on_mouse_press(x, y, keys.LEFT_BUTTON)
    before, flips = sides(scene), 0
    for _ in range(30):  # 30 moves of 2 pixels left and 1 up: a slow drag
        session.input.on_mouse_drag(x - 2, y + 1, -2, 1, frozenset({keys.LEFT_BUTTON}))
        x, y = x - 2, y + 1
        now = sides(scene)
        flips += sum(1 for index, side in now.items() if index in before and before[index] != side)
        before = now
    session.input.on_mouse_release(x, y, keys.LEFT_BUTTON)
    assert flips == 0
