"""A handout's legend and glossary are the lesson's, whatever the layout (issue 34, handlook2
#9 and #10): the greyscale legend said every black outline of the broad phases was "red: the
largest projection", and that row gave its glossary "projection", which the plain one left out;
the broad-phase lesson's glossary defined none of its own terms."""

import re

import pytest

from sandbox.app import handout, walkthrough

LESSON = """
title = "Broad"
[[steps]]
scene = "fast-moving"
caption = "B jumps the wall."
settings = { method = "static", samples = 4 }
[[steps]]
scene = "grid-broadphase"
caption = "A loose grid pairs each object with its neighbours: the candidate pairs, and the fat box of a tree."
settings = { focus = 115 }
"""


def legend_colours(page):
    legend = page.split('<section class="legend">')[1].split("</section>")[0]
    return [re.sub(r"<[^>]+>", "", row.split("</td>")[0]).strip() for row in re.findall(r"<tr><td>.*?</tr>", legend)]


def glossary(page):
    return re.findall(r"<dt>(.*?)</dt>", page.split('<section class="glossary">')[1].split("</section>")[0])


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layouts")
    (folder / "lesson.toml").write_text(LESSON)
    lesson = walkthrough.load(folder / "lesson.toml")
    found = {}
    for layout in ("plain", "compact", "greyscale"):
        handout.export(lesson, folder / layout, compact=layout == "compact", greyscale=layout == "greyscale", pngs=False)
        for name in handout.EDITIONS:
            found[layout, name] = (folder / layout / name).read_text()
    return found


def test_the_greyscale_legend_has_the_plain_one_s_colours(pages):
    plain = legend_colours(pages["plain", "index.html"])
    assert "red" not in plain and "purple" in plain
    for (layout, name), page in pages.items():
        assert legend_colours(page) == plain, (layout, name)


def test_the_glossary_is_the_same_in_every_layout_and_edition(pages):
    first = glossary(pages["plain", "index.html"])
    assert "projection" not in first
    for key, page in pages.items():
        assert glossary(page) == first, key


def test_the_broad_phases_terms_are_in_the_glossary(pages):
    assert {"loose grid", "candidate pair", "fat box", "tunnelling"} <= set(glossary(pages["plain", "index.html"]))
    text = " ".join(["Straddlers stay high", "sort and sweep", "Box2D's dynamic tree"])
    assert {"straddler", "sort and sweep", "AABB tree"} <= set(re.findall(r"<dt>(.*?)</dt>", handout._glossary(text)))
