"""What a figure shows the class: each text it draws, and which facts and labels that text names.

Every renderer draws the same texts (the scene's labels and meter through its painter, the
headline from the Report), so one record serves them all: a step's export carries it as its
"visible" list, and ``--check-lesson`` asks it, not a regular expression over the whole Report,
whether an answer is on screen before its reveal, or a choice's label is missing.

A number names a fact where it is that fact as the Report shows it, sign and digits included
("-12.6" is not "12.6", "45" is not "44.8"). A word names a fact whose value it is, except a
label written alone: "Q" beside an axis names the axis; "MTV along Q" states which one it is.
"""

import re
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from sandbox.kit import headline
from sandbox.kit.painter import RecordingPainter
from sandbox.kit.report import Fact, Report
from sandbox.kit.svg import text_width

NUMBER = re.compile(r"(?<![\w.,])[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!\d)")
"""A number as a label writes it: 91, 31,125, -12.6, −2.6 (the minus sign too)."""

LABEL = re.compile(r"[A-Za-z]|[A-Z][A-Z0-9]{1,2}|[A-Za-z][0-9]{1,2}|[A-Z]'|\d{1,2}")
"""A label written alone: A, B, P, Q, d, LL, UR, p1, A', an axis's number 1."""


class Seen(NamedTuple):
    """One text of a figure and what it names."""

    where: str
    """"canvas" (the scene's own labels and meter), "headline" (the verdict line) or "caption"."""

    text: str
    facts: tuple[str, ...]
    """The names of the facts it shows."""

    labels: tuple[str, ...]
    """The labels it is (a label drawn alone), or none."""

    def as_json(self) -> dict[str, Any]:
        return {"where": self.where, "text": self.text, "facts": list(self.facts), "labels": list(self.labels)}


def shown_text(fact: Fact) -> str:
    """How a text writes ``fact``: its number without the unit, or its word."""
    text = fact.text()
    return text[: -len(fact.unit)].rstrip() if fact.unit and text.endswith(fact.unit) else text


def written_value(fact: Fact, text: str) -> Any:
    """The number ``text`` writes for ``fact``: a gap as its size after the word ("gap 12.1"
    shows -12.1), any other as it is."""
    return -fact.value if fact.form == "gap" and fact.value < 0 and "gap" in text else fact.value


def is_number(fact: Fact) -> bool:
    return isinstance(fact.value, (int, float)) and not isinstance(fact.value, bool)


def names(text: str, facts: Mapping[str, Fact], canvas: bool = False) -> tuple[str, ...]:
    """The facts ``text`` shows, by name; a label drawn alone shows none, nor on the canvas a
    word drawn alone (a shape's name "box": the verdict "SEPARATED" alone does state one)."""
    if LABEL.fullmatch(text.strip()):
        return ()
    numbers = values(text)
    found = []
    for name, fact in facts.items():
        if isinstance(fact.value, (list, tuple, dict)) or fact.value is None:
            continue
        if is_number(fact):
            if any(shows(written, written_value(fact, text)) for written in numbers):
                found.append(name)
        elif says(text, shown_text(fact)) and not (canvas and text.strip().lower() == shown_text(fact).lower()):
            found.append(name)
    return tuple(found)


ID_WORDS = frozenset({"axis", "corner", "edge", "level", "node", "object", "sample", "side", "step", "tile", "vertex"})
"""Words a whole number after which names a thing ("side 1", "vertex 3"): an id, not a value."""


def values(text: str) -> list[str]:
    """The numbers ``text`` writes as values (no commas, the minus sign as "-"): not a whole
    number naming a thing after its word ("side 1", "vertex 3", "axis 2"), which is an id."""
    return [written for written, _ in _numbers(text)]


PAIR = re.compile(r"\(\s*[-−]?\d+(?:\.\d+)?,\s+[-−]?\d+(?:\.\d+)?\s*\)")
"""A point or vector as a label writes it: (2, 6), (-0.97, 0.23). Its two numbers are one value,
not two: a length of 6 asked for is not the 6 of "a (2, 6)" (hidden so, vectors' step 6 read
"a (2, ?)" and "b (?, 8)" while it asked how long a's shadow is)."""


def _numbers(text: str) -> list[tuple[str, "re.Match[str]"]]:
    pairs = [match.span() for match in PAIR.finditer(text)]
    found = []
    for match in NUMBER.finditer(text):
        if any(start <= match.start() < end for start, end in pairs):
            continue
        written = match.group(0).replace("−", "-").replace(",", "")
        before = text[: match.start()].rstrip().split(" ")[-1].lower()
        if before in ID_WORDS and written.isdigit():
            continue  # an id: "side 1"
        found.append((written, match))
    return found


def shows(written: str, value: float) -> bool:
    """Whether the number ``written`` (no commas) is ``value`` at the digits it is written
    with, sign included: "0.32" shows 0.317, "45" shows 44.78, "12.6" does not show -12.6. A
    written whole number of one digit shows only that very number: a lone "1" is no rounding."""
    decimals = len(written.split(".")[1]) if "." in written else 0
    rounded = f"{value:.{decimals}f}"
    if rounded.startswith("-") and not rounded.strip("-0."):
        rounded = rounded[1:]
    if rounded != written:
        return False
    return decimals > 0 or len(written.lstrip("-")) > 1 or float(value).is_integer()


