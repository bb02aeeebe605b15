"""The class server: ``python sandbox.py --walkthrough FILE --class``.

Every student's phone or laptop shows the lesson's current step, votes on its question and
drags its figure; the teacher's page (and the window, when there is one) steps through the
lesson, reveals and asks again. ``figure`` draws a step without a window (scene, view and the
handout's SVG renderer), ``store`` keeps the class in one SQLite file, ``room`` is the lesson's
state shared by both, ``server`` is the web API (Starlette on uvicorn) and ``serve`` starts it.
Nothing here imports pyglet: the server runs on a machine with no display.
"""
