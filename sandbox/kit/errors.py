"""The one base of what the user is told: every refusal the app reports is a SandboxError.

It lives in the kit because both rooms raise it and the kit imports nothing of the app: the
kit refuses a scene that cannot join (``SceneError``), the app a file or value it cannot use
(``LayoutError``, ``WalkthroughError``, ``HandoutError``, ``FileError``). ``str(error)`` is one
line saying what to fix; the command line catches SandboxError once and prints it, the window
shows it in its status line.
"""


class SandboxError(Exception):
    """Something the user gave that the app cannot use; ``str(error)`` is one line saying what to fix."""
