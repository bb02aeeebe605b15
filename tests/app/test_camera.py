"""The camera's view matrix, which the GPU applies to the world, is its to_screen."""

import pytest

from sandbox.app.camera import Camera


def apply(matrix, x, y):
    """A column-major 4 x 4 ``matrix`` applied to the point (x, y, 0, 1)."""
    return matrix[0] * x + matrix[4] * y + matrix[12], matrix[1] * x + matrix[5] * y + matrix[13]


@pytest.mark.parametrize("zoom, pan, area", [(1.0, (0, 0), (0, 0, 1280, 720)), (2.37, (13.5, -40.25), (0, 80, 900, 650)),
                                              (0.1, (-700, 300), (20, 30, 400, 300)), (10.0, (0.3, 0.7), (0, 0, 200, 200))])
def test_the_view_matrix_maps_the_world_as_to_screen_does(zoom, pan, area):
    camera = Camera(1280, 720)
    camera.place(area)
    camera.fit((-300, -200, 250, 180))
    camera.zoom_about(411, 222, zoom / camera.zoom)
    camera.pan(*pan)
    matrix = camera.view()
    for x, y in [(0, 0), (-300, -200), (250, 180), (1e4, -3e3), (0.001, 7.5)]:
        assert apply(matrix, x, y) == pytest.approx(camera.to_screen(x, y), abs=1e-9)
    # A view matrix of scale and translation only: the dots shader reads the scale at [0][0].
    assert matrix[0] == matrix[5] == camera.zoom and matrix[1] == matrix[4] == 0