def says(text: str, word: str) -> bool:
    """Whether ``text`` states ``word``: as a whole word, case aside for a word of four letters
    or more; a label (Q, A) only among other words ("MTV along Q"), not beside its number."""
    if not word:
        return False
    label = LABEL.fullmatch(word) is not None
    flags = 0 if label or len(word) < 4 else re.IGNORECASE
    pattern = rf"(?<![\w]){re.escape(word)}(?![\w])"
    if re.search(pattern, text, flags) is None:
        return False
    if not label:
        return True
    rest = re.sub(pattern, " ", text)
    return re.search(r"[A-Za-z]{2,}", rest) is not None


def of(session: Any) -> list[Seen]:
    """What ``session``'s figure shows now: the canvas's labels and meter (through the painter
    the figure is drawn with: the open question's answer hidden), then the verdict line as
    its SVG lays it out."""
    painter = RecordingPainter()
    session.draw(painter)
    texts = [("canvas", call[2]) for call in painter.of("text")]
    # The verdict line's parts that fit, laid out as the window and the SVG lay them out.
    parts = headline.layout(session.verdict(), session.claims(), session.camera.width - 30, session.font_scale, text_width,
                          session.least_points)
    texts += [("headline", part.text) for part in parts]
    return record(texts, session.report())


def open_question(figure: Any) -> Fact | None:
    """The fact ``figure``'s open question asks for (a session, or a class's figure: anything
    with ``asking``, ``step``, ``fault`` and ``report()``), or None with no question open."""
    if not figure.asking or figure.step is None or not figure.step.answer or figure.fault is not None:
        return None
    return report_facts(figure.report()).get(figure.step.answer)


def hiding(painter: Any, figure: Any) -> Any:
    """``painter``, or while ``figure``'s question is open one that writes its answer "?"."""
    asked = open_question(figure)
    return painter if asked is None else Hiding(painter, [asked])


def report_facts(report: Report) -> dict[str, Fact]:
    """Every fact of ``report`` by name: its named facts, and each of its answers as the class
    reads it (a number where it is written as one, else a word)."""
    facts = report.named()
    for name, answer in report.answers.items():
        if name not in facts or facts[name].text() != answer:
            facts[name] = answer_fact(name, answer)
    return facts


def answer_fact(name: str, answer: str) -> Fact:
    written = answer.replace("−", "-").replace(",", "")
    if NUMBER.fullmatch(answer) and written.lstrip("-").replace(".", "", 1).isdigit():
        decimals = len(written.split(".")[1]) if "." in written else 0
        return Fact(name, float(written) if decimals else int(written), digits=decimals)
    return Fact(name, answer)


def record(texts: Iterable[tuple[str, str]], report: Report) -> list[Seen]:
    """The Seen of each ``(where, text)``, against ``report``'s facts."""
    facts = report_facts(report)
    return [Seen(where, text, names(text, facts, where == "canvas"), labels(text) if where == "canvas" else ()) for where, text in texts if text.strip()]


def labels(text: str) -> tuple[str, ...]:
    """The label ``text`` is: a label alone ("Q"), or one beside its number ("S -107.2°")."""
    first, _, rest = text.strip().partition(" ")
    if not LABEL.fullmatch(first) or re.search(r"[A-Za-z]", rest):
        return ()
    return (first,)


def facts_seen(seen: Iterable[Seen]) -> set[str]:
    return {name for each in seen for name in each.facts}


def labels_seen(seen: Iterable[Seen]) -> set[str]:
    return {label for each in seen for label in each.labels}


class Hiding:
    """A painter that writes "?" for the facts ``hidden`` wherever a label shows them: while a
    question is open the figure keeps its meter and labels, without the answer in them."""

    def __init__(self, painter: Any, hidden: Iterable[Fact]) -> None:
        self.painter = painter
        self.hidden = [fact for fact in hidden if fact.value is not None and not isinstance(fact.value, (list, tuple, dict))]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.painter, name)

    def text(self, at: Any, string: str, color: Any, size: float = 13, anchor: str = "left") -> None:
        self.painter.text(at, hide(string, self.hidden), color, size, anchor)


def hide(text: str, hidden: Iterable[Fact]) -> str:
    """``text`` with each of the ``hidden`` facts it shows written as "?"."""
    for fact in hidden:
        shown = shown_text(fact)
        if LABEL.fullmatch(text.strip()):
            continue
        if is_number(fact):
            value = written_value(fact, text)
            for written, match in reversed(_numbers(text)):
                if shows(written, value):
                    text = text[: match.start()] + "?" + text[match.end():]
        elif says(text, shown) and text.strip().lower() != shown.lower():
            text = re.sub(rf"(?<![\w]){re.escape(shown)}(?![\w])", "?", text, flags=0 if LABEL.fullmatch(shown) else re.IGNORECASE)
    return text
