"""--palette on the command line: the colour-blind palette in a headless screenshot."""

import numpy as np

from command import run
from sandbox.app.window import png
from sandbox.kit.theme import DARK, with_palette


def pixels_of(picture, color):
    return int((picture[..., :3] == color[:3]).all(axis=2).sum())


def test_the_colour_blind_palette_reaches_the_screenshot(tmp_path):
    pictures = {}
    for palette in ("standard", "colour-blind"):
        done = run("--scene", "box-box", "--palette", palette, "--screenshot", tmp_path / f"{palette}.png")
        assert done.returncode == 0, done.stderr
        pictures[palette] = png.read(tmp_path / f"{palette}.png")
    blind = with_palette(DARK, "colour-blind")
    # B's outline, shadows and name in its own colour in each palette, never the other's.
    assert pixels_of(pictures["standard"], DARK.shape_b) > 200 and pixels_of(pictures["standard"], blind.shape_b) == 0
    assert pixels_of(pictures["colour-blind"], blind.shape_b) > 200 and pixels_of(pictures["colour-blind"], DARK.shape_b) == 0
    assert not np.array_equal(pictures["standard"], pictures["colour-blind"])


def test_an_unknown_palette_is_refused_naming_the_choices(tmp_path):
    done = run("--scene", "box-box", "--palette", "sepia", "--screenshot", tmp_path / "never.png")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "sandbox: --palette: invalid choice: 'sepia' (choose from 'standard', 'colour-blind')\n"
    assert not (tmp_path / "never.png").exists()
