"""Checks shared by every constructor and query: numbers must be finite."""

import math

from .errors import ShapeError


def finite_number(value, what):
    """``value`` as a float, or ShapeError naming ``what`` if it is not a finite number."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ShapeError(f"{what} must be a number, got {value!r}") from None
    if not math.isfinite(number):
        raise ShapeError(f"{what} must be a finite number, got {number}")
    return number


def finite_pair(value, what):
    """``value`` as an (x, y) tuple of floats, or ShapeError naming ``what``."""
    try:
        x, y = value
    except (TypeError, ValueError):
        raise ShapeError(f"{what} must be an (x, y) pair, got {value!r}") from None
    return finite_number(x, f"{what} x"), finite_number(y, f"{what} y")


def positive_number(value, what):
    """``value`` as a float greater than zero, or ShapeError naming ``what``."""
    number = finite_number(value, what)
    if number <= 0:
        raise ShapeError(f"{what} must be greater than zero, got {number}")
    return number
