"""What a scene reports, once: the verdict, lines and tables a class reads, the named answers
questions may ask for, the claims its deliberately flawed methods make, and the numbers as JSON.

The app renders one Report into the panel, the canvas's headline, the handout's tables, the
step JSON and the questions' answers; no scene writes any of them a second time.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class Verdict(NamedTuple):
    """The one line a class reads first, large on the canvas and at the top of the panel."""

    text: str
    """For example "COLLIDING"."""

    role: str
    """The theme colour it is drawn in: "separating", "overlap", "mtv"..."""

    detail: str = ""
    """The key number, for example "MTV 12.3 along R"."""


class Table(NamedTuple):
    """Some of a scene's numbers as a class reads them: plain words, no code names."""

    headers: tuple[str, ...]
    """Column headings; empty for a list of "name, value" rows, each headed by its first cell."""

    rows: tuple[tuple[str, ...], ...]
    """Rows of cell texts, as many cells as headers (or two, without headers)."""

    title: str = ""
    """A line above the table, or none."""


class Line(NamedTuple):
    """A sentence of the report, in one of the theme's colours."""

    text: str
    role: str = "text"
    """The theme colour: "text", "separating", "max_corner" (a warning)..."""


class Claim(NamedTuple):
    """What a deliberately flawed method says, beside whether the full test agrees: shown on the
    canvas and in the panel while that method is switched on, so a caption about it is true."""

    method: str
    """Who claims it: "DemoSAT1's formula", "DemoSAT5's single axis"."""

    says: str
    """Its answer, in capitals as a verdict: "PENETRATING", "COLLISION"."""

    right: bool
    """Whether the full test agrees."""

    def text(self) -> str:
        return f"{self.method}: {self.says} ({'right' if self.right else 'wrong'})"


@dataclass(frozen=True)
class Cost:
    """One count of an algorithm's work, from the run that drew the figure."""

    what: str
    """What was counted, in plain words: "axes tested", "shadows cast"."""

    count: int


@dataclass(frozen=True)
class Code:
    """The core function a step ran, as the Code view shows it: its listing, the lines this
    step ran (in order), and the values of its local variables at each of them."""

    name: str
    """The function's dotted name, e.g. "collision.sat.sat"."""

    first: int
    """The file line number of the listing's first line."""

    lines: tuple[str, ...]
    """The listing."""

    step: str
    """Which step this is, in words: "axis Q, the 2nd of 4"."""

    runs: tuple[tuple[int, tuple[tuple[str, str], ...]], ...]
    """(file line, ((name, value as text), ...)) for each line run in this step, in order."""

    marked: int
    """The index in ``runs`` of the line the step is about (the line a handout marks)."""

    def listed(self) -> list[tuple[int, str]]:
        """(file line, source) of the listing without its docstring: the code a class reads."""
        numbered = list(enumerate(self.lines, self.first))
        quotes = [index for index, (_, source) in enumerate(numbered) if '"""' in source][:2]
        if len(quotes) == 2 and quotes[0] <= 2:
            # The first line can hold the whole docstring: then it alone goes.
            end = quotes[0] if numbered[quotes[0]][1].count('"""') == 2 else quotes[1]
            numbered = numbered[: quotes[0]] + numbered[end + 1 :]
        return numbered

    def __post_init__(self) -> None:
        if not 0 <= self.marked < max(len(self.runs), 1):
            raise ValueError(f"marked {self.marked} is not one of the step's {len(self.runs)} runs")


JsonValue = Any
"""A value json.dumps takes: None, bool, int, float, str, and lists and dicts of them."""


@dataclass(frozen=True)
class Fact:
    """One number or word the class may read, named once: its value, what it means, its unit and
    the digits it is shown with, and the canvas label it is drawn with. Tables, answers, the
    step JSON and captions' ``{name}`` fields are all written from it."""

    name: str
    """Its name, dotted for a fact inside a list or table of the Report: "depth", "axes.2.overlap"."""

    value: JsonValue
    means: str = ""
    """What it is, in a few plain words: "how far B must move to leave A"; its name's words if empty."""

    unit: str = ""
    """"°", "%", "s", "units"..., or none."""

    digits: int = 1
    """The decimals a float is shown with."""

    label: str = ""
    """The label the canvas draws it beside (an axis "Q", a point "p1"), or none."""

    trim: bool = False
    """Whether trailing zeros go ("6", "3.6", "-2.58"), as a worked example writes them."""

    def text(self) -> str:
        """The fact as every surface shows it: "44.8", "−12.6" as "-12.6", "30°", "yes"."""
        shown = number(self.value, self.digits)
        if self.trim and isinstance(self.value, float) and "." in shown:
            shown = shown.rstrip("0").rstrip(".")
            shown = "0" if shown == "-0" else shown
        if not self.unit:
            return shown
        return f"{shown}{self.unit}" if self.unit in ("°", "%") else f"{shown} {self.unit}"

    @property
    def words(self) -> str:
        return self.means or _words(self.name)


