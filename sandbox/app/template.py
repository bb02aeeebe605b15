"""The placeholders a caption, question or explanation may hold: a small grammar, not a program.

- ``{fact}`` quotes a fact of the step's Report by name, shown as the Report shows it;
- ``{fact:spec}`` formats it: ``{gap:.1f}``, ``{pairs:,}``, ``{a.0:g}``, ``{share:.0%}``;
- ``{~39}`` is a number in the author's own words (prose), shown as written;
- ``{{`` and ``}}`` are braces.

A fact's name is a word, or words joined by dots for a fact inside a list or table
(``axes.2.overlap``, ``demosat1.gap``): one name looked up whole, never attribute access or
indexing. A spec is an optional sign, at most two digits of width, a thousands comma, at most
one digit of precision and a type (f, g, d or %). Anything else is refused in one line, before
anything is computed: what a teacher types never becomes a program.
"""

import re
from collections.abc import Mapping
from typing import NamedTuple

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*")
"""A fact's name: a word, or dotted words for a fact inside a list or table."""

SPEC = re.compile(r"[+]?\d{0,2},?(?:\.\d)?[fgd%]?")
"""A format: sign, width (two digits at most), comma, precision (one digit), type."""

PROSE = "~"
"""What begins a field that is a number in the author's own words, not the Report's."""

PROSE_NUMBER = re.compile(r"[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?")
"""What a prose field may hold: a number as a caption writes it."""

LONGEST = 100_000
"""The longest text a template may be, in characters: a caption is a few lines."""


class TemplateError(ValueError):
    """A placeholder outside the grammar; the message says what to write instead, in one line."""


class Field(NamedTuple):
    """One ``{...}`` of a template: a fact quoted by ``name`` with ``spec``, or prose."""

    name: str
    spec: str = ""
    prose: str = ""
    """The number as written, for ``{~39}``; empty for a quoted fact."""


Part = str | Field


def parse(text: str) -> tuple[Part, ...]:
    """``text`` as literal strings and Fields, or TemplateError naming the first bad field."""
    if len(text) > LONGEST:
        raise TemplateError(f"the text is {len(text):,} characters long; a caption is at most {LONGEST:,}")
    parts: list[Part] = []
    literal, at = [], 0
    while at < len(text):
        char = text[at]
        if text.startswith("{{", at) or text.startswith("}}", at):
            literal.append(char)
            at += 2
        elif char == "}":
            raise TemplateError("a } with no { before it: write }} for a brace")
        elif char == "{":
            end = text.find("}", at)
            if end < 0:
                raise TemplateError("a { with no } after it: write {{ for a brace")
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append(_field(text[at + 1 : end]))
            at = end + 1
        else:
            literal.append(char)
            at += 1
    if literal:
        parts.append("".join(literal))
    return tuple(parts)


def _field(inside: str) -> Field:
    shown = inside if len(inside) <= 30 else inside[:27] + "..."
    if inside.startswith(PROSE):
        if not PROSE_NUMBER.fullmatch(inside[1:]):
            raise TemplateError(f"{{{shown}}} is not a number: prose is a number as written, e.g. {{~39}}")
        return Field("", prose=inside[1:])
    name, _, spec = inside.partition(":")
    if not NAME.fullmatch(name):
        hint = "e.g. {axes.0.overlap}" if "[" in name else "e.g. {gap} or {gap:.1f}"
        raise TemplateError(f"{{{shown}}} is not a fact's name: quote a fact by its name, dotted inside a list or table, {hint}")
    if not SPEC.fullmatch(spec):
        raise TemplateError(f"{{{shown}}} has a format outside the grammar: use a sign, up to two digits of width, a comma, one digit of precision and f, g, d or %, e.g. {{{name}:.1f}}")
    return Field(name, spec)


def names(text: str) -> list[str]:
    """The facts ``text`` quotes, in order (prose left out)."""
    return [part.name for part in parse(text) if isinstance(part, Field) and not part.prose]


MISSING = "—"
"""What a field shows whose fact the figure, as the class moved it, no longer has."""


def fill(text: str, facts: Mapping[str, object], shown: Mapping[str, str] | None = None, missing: str | None = None) -> str:
    """``text`` with its fields filled: ``facts`` maps a dotted name to its value; a field with no
    spec shows ``shown[name]`` (the fact as the Report shows it) where given. KeyError names a
    missing fact; TemplateError a field outside the grammar or a value its format cannot take.
    With ``missing``, a field whose fact is missing, or whose value its format cannot take,
    shows ``missing`` instead (a live caption: the class moved the figure until it changed)."""
    out = []
    for part in parse(text):
        if isinstance(part, str):
            out.append(part)
        elif part.prose:
            out.append(part.prose)
        elif missing is None:
            out.append(_formatted(part, facts, shown or {}))
        else:
            try:
                out.append(_formatted(part, facts, shown or {}))
            except (KeyError, TemplateError):
                out.append(missing)
    return "".join(out)


def _formatted(field: Field, facts: Mapping[str, object], shown: Mapping[str, str]) -> str:
    if field.name not in facts:
        raise KeyError(field.name)
    value = facts[field.name]
    if isinstance(value, (list, tuple, dict)):
        raise TemplateError(f"{{{field.name}}} names a list or table; quote one value of it, e.g. {{{field.name}.0}}")
    if not field.spec:
        return shown.get(field.name, str(value))
    try:
        return format(value, field.spec)
    except (TypeError, ValueError):
        raise TemplateError(f"{{{field.name}:{field.spec}}}: {field.name} is {str(value)[:30]!r}, which that format cannot show") from None
