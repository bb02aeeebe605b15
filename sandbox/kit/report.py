"""What a scene reports, once: the verdict, lines and tables a class reads, the named answers
questions may ask for, the claims its deliberately flawed methods make, and the numbers as JSON.

The app renders one Report into the panel, the canvas's headline, the handout's tables, the
step JSON and the questions' answers; no scene writes any of them a second time.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import groupby
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

    missing: tuple[str, ...] = ()
    """The parts of the figure this line says had no room ("S's strip"): where the panel is
    folded or hidden, the canvas names them."""


class Claim(NamedTuple):
    """What a deliberately flawed method says, beside whether the full test agrees: shown on the
    canvas and in the panel while that method is switched on, so a caption about it is true."""

    method: str
    """Who claims it: "DemoSAT1's formula", "DemoSAT5's single axis"."""

    says: str
    """Its answer, in capitals as a verdict: "PENETRATING", "COLLISION"."""

    right: bool
    """Whether the full test agrees."""

    def text(self, dropped: int = 0) -> str:
        """The claim in words, the method's first ``dropped`` words left out for "…" (all of
        them: the answer alone): on a line with no room, its end, "(wrong)", must be read."""
        answer = f"{self.says} ({'right' if self.right else 'wrong'})"
        words = self.method.split()
        if not dropped:
            return f"{self.method}: {answer}"
        return f"…{' '.join(words[dropped:])}: {answer}" if dropped < len(words) else answer


@dataclass(frozen=True)
class Cost:
    """One count of an algorithm's work, from the run that drew the figure."""

    what: str
    """What was counted, in plain words: "axes tested", "shadows cast"."""

    count: int
    by: str = ""
    """The method that did it, where a meter counts several side by side ("SAT", "GJK"): the
    meter writes a method's counts on one line, "SAT: axes tried 4, shadows cast 8"."""


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

    def marked_line(self) -> str:
        """The source of the line the step is about, or "" for a step that ran none."""
        if not self.runs:
            return ""
        return self.lines[self.runs[self.marked][0] - self.first].strip()

    def __post_init__(self) -> None:
        if not 0 <= self.marked < max(len(self.runs), 1):
            raise ValueError(f"marked {self.marked} is not one of the step's {len(self.runs)} runs")


JsonValue = Any
"""A value json.dumps takes: None, bool, int, float, str, and lists and dicts of them."""


FORMS = ("", "interval", "gap")
"""How a fact's value is written besides its digits: plainly; "interval", a [low, high] pair
as "1.0..5.0"; "gap", a negative value as its size after the word ("gap 12.1")."""


@dataclass(frozen=True)
class Column:
    """One column of a table fact: the key each of its rows holds, the heading it is read
    under, and how its cells are written."""

    key: str
    heading: str = ""
    """The column's heading; the key's words if empty."""

    unit: str = ""
    digits: int = 1
    trim: bool = False
    form: str = ""
    """One of FORMS."""

    def fact(self, name: str, value: "JsonValue") -> "Fact":
        """The fact of one cell, ``name`` its dotted name ("axes.2.overlap")."""
        return Fact(name, value, self.heading or _words(self.key), self.unit, self.digits, trim=self.trim, form=self.form)


