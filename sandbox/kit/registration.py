"""How a scene joins: ``@register``. The app's registry (sandbox.app.registry) finds and lists them."""

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from sandbox.kit.errors import SandboxError

if TYPE_CHECKING:  # for the types only: registering needs no Scene loaded
    from sandbox.kit.scene import Scene

SceneClass = TypeVar("SceneClass", bound="type[Scene]")

CATEGORIES = ("Basics", "SAT", "Circles, tiles and points", "Motion and response", "Broad phase", "Beyond")
"""The picker's groups in lesson order; a scene of another category comes after them."""

_scenes: dict[str, "type[Scene]"] = {}
"""Scene classes by id: the app's registry lists them."""


class SceneError(SandboxError):
    """A scene that cannot join: a duplicate id, or a folder or file that cannot be loaded."""


def register(scene_id: str, category: str, title: str, order: int = 100) -> Callable[[SceneClass], SceneClass]:
    """Class decorator: ``@register("box-box", "SAT", "Box vs box", order=1)``.

    ``order`` places the scene within its category, in the order a lesson takes them.
    """

    def add(cls: SceneClass) -> SceneClass:
        where = inspect.getsourcefile(cls)
        known = _scenes.get(scene_id)
        if known is not None and inspect.getsourcefile(known) != where:
            raise SceneError(f'scene id "{scene_id}" in {where} is taken by {inspect.getsourcefile(known)}: choose another id')
        cls.id, cls.category, cls.title, cls.order = scene_id, category, title, order
        _scenes[scene_id] = cls
        return cls

    return add
