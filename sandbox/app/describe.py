"""The figure in words, from its Report: one to three plain sentences a screen reader, a speech
synthesiser or a web page's alternative text can say for a class that cannot see the figure.

Nothing here looks at a scene: every word comes from the Report the panel and the canvas show,
so what is said cannot drift from what is drawn. A scene whose numbers have the shape of a SAT
test (``sat_view.sat_numbers``) is told axis by axis; any other by its verdict and first line.
"""

from collections.abc import Mapping
from typing import Any

from sandbox.kit import Report
from sandbox.kit.report import number
from sandbox.kit.scene import CORNER_WORDS


def describe(report: Report) -> str:
    """``report`` in one to three sentences, e.g. "COLLIDING: B overlaps A by 12.3 along Q, the
    least overlap of the 4 axes. No axis separates A and B." An empty Report (a failed scene) says so."""
    if report.verdict is None:
        return "Nothing to describe: the figure has no verdict."
    if _is_sat(report.numbers):
        return _sat(report)
    verdict = report.verdict
    if "separated_on_P" in report.numbers:
        return f"{verdict.text}. " + " ".join(_corners(name, report.numbers[name]) for name in ("A", "B") if name in report.numbers)
    joint = ", " if ":" in verdict.text else ": "  # not "FIRST HIT: THE BOX: t = 0.3"
    said = f"{verdict.text}{joint}{verdict.detail}." if verdict.detail else f"{verdict.text}."
    # The first of the report's own sentences adds what the verdict leaves out ("q is nearest to edge bc.").
    lines = [line.text for line in report.lines if line.text]
    return " ".join([said, *(_sentence(text) for text in lines[:1])])


def gap(report: Report) -> float | None:
    """How far apart the shapes are, signed: above 0 apart, 0 touching, the depth below 0 when
    they overlap; None where the Report holds no such number (a broad phase, a ray)."""
    numbers = report.numbers
    if _is_sat(numbers):
        if numbers["verdict"] == "colliding":
            return -float(numbers["depth"])
        gaps = [-axis["overlap"] for axis in numbers["axes"] if axis["separating"]]
        return max(gaps) if gaps else 0.0
    value = numbers.get("gap")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _sat(report: Report) -> str:
    numbers = report.numbers
    a, b = _names(report)
    axes = numbers["axes"]
    separating = [axis for axis in axes if axis["separating"]]
    count = f"{len(axes)} ax{'is' if len(axes) == 1 else 'es'}"
    verdict = numbers["verdict"]
    if verdict == "colliding":
        least = min(axes, key=lambda axis: axis["overlap"])
        return (f"COLLIDING: {b} overlaps {a} by {number(float(numbers['depth']))} along {least['name']}, "
                f"the least overlap of the {count}. No axis separates {a} and {b}.")
    if verdict == "touching":
        return f"TOUCHING: {a} and {b} meet with no overlap. No axis of the {count} separates them."
    first = separating[0]
    others = f"{len(separating)} of the {count} separate them." if len(separating) > 1 else f"It is the only one of the {count} that does."
    return f"SEPARATED: axis {first['name']} separates {a} and {b} by {number(-first['overlap'])}. {others}"


def _corners(name: str, box: Mapping[str, Any]) -> str:
    """The min-max-corners scene's box ``name``: its corners furthest along P and back, ties told."""
    def corners(which: str) -> str:
        found = [CORNER_WORDS.get(corner, corner) for corner in box[which]]
        return " and ".join(found) + (" corners, tied" if len(found) > 1 else " corner")

    return f"{name}'s max on P is its {corners('max')}, {number(max(box['corners'].values()))}; its min its {corners('min')}, {number(min(box['corners'].values()))}."


def _is_sat(numbers: Mapping[str, Any]) -> bool:
    axes = numbers.get("axes")
    return (numbers.get("verdict") in ("separated", "touching", "colliding") and isinstance(axes, list) and bool(axes)
            and all(isinstance(axis, dict) and {"name", "overlap", "separating"} <= axis.keys() for axis in axes))


def _names(report: Report) -> tuple[str, str]:
    """The two shapes as the axis table heads their shadows ("A's shadow", "the tile's shadow")."""
    for table in report.tables:
        shadows = [heading.removesuffix("'s shadow") for heading in table.headers if heading.endswith("'s shadow")]
        if len(shadows) == 2:
            return shadows[0], shadows[1]
    return "A", "B"


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