@dataclass(frozen=True)
class Fact:
    """One number or word the class may read, named once: its value, what it means, its unit and
    the digits it is shown with, and the canvas label it is drawn with. Tables, answers, the
    step JSON, the cost meter and captions' ``{name}`` fields are all written from it.

    A fact with ``columns`` is a table: its value a list of rows (dicts), or a dict of rows by
    their keys, each cell a fact of its own ("axes.2.overlap", "methods.grid.candidates"), its
    meaning the table's title."""

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

    form: str = ""
    """How the value is written besides its digits: one of FORMS."""

    columns: tuple[Column, ...] = ()
    """For a table: its columns, in order."""

    group: str = ""
    """The title of the "name, value" table a single fact is listed in (facts of one group
    together, groups in the order they first appear); none for the untitled one."""

    def __post_init__(self) -> None:
        if self.form not in FORMS:
            raise ValueError(f"fact {self.name}: form {self.form!r} is not one of {FORMS}")
        if self.columns and not isinstance(self.value, (list, tuple, Mapping)):
            raise ValueError(f"fact {self.name}: a table's value is a list of rows, or a dict of them by their keys")

    def text(self) -> str:
        """The fact as every surface shows it: "44.8", "−12.6" as "-12.6", "30°", "yes",
        "1.0..5.0" as an interval, "gap 12.1" as a gap."""
        if self.form == "interval" and isinstance(self.value, (list, tuple)) and len(self.value) == 2:
            return "..".join(self._shown(end) for end in self.value)
        if self.form == "gap" and isinstance(self.value, (int, float)) and not isinstance(self.value, bool) and self.value < 0:
            return f"gap {self._shown(-self.value)}"
        return self._shown(self.value)

    def _shown(self, value: JsonValue) -> str:
        shown = number(value, self.digits)
        if self.trim and isinstance(value, (list, tuple)):
            # A worked example's vector, each part trimmed: "(3.6, 4.8)", "(2, 6)".
            shown = "(" + ", ".join(replace(self, unit="")._shown(part) for part in value) + ")"
        if self.trim and isinstance(value, float) and "." in shown:
            shown = shown.rstrip("0").rstrip(".")
            shown = "0" if shown == "-0" else shown
        if not self.unit:
            return shown
        return f"{shown}{self.unit}" if self.unit in ("°", "%") else f"{shown} {self.unit}"

    @property
    def words(self) -> str:
        return self.means or _words(self.name)

    def cells(self) -> Iterator["Fact"]:
        """A table's cells as facts, row by row, each named by its row's key (or its index)
        and its column's: "methods.grid.candidates", "axes.2.overlap"."""
        rows = self.value.items() if isinstance(self.value, Mapping) else enumerate(self.value)
        for key, row in rows:
            for column in self.columns:
                yield column.fact(f"{self.name}.{key}.{column.key}", row.get(column.key))

    def table(self) -> "Table":
        """A table fact as the class reads it: its columns' headings, a row of cell texts per
        item, its meaning as the title."""
        headers = tuple(column.heading or _words(column.key) for column in self.columns)
        texts = [cell.text() for cell in self.cells()]
        width = len(self.columns)
        rows = tuple(tuple(texts[start : start + width]) for start in range(0, len(texts), width))
        return Table(headers, rows, self.means)