@dataclass(frozen=True)
class Report:
    """A scene's result as every surface shows it. ``tables`` default to one "name, value" row
    for each of ``numbers``; ``answers`` default to every single value of ``numbers``."""

    verdict: Verdict | None = None
    lines: tuple[Line, ...] = ()
    tables: tuple[Table, ...] | None = None
    numbers: Mapping[str, JsonValue] = field(default_factory=dict)
    answers: Mapping[str, str] | None = None
    claims: tuple[Claim, ...] = ()
    costs: tuple[Cost, ...] = ()
    """The algorithm's work counted in this run (a cost meter); empty for a scene that counts none."""
    code: Code | None = None
    """The core's code as this step ran it, when the scene's Code view is on."""
    facts: tuple[Fact, ...] = ()
    """Facts named with their meaning, unit, digits or label; each is also one of ``numbers``
    (set there at its dotted name), and every other leaf of ``numbers`` is a plain fact."""

    def __post_init__(self) -> None:
        declared = tuple(self.facts)
        object.__setattr__(self, "facts", declared)
        if declared:
            numbers = _copy(self.numbers)
            for fact in declared:
                _put(numbers, fact.name, fact.value)
            object.__setattr__(self, "numbers", numbers)
        if self.tables is None:
            rows = tuple((fact.words, fact.text()) for fact in self.named().values())
            object.__setattr__(self, "tables", (Table((), rows),) if rows else ())
        else:
            object.__setattr__(self, "tables", tuple(self.tables))
        if self.answers is None:
            named = self.named().items()
            object.__setattr__(self, "answers", {name: fact.text() for name, fact in named if not isinstance(fact.value, (list, tuple))})
        object.__setattr__(self, "lines", tuple(Line(line) if isinstance(line, str) else line for line in self.lines))
        object.__setattr__(self, "claims", tuple(self.claims))
        object.__setattr__(self, "costs", tuple(self.costs))

    def named(self) -> dict[str, Fact]:
        """Every fact of the Report by its dotted name: each leaf of ``numbers``, with what
        ``facts`` declares of it (its meaning, unit, digits, label)."""
        declared = {fact.name: fact for fact in self.facts}
        found = {}
        for name, value in _flat(self.numbers):
            fact = declared.get(name)
            found[name] = Fact(name, value) if fact is None else fact
        return found


def number(value: object, digits: int = 1) -> str:
    """A number as a class reads it: ``digits`` decimals, no "-0.0"; anything else as text."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    if isinstance(value, float):
        text = f"{value:,.{digits}f}"
        return text[1:] if text.startswith("-") and not text.strip("-0.,") else text
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(number(v, digits) for v in value) + ")"
    return str(value)


def _words(key: str) -> str:
    return key.replace("_", " ").replace(".", ", ")


def _flat(numbers: Mapping[str, JsonValue], prefix: str = "") -> Iterator[tuple[str, JsonValue]]:
    """(dotted key, value) for every leaf of nested dicts."""
    for key, value in numbers.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def leaves(numbers: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """Every value of ``numbers`` by its dotted name, lists and tables included and each of
    their items too: "axes" (the list), "axes.0" (a table), "axes.0.overlap" (a number)."""
    found: dict[str, JsonValue] = {}

    def take(name: str, value: JsonValue) -> None:
        found[name] = value
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, (list, tuple)) else ()
        for key, inner in items:
            take(f"{name}.{key}", inner)

    for key, value in numbers.items():
        take(str(key), value)
    return found


def _copy(numbers: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    return {key: _copy(value) if isinstance(value, dict) else value for key, value in numbers.items()}


def _put(numbers: dict[str, JsonValue], name: str, value: JsonValue) -> None:
    """Set ``value`` at the dotted ``name`` of nested dicts, making the tables on the way."""
    *path, last = name.split(".")
    for key in path:
        numbers = numbers.setdefault(key, {})
    numbers[last] = value
