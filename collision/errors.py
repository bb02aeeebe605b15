"""The one exception the core raises for input that is not a shape."""


class ShapeError(ValueError):
    """Input that is not a valid shape; the message says what is wrong and what to fix.

    >>> raise ShapeError("polygon needs at least 3 distinct vertices, got 2")
    Traceback (most recent call last):
    ...
    collision.errors.ShapeError: polygon needs at least 3 distinct vertices, got 2
    """
