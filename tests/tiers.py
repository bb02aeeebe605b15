"""The default run's share of a test's cases: every ``nth`` one, the rest marked slow.

A test that checks the same thing over every lesson, scene or event keeps some of them in the
default run, spread over the list so that each kind is met, and all of them under ``-m slow``,
which CI runs (.ci/run)."""

import pytest


def every(nth: int, values: list, ids=None) -> list:
    """``values`` as pytest params (a tuple is a case's several arguments): every ``nth`` one,
    from the first, in the default run; the others marked slow."""
    cases = []
    for index, value in enumerate(values):
        arguments = value if isinstance(value, tuple) else (value,)
        name = None if ids is None else ids(value)
        cases.append(pytest.param(*arguments, id=name, marks=() if index % nth == 0 else pytest.mark.slow))
    return cases
