"""Every question of every shipped lesson: its answer is nowhere on the figure the class
predicts from, and it is on the figure revealed. Checked twice: from the step's visible list
(what the renderer recorded it drew), and on its own from the text of the SVG the handout prints."""

import html
import re
from pathlib import Path

import pytest

from sandbox.app import figure_svg, seen, walkthrough
from sandbox.app.lessoncheck import asked_fact
from sandbox.app.session import Session

ROOT = Path(__file__).resolve().parents[2]

QUESTIONS = [
    (path, number)
    for path in sorted((ROOT / "walkthroughs").glob("*.toml"))
    for number, step in enumerate(walkthrough.load(path).steps, 1)
    if step.question
]

TEXT = re.compile(r"<(?:text|tspan)\b[^>]*>([^<]*)(?=<)")


def svg_texts(svg):
    """The words an SVG shows: each text and tspan element's own text."""
    return [html.unescape(text) for text in TEXT.findall(svg) if text.strip()]


def written_in(texts, answer):
    """Whether ``answer`` (as the key prints it) is written in ``texts``: a number as a whole
    token with its sign, a word as a whole word. A text that is the answer alone is a label (an
    axis "1", a shape "A"), and a label beside its angle ("Q 11.5°") names the axis: a label
    answers only among other words ("MTV along Q")."""
    found = False
    for text in texts:
        text = text.replace("−", "-")
        if text.strip() == answer:
            continue
        if re.fullmatch(r"-?[\d,]+(\.\d+)?", answer):
            # A whole number after a thing's name is its id ("side 1"), not a count; a point's
            # coordinates ("a (2, 6)") are the point, not a length or a count of 6 (the class
            # works the answer out from them).
            named = rf"\b(side|vertex|edge|axis|tile|corner|object|node|level|step|sample) {re.escape(answer)}\b"
            point = r"\(\s*-?\d+(\.\d+)?,\s+-?\d+(\.\d+)?\s*\)"
            found |= re.search(rf"(?<![\w.,\-]){re.escape(answer)}(?![\w]|\.\d)", re.sub(point, "", re.sub(named, "", text))) is not None
        elif len(answer) <= 2:
            rest = re.sub(rf"\b{re.escape(answer)}\b", " ", text)
            found |= rest != text and re.search(r"[A-Za-z]{2,}", rest) is not None
        else:
            found |= re.search(rf"\b{re.escape(answer)}\b", text, re.IGNORECASE) is not None
    return found


@pytest.mark.parametrize("path, number", QUESTIONS, ids=[f"{path.stem}-{number}" for path, number in QUESTIONS])
def test_the_answer_is_hidden_until_the_reveal_and_shown_after_it(path, number):
    lesson = walkthrough.load(path)
    session = Session(walkthrough=lesson)
    session.player.go(number - 1)
    step = session.step
    asked, asked_svg = seen.of(session), figure_svg.figure(session)
    session.player.reveal()
    shown, shown_svg = seen.of(session), figure_svg.figure(session)
    # The answer is the step's, at its layout: its overlays back, as the key prints it.
    fact = asked_fact(session.report(), step)
    answer = step.answer_text(session.scene)
    # From the visible list.
    assert fact.name not in seen.facts_seen(asked), [each.text for each in asked if fact.name in each.facts]
    # From the SVG's text, on its own.
    assert not written_in(svg_texts(asked_svg), answer), svg_texts(asked_svg)
    if seen.is_number(fact):
        assert fact.name in seen.facts_seen(shown), [each.text for each in shown]
        assert written_in(svg_texts(shown_svg), answer), svg_texts(shown_svg)
    else:
        # A word's answer (a verdict, yes or no) is what the reveal shows: the figure changes.
        assert [each.text for each in shown] != [each.text for each in asked]
        assert svg_texts(shown_svg) != svg_texts(asked_svg)


def test_the_tips_claim_counts_one_object_in_the_singular():
    # why-quadtrees step 5, revealed: one touching object missed, said as one.
    session = Session(walkthrough=walkthrough.load(ROOT / "walkthroughs" / "why-quadtrees.toml"))
    session.player.go(4)
    session.player.reveal()
    assert [claim.says for claim in session.claims()] == ["1 TOUCHING OBJECT MISSED"]


def test_a_points_coordinates_stay_while_a_number_they_share_is_asked():
    """vectors-and-the-dot-product step 6 asks how long a's shadow on b is (6): hidden wherever
    the figure wrote a 6, it printed "a (2, ?)" and "b (?, 8)", the very numbers the class works
    the answer out from."""
    path = ROOT / "walkthroughs" / "vectors-and-the-dot-product.toml"
    session = Session(walkthrough=walkthrough.load(path))
    session.player.go(5)
    assert session.step.answer == "length"
    texts = svg_texts(figure_svg.figure(session))
    assert "a (2, 6)" in texts and "b (6, 8)" in texts, texts