@dataclass(frozen=True)
class Report:
    """A scene's result as every surface shows it, written from its facts: the tables, the
    answers a question may ask for and the canvas's cost meter are all derived here, never by
    the scene. ``facts`` declares the facts a class reads (a table fact is a table, a single one
    a row of a "name, value" table); ``numbers`` holds the rest for the JSON and for questions.
    With no facts declared, every leaf of ``numbers`` is a row of one "name, value" table."""

    verdict: Verdict | None = None
    lines: tuple[Line, ...] = ()
    facts: tuple[Fact, ...] = ()
    """Facts named with their meaning, unit, digits or label; each is also one of ``numbers``
    (set there at its dotted name), and every other leaf of ``numbers`` is a plain fact."""
    numbers: Mapping[str, JsonValue] = field(default_factory=dict)
    claims: tuple[Claim, ...] = ()
    costs: tuple[Cost, ...] = ()
    """The algorithm's work counted in this run; empty for a scene that counts none."""
    code: Code | None = None
    """The core's code as this step ran it, when the scene's Code view is on."""
    meter: "Meter | None" = None
    """The table fact the canvas draws as its cost meter, or none (then the work counted,
    where a scene draws a meter)."""
    tables: tuple[Table, ...] = field(init=False)
    """Derived from the facts: no scene writes a table."""
    answers: Mapping[str, str] = field(init=False)
    """Every single fact's text by its name: what a question may ask for. Derived."""

    def __post_init__(self) -> None:
        declared = tuple(self.facts)
        object.__setattr__(self, "facts", declared)
        if declared:
            numbers = _copy(self.numbers)
            for fact in declared:
                _put(numbers, fact.name, fact.value)
            object.__setattr__(self, "numbers", numbers)
        if self.meter is not None:
            table = next((fact for fact in declared if fact.name == self.meter.table and fact.columns), None)
            if table is None:
                raise ValueError(f"the meter's {self.meter.table!r} is not a table fact of the report")
            keys = {column.key for column in table.columns}
            if not keys.issuperset(self.meter.columns):
                raise ValueError(f"the meter's columns {self.meter.columns} are not all of {self.meter.table!r}'s")
        object.__setattr__(self, "tables", self._tables())
        named = self.named().items()
        object.__setattr__(self, "answers", {name: fact.text() for name, fact in named if not isinstance(fact.value, (list, tuple, dict))})
        object.__setattr__(self, "lines", tuple(Line(line) if isinstance(line, str) else line for line in self.lines))
        object.__setattr__(self, "claims", tuple(self.claims))
        object.__setattr__(self, "costs", tuple(self.costs))

    def _tables(self) -> tuple[Table, ...]:
        """A table per table fact, and the single facts as "name, value" tables by group, in
        the order each first appears; with no facts declared, every leaf in one."""
        if not self.facts:
            rows = tuple((fact.words, fact.text()) for fact in self.named().values())
            return (Table((), rows),) if rows else ()
        order: list[Fact | str] = []
        groups: dict[str, list[tuple[str, str]]] = {}
        for fact in self.facts:
            if fact.columns:
                order.append(fact)
                continue
            if fact.group not in groups:
                groups[fact.group] = []
                order.append(fact.group)
            groups[fact.group].append((fact.words, fact.text()))
        return tuple(item.table() if isinstance(item, Fact) else Table((), tuple(groups[item]), item) for item in order)

    def named(self) -> dict[str, Fact]:
        """Every fact of the Report by its dotted name: each leaf of ``numbers``, with what
        ``facts`` declares of it (its meaning, unit, digits, label), and each cell of a table."""
        declared = {fact.name: fact for fact in self.facts}
        found = {}
        for name, value in _flat(self.numbers):
            fact = declared.get(name)
            found[name] = Fact(name, value) if fact is None else fact
        for fact in self.facts:
            if fact.columns:
                found.pop(fact.name, None)
                found.update((cell.name, cell) for cell in fact.cells())
        for cost in self.costs:
            key = cost.what.lower().replace(" ", "_").replace("'", "")
            found.setdefault(key, Fact(key, cost.count, cost.what))
        if self.code is not None:
            found.setdefault("code_line", Fact("code_line", self.code.marked_line(), "the line the step is about"))
        return found

    def meter_lines(self) -> list[str]:
        """The cost meter as the canvas writes it: the table's words (its meaning, or its
        name's words for a table the panel leaves untitled; with its value columns' headings
        when there are two or more), then "first cell: the others" for each row;
        without a table named, the work counted ("what: count" per cost, or a line per method
        for costs ``by`` one), or nothing."""
        if self.meter is None:
            return ["work counted", *_cost_lines(self.costs)] if self.costs else []
        fact = next(fact for fact in self.facts if fact.name == self.meter.table)
        first, *rest = fact.columns
        if self.meter.columns:
            rest = [column for column in rest if column.key in self.meter.columns]
        table = replace(fact, columns=(first, *rest)).table()
        title = fact.words if len(table.headers) < 3 else f"{fact.words}: {', '.join(table.headers[1:])}"
        return [title, *(f"{row[0]}: {', '.join(row[1:])}" for row in table.rows)]


class Meter(NamedTuple):
    """Which table fact the canvas's cost meter shows: its first column names each row, and
    ``columns`` (by key; all if none) are the counts."""

    table: str
    columns: tuple[str, ...] = ()


def _cost_lines(costs: tuple[Cost, ...]) -> Iterator[str]:
    """A line per cost ("what: count"), or per method for costs with a ``by`` ("SAT: axes
    tried 4, shadows cast 8", a leading repeat of the method's name left out of each)."""
    for by, group in groupby(costs, key=lambda cost: cost.by):
        if by:
            yield f"{by}: " + ", ".join(f"{cost.what.removeprefix(by + ' ')} {cost.count:,}" for cost in group)
        else:
            yield from (f"{cost.what}: {cost.count:,}" for cost in group)


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
