"""One palette: the same colour means the same thing in every scene. RGBA, 0-255."""

BACKGROUND = (22, 24, 29, 255)
GRID = (40, 43, 50, 255)
SHAPE_A = (74, 144, 226, 255)
SHAPE_B = (236, 152, 54, 255)
HIGHLIGHT = (255, 255, 255, 255)
MAX_CORNER = (226, 62, 62, 255)
MIN_CORNER = (246, 214, 62, 255)
OVERLAP = (158, 158, 158, 255)
SEPARATING = (72, 204, 104, 255)
MTV = (176, 92, 226, 255)
AXIS = (190, 190, 190, 255)
GUIDE = (110, 114, 124, 255)
TEXT = (230, 232, 236, 255)
DIM_TEXT = (150, 154, 162, 255)


def faded(color, alpha):
    """``color`` with its alpha replaced, for fills under outlines."""
    return color[:3] + (alpha,)


def imgui_color(color):
    """``color`` as the 0-1 floats ImGui takes."""
    return tuple(c / 255 for c in color)
