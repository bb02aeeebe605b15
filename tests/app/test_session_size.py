"""Session is the app's state (scene, view, layouts), not everyone's engine: keys and the mouse
are the input layer's (user_input), a walkthrough's steps the player's, words, speech and sound
the access layer's, poses typed in the pose editor's (issue 33 asks for at most 25 methods)."""

from sandbox.app.session import Session


def test_the_session_has_at_most_25_methods():
    methods = [name for name, value in vars(Session).items() if callable(value) or isinstance(value, property)]
    assert len(methods) <= 25, f"Session has {len(methods)} methods: {', '.join(methods)}"
