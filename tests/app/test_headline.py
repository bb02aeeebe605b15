"""The verdict line is laid out once (kit.headline) for the window, the SVG and the record of
what a figure shows: a detail the line has no room for is in none of them."""

import re

from sandbox.app import figure_svg, seen
from sandbox.app.session import Session
from sandbox.kit import headline
from sandbox.kit.report import Claim, Verdict
from sandbox.kit.svg import text_width


def headline_texts(svg):
    """The verdict line's texts, its second line's (a detail under the verdict) after."""
    lines = re.findall(r'<text x="14" [^>]*>(.*?)</text>', svg)
    return [text for line in lines for text in re.findall(r"<tspan[^>]*>([^<]*)</tspan>", line)]


def test_a_detail_is_recorded_where_the_svg_draws_it_and_nowhere_it_has_no_room():
    wide, narrow = Session("box-box", size=(1280, 720)), Session("box-box", size=(250, 720))
    for session in (wide, narrow):
        recorded = [each.text for each in seen.of(session) if each.where == "headline"]
        assert recorded == headline_texts(figure_svg.figure(session))
    detail = wide.verdict().detail
    assert detail in [each.text for each in seen.of(wide)]
    assert detail not in [each.text for each in seen.of(narrow)]


def test_the_layout_leaves_the_claims_half_the_line_and_drops_a_detail_with_no_room():
    verdict = Verdict("COLLIDING", "mtv", "MTV 44.8 along Q")
    claims = (Claim("DemoSAT1's formula", "PENETRATING", False),)
    parts = headline.layout(verdict, claims, 600, 1.0, text_width)
    assert [part.kind for part in parts] == ["verdict", "claims"]
    assert parts[0].x + parts[0].width <= 600 * 0.45 + headline.GAP
    assert [part.kind for part in headline.layout(verdict, (), 600, 1.0, text_width)] == ["verdict", "detail"]
    assert headline.layout(None, claims, 600, 1.0, text_width) == []


def test_no_part_shrinks_below_the_least_size_asked_and_a_detail_without_room_gives_way():
    """Print's floor (handout: what prints at 8 pt): the claims keep it, the detail is left out."""
    verdict = Verdict("MISSES", "separating", "closest 12.5 apart at t = 0.41")
    claims = (Claim("the sweep without turning", "MISS", False),)
    squeezed = headline.layout(verdict, claims, 500, 2.3, text_width)
    assert min(part.points for part in squeezed) < 29  # the case: without a floor, a part shrinks under it
    held = headline.layout(verdict, claims, 500, 2.3, text_width, least=29)
    assert [part.kind for part in held] == ["verdict", "claims"]
    assert min(part.points for part in held) >= 29


def test_a_large_verdict_gives_way_before_its_detail_does():
    verdict = Verdict("SHADOWS APART", "separating", "gap on P +100.9")
    claims = (Claim("DemoSAT1's formula", "PENETRATING", False),)
    parts = headline.layout(verdict, claims, 1800, 2.3, text_width, least=29)
    assert [part.kind for part in parts] == ["verdict", "claims", "detail"]
    assert parts[0].points < round(headline.VERDICT_SIZE * 2.3)  # it shrank for the detail
    assert parts[-1].x + parts[-1].width <= 1800


def test_nothing_after_the_verdict_is_larger_than_it():
    """A long verdict at a presenter scale gives way to its detail, but never shrinks below it."""
    verdict = Verdict("STATIC AND SAMPLES PUSH WRONG WAY", "text", "swept: first touch at t = 0.517")
    for room in (900, 1200, 1500, 1830):
        parts = headline.layout(verdict, (), room, 2.5, text_width)
        assert all(part.points <= parts[0].points for part in parts[1:]), (room, [(p.kind, p.points) for p in parts])


def test_a_shrunk_part_fits_its_room_and_is_not_rounded_up_past_it():
    """voronoi-regions at --present with the panel open: the verdict, shrunk to its room, was
    rounded up a point past it and cut to "EDGE BC'S REGI..."."""
    def measure(text, points):
        return len(text) * points * 0.8

    for room in range(150, 400, 7):
        points, used = headline.fit("EDGE BC'S REGION", 52, room, measure, least=26)
        assert used <= room or points == 26, (room, points, used)


def test_a_claim_with_no_room_keeps_its_answer_and_drops_its_first_words():
    """time-of-impact at 1920x1080 3x beside the opened panel: the claim had no room at its size
    at 1x, and the window cut it to "the sweep without turning: MISS (wr…"."""
    verdict = Verdict("HITS AT t = 0.561", "mtv", "10 steps")
    claims = (Claim("the sweep without turning", "MISS", False),)
    shortened = 0
    for room in range(700, 1100, 10):
        parts = headline.layout(verdict, claims, room, 2.5, text_width)
        said = parts[1]
        assert said.kind == "claims" and said.x + said.width <= room, (room, said)
        assert said.text.endswith("turning: MISS (wrong)"), (room, said.text)
        shortened += said.text.startswith("…")
    assert shortened  # the case: some rooms have no space for the whole claim


def test_a_claim_with_no_room_even_shortened_keeps_its_answer_whole():
    """why-quadtrees step 5 revealed, at 1280x720 beside the panel: "…retrieve: 1 TOUCHING OBJECT
    MISSED (wrong)" was still too wide and the window cut it to "(wr…"; the answer is the claim."""
    verdict = Verdict("91 PAIR CHECKS", "text", "of 780 (11.7%); 4 real collisions")
    claims = (Claim("The tip's retrieve", "1 TOUCHING OBJECT MISSED", False),)
    parts = headline.layout(verdict, claims, 780, 1.0, text_width)
    said = parts[1]
    assert said.kind == "claims" and said.x + said.width <= 780, said
    assert said.text.endswith("1 TOUCHING OBJECT MISSED (wrong)"), said.text


def test_claims_squeezed_between_a_large_verdict_and_its_detail_go_on_two_lines_larger():
    """why-quadtrees step 5 revealed at 1920x1080 3x: the claim, which is the answer, was drawn at
    its 1x size between a 3x verdict and a larger detail."""
    verdict = Verdict("91 PAIR CHECKS", "text", "of 780 (11.7%); 4 real collisions")
    claims = (Claim("The tip's retrieve", "1 TOUCHING OBJECT MISSED", False),)
    parts = headline.layout(verdict, claims, 1800, 2.5, text_width)
    by_kind = {part.kind: part for part in parts}
    assert set(by_kind) == {"verdict", "claims", "detail"}
    assert by_kind["claims"].points >= by_kind["detail"].points, parts
    assert by_kind["claims"].points > headline.SIDE_SIZE, parts


def test_no_part_is_drawn_below_a_floor_that_is_not_a_whole_point():
    """handlook3 #9: the compact handout's verdict line printed at 7.8 pt: its floor, 8 pt on
    paper, is a fraction of a point in the figure, and was rounded down."""
    verdict = Verdict("STATIC AND SAMPLES PUSH WRONG WAY", "text", "swept: first touch at t = 0.517")
    for least in (26.4, 30.6, 27.51):
        for room in (300, 450, 600):
            parts = headline.layout(verdict, (), room, 1.5, text_width, least=least)
            assert all(part.points >= least for part in parts), (least, room, [(p.kind, p.points) for p in parts])
