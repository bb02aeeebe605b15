"""Declared parameters: a scene names its settings once, and the kit makes the panel widget,
checks layouts and walkthrough settings against the declaration, and saves the values.
The app draws the widget (sandbox.app.panel); the declaration knows nothing of ImGui.
"""

import math
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Param:
    """One setting of a scene: ``Param("sides", "Sides of A", 6, low=3, high=64)``.

    The default's type sets the kind: a bool is a checkbox, an int or a float a slider from
    ``low`` to ``high``, a str one of ``choices`` in a combo box. An ``overlay`` is a bool that
    only switches a drawing on or off: it sits with the overlays in the panel and in layouts.
    A parameter with ``widget=False`` is saved and checked but has no widget of its own: an
    action or a drag changes it.
    """

    name: str
    label: str
    default: Any
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()
    help: str = ""
    overlay: bool = False
    widget: bool = True

    def __post_init__(self) -> None:
        if self.kind in (int, float) and (self.low is None or self.high is None):
            raise ValueError(f'Param "{self.name}": a number needs its range, low=... and high=...')
        if self.kind is str and self.default not in self.choices:
            raise ValueError(f'Param "{self.name}": its default {self.default!r} must be one of its choices')

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, value: Any) -> Any:
        """``value`` if it suits this parameter, else ValueError saying what would."""
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"must be true or false, got {_show(value)}")
            return value
        if self.kind is str:
            if value not in self.choices:
                raise ValueError(f"must be one of {', '.join(map(repr, self.choices))}, got {_show(value)}")
            return value
        whole = self.kind is int
        assert self.low is not None and self.high is not None  # __post_init__ made sure
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            raise ValueError(f"must be a {'whole number' if whole else 'number'} from {self.low:g} to {self.high:g}, got {_show(value)}")
        # Compare before any float(): an int of 400 digits would overflow it.
        if not (self.low <= value <= self.high) or (isinstance(value, float) and not math.isfinite(value)):
            raise ValueError(f"must be from {self.low:g} to {self.high:g}, got {_show(value)}")
        return value if whole else float(value)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
