"""A core function with one line of its source changed, for tests that must fail on a broken
algorithm: compiled at the lines it has in its file, so a trace of it lists the file's code."""

import __future__
import inspect
import textwrap


def mutated(function, old: str, new: str):
    """``function`` rebuilt in its own module's namespace with ``old`` (which must occur in
    its source) replaced by ``new``."""
    lines, first = inspect.getsourcelines(function)
    source = textwrap.dedent("".join(lines))
    assert old in source, f"{function.__qualname__} no longer has {old!r}: update the mutation"
    namespace = dict(vars(inspect.getmodule(function)))
    exec(compile("\n" * (first - 1) + source.replace(old, new), inspect.getsourcefile(function), "exec",
                 flags=__future__.annotations.compiler_flag), namespace)
    return namespace[function.__name__]
