"""The app: window, session, controller, camera, panel, layouts, walkthroughs, handouts, lesson pages and courses, command line."""

import pyglet

# Nothing here needs pyglet's hidden shadow window, and making one at import needs a display.
pyglet.options.shadow_window = False
