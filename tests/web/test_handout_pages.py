"""Handouts printed from Chromium to A4 and measured page by page (issue 34): no page but the
last left half blank. Kept whole, a step and its table took a page each, half of it blank, and
the compact layout's forced two steps a page left pages 40-60% full.

A page's fill is the share of its text area (inside the @page margins, the footer aside) above
its lowest printed row, read from the PDF rasterised by pdftoppm.
"""

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from browser import browser  # noqa: F401  (the fixture)
from sandbox.app import handout, walkthrough
from sandbox.app.window import app_window, png

ROOT = Path(__file__).resolve().parents[2]
LEAST = 0.6
"""The least share of a page (all but a handout's last) that print may fill."""


def fills(pdf, folder):
    """Each page's fill, in order."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("measuring printed pages needs pdftoppm: apt-get install poppler-utils")
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(pdf), str(folder / "page")], check=True)
    shares = []
    for page in sorted(folder.glob("page-*.png"), key=lambda path: int(path.stem.split("-")[1])):
        grey = png.read(page)[..., :3].mean(axis=2)
        top, bottom = round(len(grey) * 12 / 297), round(len(grey) * (297 - 14) / 297)  # the @page margins
        rows = np.flatnonzero((grey[top:bottom] < 200).any(axis=1))
        shares.append(0.0 if len(rows) == 0 else (rows[-1] + 1) / (bottom - top))
    return shares


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("lesson", ["vectors-and-the-dot-product", "where-do-they-touch"])
def test_no_printed_page_but_the_last_is_half_blank(browser, tmp_path, lesson, compact):  # noqa: F811
    out = tmp_path / "out"
    with pytest.MonkeyPatch.context() as patch:
        # The pages print the SVGs; the PNGs are the regression baselines' (tests/render).
        patch.setattr(app_window, "screenshot", lambda session, path, follow_links=True: path)
        handout.export(walkthrough.load(ROOT / "walkthroughs" / f"{lesson}.toml"), out, compact=compact)
    page = browser.new_page()
    for edition in ("index", "teacher"):
        page.goto((out / f"{edition}.html").as_uri())
        page.wait_for_load_state("networkidle")
        pdf = tmp_path / f"{edition}.pdf"
        page.pdf(path=str(pdf), format="A4", print_background=True)
        (tmp_path / edition).mkdir()
        shares = fills(pdf, tmp_path / edition)
        blank = [f"page {number} {share:.0%}" for number, share in enumerate(shares[:-1], 1) if share < LEAST]
        assert len(shares) > 2 and not blank, f"{edition}.html of {len(shares)} pages: {', '.join(blank)}"
    page.close()


KEY_LEAST = 0.8
"""The least share of a page of the answer key (all but its last) that print may fill."""


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("lesson", ["sat-from-scratch", "where-do-they-touch"])
def test_the_answer_key_packs_its_answers(browser, tmp_path, lesson, compact):  # noqa: F811
    """The key printed alone (the student's edition less everything before it): each answer's
    caption was printed under its figure and its tables one under another, so an answer took
    two thirds of a page and the next figure did not fit under it, one answer a page, 62-68%
    full. Packed, two answers share a page."""
    out = tmp_path / "out"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app_window, "screenshot", lambda session, path, follow_links=True: path)
        handout.export(walkthrough.load(ROOT / "walkthroughs" / f"{lesson}.toml"), out, compact=compact)
    page = browser.new_page()
    page.goto((out / "index.html").as_uri())
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.querySelectorAll('#answers .answer').length") >= 3
    page.evaluate("document.querySelectorAll('body > *:not(#answers)').forEach(e => e.remove())")
    pdf = tmp_path / "key.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    page.close()
    (tmp_path / "key").mkdir()
    shares = fills(pdf, tmp_path / "key")
    loose = [f"page {number} {share:.0%}" for number, share in enumerate(shares[:-1], 1) if share < KEY_LEAST]
    assert not loose, f"the key's {len(shares)} pages: {', '.join(loose)}"
