"""The window's side: every module that imports pyglet, and only these (sandbox.boot aside).

app_window is the window itself; presenter its teacher's second window; class_board the class's
overlay on the projector; pyglet_painter draws the figure with pyglet's shapes; pyglet_keys turns
pyglet's key symbols into ours (sandbox.app.keys); png writes the window's pictures; tones plays
the gap sound. Nothing outside imports this package as it loads: a function does, when it opens a
window or takes a screenshot, so the session, handouts and notebook load without pyglet. This
face hands on no names: importing one module of the window's (png, say) loads that one alone.
"""
