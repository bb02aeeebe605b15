"""Names that stood on the marks they name (issue 34's look at 1920x1080 3x and --present): each
scene in every setting of test_scene_labels, panel shown and hidden. Label boxes are measured as
the figure lint measures them."""

from shapely.geometry import Point

from figure_lint import label_box
from test_scene_labels import shown


def test_tile_seams_names_each_tile_below_its_centre_dot():
    # At 2x and 3x "tile 2" (or "2") was drawn over its tile's centre dot: the name stood a
    # fixed 30 pixels below the centre whatever its size.
    for where, session, painter in shown("tile-seams"):
        scene, theme = session.scene, session.theme
        view = scene.view
        for name, shape in scene.shapes.items():
            if not name.startswith("tile"):
                continue
            calls = [call for call in painter.of("text") if call[2] in (name, name.split()[-1]) and call[3] == theme.shape(name)]
            assert len(calls) == 1, (where, name, scene.labels_left_out)
            dot = Point(*shape.position).buffer(4 * theme.line_scale * view.pixel)
            assert not label_box(calls[0], view).intersects(dot), (where, name)
