"""Checks shared by every constructor and query: numbers must be real, finite and in range."""

import math
import numbers
from typing import Any

from .errors import ShapeError

LIMIT = 1e150
"""The largest magnitude the core takes for a coordinate, size, radius or angle. Squares and
products of such numbers (lengths, areas, dot products) stay finite, so no shape within it
has bounds or projections that overflow to inf."""

SMALLEST = 1 / LIMIT
"""The smallest size a polygon takes, across: the square of anything smaller underflows, and
an area of zero would tell nothing of its shape."""


def finite_number(value: Any, what: str) -> float:
    """``value`` as a float, or ShapeError naming ``what`` if it is not a real number within
    ±LIMIT. Strings and bools are refused, even when they would convert."""
    # A float in range passes at once (a nan fails the comparisons and goes on for its message).
    if type(value) is float and -LIMIT <= value <= LIMIT:
        return value
    kind = type(value)
    # The common types first: this runs on every drag.
    if kind is not float and kind is not int and (isinstance(value, bool) or not isinstance(value, numbers.Real)):
        raise ShapeError(f"{what} must be a number, got {value!r}")
    try:
        number = float(value)
    except OverflowError:
        raise ShapeError(f"{what} is an integer too large for a float; keep it within ±{LIMIT:g}") from None
    if not math.isfinite(number):
        raise ShapeError(f"{what} must be a finite number, got {number}")
    if abs(number) > LIMIT:
        raise ShapeError(f"{what} is {number:g}: too far out; keep coordinates and sizes within ±{LIMIT:g}")
    return number


def finite_pair(value: Any, what: str) -> tuple[float, float]:
    """``value`` as an (x, y) tuple of floats, or ShapeError naming ``what``."""
    try:
        x, y = value
    except (TypeError, ValueError):
        raise ShapeError(f"{what} must be an (x, y) pair, got {value!r}") from None
    # Floats in range (numpy's too) pass at once, with no message made for them: this runs on
    # every move. Anything else goes on for its message.
    if isinstance(x, float) and isinstance(y, float) and -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT:
        return float(x), float(y)
    return finite_number(x, f"{what} x"), finite_number(y, f"{what} y")


def positive_number(value: Any, what: str) -> float:
    """``value`` as a float greater than zero, or ShapeError naming ``what``."""
    number = finite_number(value, what)
    if number <= 0:
        raise ShapeError(f"{what} must be greater than zero, got {number}")
    return number
