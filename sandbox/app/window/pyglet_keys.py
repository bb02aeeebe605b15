"""pyglet's key symbols, modifier bits and mouse buttons in our names (sandbox.app.keys): the
one place that knows pyglet's constants, on the window's side."""

from pyglet.window import key, mouse

from sandbox.app import keys

SHIFT_TAB = (0xFE20, key.user_key(23))
"""What X11 sends for Shift+Tab: a keysym of its own, ISO_Left_Tab, which pyglet passes on as
it is, or (having no name for it, as under Xvfb) as its user key of the Tab key's keycode, 23."""

def press(symbol: int, bits: int) -> tuple[keys.Key, keys.Modifiers]:
    """The key and the modifiers held of a pyglet key event: X11's Shift+Tab is TAB with SHIFT."""
    held = modifiers(bits)
    if symbol in SHIFT_TAB:
        return "TAB", held | keys.SHIFT
    # pyglet names the digits "_1"; anything it has no name for ("user_key(..)") matches no key of ours.
    return key.symbol_string(symbol).removeprefix("_"), held


def modifiers(bits: int) -> keys.Modifiers:
    """pyglet's modifier bits as our set: SHIFT and CTRL are the ones the app reads."""
    return (keys.SHIFT if bits & key.MOD_SHIFT else keys.NONE) | (keys.CTRL if bits & key.MOD_CTRL else keys.NONE)


def button(number: int) -> keys.Button:
    """pyglet's mouse button as ours: "left", "right", "middle" (or "mouse4", which the app ignores)."""
    return mouse.buttons_string(number).lower()


def buttons(bits: int) -> frozenset[keys.Button]:
    """pyglet's held-buttons bits as a set of ours."""
    return frozenset(name.lower() for name in mouse.buttons_string(bits).split("|") if name)
