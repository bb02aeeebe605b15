"""The app: window, session, controller, camera, panel, layouts, walkthroughs, handouts, lesson pages and courses, command line.

Only the window's side imports pyglet (tests/app/test_window_side.py lists it): the session,
handouts, lesson pages, the lesson check and the notebook run where there is no display."""
