"""Find me a layout where it happens: the events a scene names (sandbox.kit.events) as the
panel's Find menu, a walkthrough step's ``find`` and ``--find`` on the command line use them.
A layout found is an ordinary layout (sandbox.app.layout): the panel poses the scene there and
Ctrl+S saves it, a step starts from it, and ``--save-layout`` writes it and reads it back."""

from typing import TYPE_CHECKING, Any

from sandbox.app import files, layout
from sandbox.app.camera import Camera
from sandbox.kit import Scene, events
from sandbox.kit.errors import SandboxError

if TYPE_CHECKING:  # for the checker only: command() imports it where used, so a lesson's find loads without it
    from sandbox.app.session import Session

SEED = 0
"""The search's seed: the same event gives the same layout in the panel, a lesson and the command line."""


class FindError(SandboxError):
    """An event a scene does not name, or one the search found no layout for; one line."""


def event_of(cls: type[Scene], name: str) -> events.Event:
    """The event ``name`` of scene class ``cls``; FindError naming the scene's events otherwise."""
    try:
        return events.named(cls, name)
    except ValueError as error:
        raise FindError(str(error)) from None


def found_layout(cls: type[Scene], name: str, seed: int = SEED) -> dict[str, Any]:
    """The layout data (as layout.capture makes it) of scene ``cls`` posed where event ``name``
    shows; FindError when the scene has no such event or the search finds none."""
    event = event_of(cls, name)
    scene = events.find(cls, event, seed)
    if scene is None:
        raise FindError(f'no layout found where "{name}" happens in the {cls.id} scene ({events.TRIES:,} candidates tried)')
    # A fitted camera: the view is left out, so the window that opens it frames the figure itself.
    return layout.capture(scene, Camera(1280, 720))


def listing(cls: type[Scene]) -> list[str]:
    """One line per event of scene ``cls``: its name and what the class sees."""
    found = events.events_of(cls)
    if not found:
        return [f"the {cls.id} scene names no events"]
    return [f"{event.name:20} {event.description}" for event in found]


def shows(session: "Session", name: str) -> bool:
    """Whether the session's scene, as it is now, shows event ``name`` in its Report."""
    return event_of(type(session.scene), name).shows(session.report())


def command(session: "Session", name: str, save_to: files.PathArg | None = None) -> int | None:
    """``--find NAME [--save-layout FILE]`` on ``session``'s scene: list its events ("list"),
    save the layout found to ``save_to`` and check that it loads back showing the event, or
    (with no file) pose the session there for the window or ``--screenshot``. Returns the exit
    code when the command is done, None when the window should go on; FindError, or a
    layout or file error, says in one line what went wrong."""
    from sandbox.app.session import Session

    cls = type(session.scene)
    if name == "list":
        print("\n".join(listing(cls)))
        return 0
    if save_to is not None:
        files.save_target(save_to)  # a path that cannot be written is refused before the search
    data = found_layout(cls, name)
    if save_to is None:
        session.open(cls.id, data, f'the layout found for "{name}"')
        return None
    layout.save(data, save_to)
    # Read back as a teacher would open it: a fresh session from the file, its Report asked.
    if not shows(Session(layout_path=save_to), name):
        raise FindError(f'no layout found where "{name}" happens in the {cls.id} scene: the one saved to {save_to} does not show it when loaded back')
    print(f'{save_to}: the {cls.id} scene where "{name}" happens ({event_of(cls, name).description})')
    return 0


def pose(session: "Session", name: str) -> None:
    """Pose ``session``'s scene where event ``name`` happens (the panel's Find menu), held still
    if it is animated; the status line says what was found, or in one line why nothing was."""
    cls = type(session.scene)
    try:
        # The search runs the scene's own code: a fault or a scene too slow is shown as any other.
        data = session.guarded("find", found_layout, cls, name)
    except FindError as error:
        session.status = str(error)
        return
    if data is None:
        return
    session.open(cls.id, data, f'the layout found for "{name}"')
    session.paused = session.scene.animated
    session.status = f"{event_of(cls, name).description}: Ctrl+S saves this layout" + (", P lets it run" if session.paused else "")
