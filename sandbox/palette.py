"""One palette: the same colour means the same thing in every scene. RGBA, 0-255.

Two themes: the default dark one, and a projector one (light background, stronger colours,
thicker lines, larger labels) for a room with the lights on. ``use`` switches between them;
everything reads the names below at draw time, so the switch reaches every scene at once.
"""

THEMES = {
    "dark": {
        "BACKGROUND": (22, 24, 29, 255),
        "GRID": (40, 43, 50, 255),
        "SHAPE_A": (74, 144, 226, 255),
        "SHAPE_B": (236, 152, 54, 255),
        "HIGHLIGHT": (255, 255, 255, 255),
        "MAX_CORNER": (226, 62, 62, 255),
        "MIN_CORNER": (246, 214, 62, 255),
        "OVERLAP": (158, 158, 158, 255),
        "SEPARATING": (72, 204, 104, 255),
        "MTV": (176, 92, 226, 255),
        "AXIS": (190, 190, 190, 255),
        "GUIDE": (110, 114, 124, 255),
        "TEXT": (230, 232, 236, 255),
        "DIM_TEXT": (150, 154, 162, 255),
        "CAPTION_BACK": (10, 12, 16, 210),
        "LINE_SCALE": 1.0,
        "LABEL_SCALE": 1.0,
    },
    "projector": {
        "BACKGROUND": (250, 250, 246, 255),
        "GRID": (215, 215, 210, 255),
        "SHAPE_A": (20, 90, 200, 255),
        "SHAPE_B": (210, 90, 0, 255),
        "HIGHLIGHT": (0, 0, 0, 255),
        "MAX_CORNER": (205, 20, 20, 255),
        "MIN_CORNER": (190, 150, 0, 255),
        "OVERLAP": (100, 100, 100, 255),
        "SEPARATING": (0, 145, 55, 255),
        "MTV": (135, 35, 185, 255),
        "AXIS": (60, 60, 60, 255),
        "GUIDE": (160, 160, 160, 255),
        "TEXT": (15, 15, 15, 255),
        "DIM_TEXT": (80, 80, 80, 255),
        "CAPTION_BACK": (255, 255, 255, 225),
        "LINE_SCALE": 1.6,
        "LABEL_SCALE": 1.3,
    },
}

theme = "dark"


def use(name):
    """Switch every colour and scale to theme ``name`` ("dark" or "projector")."""
    global theme
    globals().update(THEMES[name])
    theme = name


def faded(color, alpha):
    """``color`` with its alpha replaced, for fills under outlines."""
    return color[:3] + (alpha,)


def imgui_color(color):
    """``color`` as the 0-1 floats ImGui takes."""
    return tuple(c / 255 for c in color)


use("dark")
