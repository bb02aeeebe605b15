"""The Collision Sandbox app: window, panel, input and scenes. It uses ``collision`` like any user would."""

import pyglet

# Nothing here needs pyglet's hidden shadow window, and making one at import needs a display.
pyglet.options.shadow_window = False
