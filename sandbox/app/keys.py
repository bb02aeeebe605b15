"""Our own names for keys, modifiers and mouse buttons.

The session, the controller, the key table and a scene's Action keys speak these names; only the
window turns pyglet's symbols into them (sandbox.app.window.pyglet_keys), so nothing else needs pyglet.
A key is named as pyglet names it, upper case: "A".."Z", "1".."9", "LEFT", "TAB", "ENTER",
"NUM_ENTER", "PAGEDOWN", "F11", "COMMA", "PERIOD", "ESCAPE"; a scene's Action("...", key="n")
is the key "N".
"""

Key = str
"""A key's name, as the module docstring lists them."""

Modifiers = frozenset[str]
"""The modifier keys held with a press: a set of SHIFT's and CTRL's names."""

NONE: Modifiers = frozenset()
SHIFT: Modifiers = frozenset({"shift"})
CTRL: Modifiers = frozenset({"ctrl"})

Button = str
"""A mouse button: LEFT_BUTTON, RIGHT_BUTTON or MIDDLE_BUTTON."""

LEFT_BUTTON: Button = "left"
RIGHT_BUTTON: Button = "right"
MIDDLE_BUTTON: Button = "middle"


def action_key(letter: str) -> Key:
    """The key a scene's Action names with ``letter`` ("n" or "N"): "N"."""
    return letter.upper()
