"""A handout's legend and glossary are the lesson's, whatever the layout (issue 34, handlook2
#9 and #10): the greyscale legend said every black outline of the broad phases was "red: the
largest projection", and that row gave its glossary "projection", which the plain one left out;
the broad-phase lesson's glossary defined none of its own terms."""

import html
import re
from pathlib import Path

import pytest

from sandbox.app import handout, walkthrough

ROOT = Path(__file__).resolve().parents[2]

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


@pytest.mark.parametrize(("lesson", "terms"), [
    ("where-do-they-touch", ("reference face", "incident face", "contact point", "clipping", "capsule")),
    ("rays-casts-and-time-of-impact", ("ray cast", "slab", "time of impact", "conservative advancement")),
    ("collision-response", ("bounce (restitution)", "friction")),
    ("why-quadtrees", ("quadtree", "straddler")),
    ("why-characters-get-stuck", ("ghost vertex", "collide and slide")),
    ("from-sat-to-gjk", ("GJK", "simplex", "support point")),
])
def test_a_lesson_s_glossary_defines_its_own_terms(lesson, terms):
    """handlook3 #1: where-do-they-touch's glossary defined normal and overlap, and nothing of
    reference face, clipping or contact point; rays-casts', collision-response's and
    why-quadtrees' none of their own terms either."""
    words = (ROOT / "walkthroughs" / f"{lesson}.toml").read_text()
    defined = re.findall(r"<dt>([^<]*)</dt>", handout._glossary(html.escape(words)))
    for term in terms:
        assert html.escape(term) in defined, (lesson, term, defined)
