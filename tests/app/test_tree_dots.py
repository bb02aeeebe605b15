"""dynamic-tree's leaves at a presenter scale (issue 34's look at --present): the projector's
thicker lines grew every dot, and 60 leaves' dots ran together into bars."""

from figure_lint import asked_for
from sandbox.app.session import Session
from sandbox.kit.painter import RecordingPainter
from scenes.dynamic_tree import DIAGRAM


def leaf_radii(size, scale, projector):
    """Each leaf dot's radius in pixels as drawn, the diagram's width in pixels, and the leaves counted."""
    session = Session("dynamic-tree", size=size)
    if projector:
        session.input.toggle_theme(None, None)
    session.set_font_scale(scale)
    session.refresh()
    with asked_for(RecordingPainter()) as painter:
        painter.line_scale = session.theme.line_scale  # as the window's painter grows its dots
        session.draw(painter)
    left, bottom, right, top = DIAGRAM
    view, scene = session.scene.view, session.scene
    leaves = [call for call in painter.of("point") if bottom <= call[1][1] <= top and left <= call[1][0] <= right
              and call[2] == session.theme.shape_a]
    return [call[3] * painter.line_scale for call in leaves], (right - left) / view.pixel, len(leaves)


def test_leaf_dots_grow_no_larger_than_the_room_between_leaves_or_their_1x_size():
    at_1x, _, _ = leaf_radii((1280, 720), 1, False)
    radii, width, count = leaf_radii((1280, 720), 2, True)
    assert count == len(at_1x) > 20
    room = width / count / 2
    for radius in radii:
        assert radius <= max(max(at_1x), room) + 1e-9, f"a leaf dot {radius:.1f} px across a room of {room:.1f} px"
