"""Figure("box-box") live in JupyterLab, started by the test on localhost, in headless Chromium:
a mouse drag of B onto A turns the verdict to COLLIDING with the MTV that collision.sat gives
for the boxes where the kernel holds them, and R over B turns it 3 degrees.

B's and A's centre dots are found in the drawn SVG by their colours (the dark theme's shape
colours); the MTV shown is read from the figure's verdict line.
"""

import json
import math
import re

import pytest

from browser import browser  # noqa: F401  (the fixture)
from lab import jupyterlab
from sandbox.kit.theme import DARK

CELLS = [
    "from sandbox.notebook import Figure\nfig = Figure('box-box')\nfig",
    "from collision import sat\nresult = sat(fig.scene.shapes['A'], fig.scene.shapes['B'])\n"
    "print('SAT', repr(result.depth), repr(result.mtv.x), repr(result.mtv.y))",
]


def notebook(cells):
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": source}
                  for i, source in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a free port of localhost, serving a folder with the notebook."""
    folder = tmp_path_factory.mktemp("lab")
    (folder / "figure.ipynb").write_text(json.dumps(notebook(CELLS)))
    with jupyterlab(folder) as running:
        yield running


def centre(page, colour):
    """The page position of the centre dot drawn in ``colour`` (the figure's only filled circle of it)."""
    fill = "#{:02x}{:02x}{:02x}".format(*colour[:3])
    dot = page.locator(f'.sandbox-picture svg circle[fill="{fill}"]:not([stroke])')
    assert dot.count() == 1, f"{dot.count()} dots of {fill}"
    box = dot.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def angle_of(page, name):
    return float(page.locator(f'.sandbox-poses tr[data-name="{name}"] td').nth(3).inner_text().rstrip("°"))


def test_a_drag_in_jupyterlab_collides_as_sat_says_and_r_turns(browser, lab):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(lab.url("figure.ipynb"))
    # The kernel idle first: a fresh environment's first kernel can take longer to start than
    # the page to draw, and a Shift+Enter sent before it was lost once in a clean-clone run.
    lab.wait_for_idle_kernel()
    first = page.locator(".jp-Notebook .jp-CodeCell").first
    first.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    verdict = page.locator(".sandbox-picture svg text").last
    # In a fresh environment the first import compiles every module it reaches: allow for it.
    verdict.wait_for(timeout=120_000)
    assert verdict.text_content().startswith("SEPARATED")

    bx, by = centre(page, DARK.shape_b)
    ax, ay = centre(page, DARK.shape_a)
    page.mouse.move(bx, by)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(bx + (ax - bx) * i / 10, by + (ay - by) * i / 10)
    page.mouse.up()
    page.wait_for_function("() => [...document.querySelectorAll('.sandbox-picture svg text')].pop().textContent.startsWith('COLLIDING')")

    # R with the pointer still over B (dropped on A's centre, and drawn over A): a tap is 3 degrees.
    before = angle_of(page, "B")
    page.keyboard.press("r")
    page.wait_for_function(f"() => document.querySelector('.sandbox-poses tr[data-name=B] td:nth-child(4)').textContent !== '{before:g}°'")
    assert math.isclose(angle_of(page, "B"), before + 3, abs_tol=1e-9)
    assert page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt").count() == 1  # still a code cell: R stayed in the figure

    shown = page.locator(".sandbox-picture svg text").last.text_content()
    page.locator(".jp-Notebook .jp-CodeCell").nth(1).locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    printed = page.locator(".jp-OutputArea-output pre", has_text="SAT ")
    printed.wait_for(timeout=30_000)
    depth, x, y = (float(v) for v in printed.inner_text().split()[1:])
    assert depth > 0
    # The verdict line: COLLIDING, then "MTV <depth> along <axis>"; the table gives its direction.
    assert re.search(r"MTV (\d+\.\d)", shown).group(1) == f"{depth:.1f}"
    assert math.isclose(math.hypot(x, y), depth, rel_tol=1e-9)
    moves = page.locator(".sandbox-tables tr", has_text="how far the MTV moves B out of A").inner_text()
    towards = page.locator(".sandbox-tables tr", has_text="the MTV's direction").inner_text()
    assert f"{depth:.1f}" in moves and f"{math.degrees(math.atan2(y, x)) % 360:.1f}°" in towards
    page.close()
