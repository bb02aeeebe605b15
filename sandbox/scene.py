"""The scene contract and the registry scenes join with ``@register``."""

import importlib
import pkgutil

from collision import Box, Circle, Polygon

from . import palette

_REGISTRY = {}


def register(scene_id, category, title):
    """Class decorator: ``@register("box-box", "SAT", "Box vs box")``."""

    def add(cls):
        cls.id, cls.category, cls.title = scene_id, category, title
        _REGISTRY[scene_id] = cls
        return cls

    return add


def all_scenes():
    """Every scene class in ``scenes/``, sorted by category then title."""
    import scenes

    for module in pkgutil.iter_modules(scenes.__path__):
        importlib.import_module(f"scenes.{module.name}")
    return sorted(_REGISTRY.values(), key=lambda cls: (cls.category, cls.title))


def kind_of(shape):
    """The name a layout file gives the shape's kind."""
    if isinstance(shape, Box):
        return "box"
    if isinstance(shape, Polygon):
        return "polygon"
    if isinstance(shape, Circle):
        return "circle"
    raise TypeError(f"not a collision shape: {shape!r}")


class Scene:
    """One tutorial figure. Subclasses set the texts and overlays and implement the hooks.

    Data flows one way: input changes ``shapes`` (or the scene's own settings), ``refresh()``
    stores a result computed by ``collision``, and ``draw`` and ``panel`` read only that.
    """

    lesson = ""
    """What the figure shows, in a few sentences."""

    things_to_try = ()
    """Short suggestions for the learner."""

    overlays = {}
    """Overlay name -> (checkbox label, shown at the start)."""

    animated = False
    """Whether Space (pause) means anything here."""

    def __init__(self):
        self.shapes = {}
        self.overlay = {name: shown for name, (_, shown) in self.overlays.items()}
        self.hovered = self.selected = None
        self.setup()
        self.refresh()

    def setup(self):
        """Create ``self.shapes`` (name shown in the panel -> shape) at the starting layout."""
        raise NotImplementedError

    def refresh(self):
        """Recompute the stored result after anything changed."""
        raise NotImplementedError

    def update(self, dt):
        """Advance an animated scene by ``dt`` seconds."""

    def numbers(self):
        """The stored result as plain JSON values (verdict, intervals, MTV...), for handouts."""
        raise NotImplementedError

    def draw(self, painter):
        """Draw the scene from its stored result."""
        raise NotImplementedError

    def panel(self):
        """Add the scene's own widgets and results to the app's ImGui window."""

    def set_overlay(self, name, shown):
        """Switch overlay ``name``; some change the numbers too (an un-normalised axis), so refresh."""
        self.overlay[name] = shown
        self.refresh()

    def handles(self):
        """Draggable points that are not shapes, such as an axis's handle: name -> world point."""
        return {}

    def move_handle(self, name, point):
        """Follow a drag of handle ``name`` to world ``point``."""

    def click(self, point):
        """A left click on empty space at world ``point``."""

    def settings(self):
        """The scene's own state worth saving in a layout, as plain JSON values."""
        return {}

    def apply_settings(self, settings):
        """Take back what ``settings()`` gave. Check every key before changing anything, and
        raise ValueError("key must be ...") for the first bad one."""

    def draw_shape(self, painter, name, color):
        """A shape in its colour, brighter when hovered or selected, with its centre dot and name."""
        shape = self.shapes[name]
        outline = palette.HIGHLIGHT if name in (self.hovered, self.selected) else color
        width = 3 if name == self.hovered else 2
        if isinstance(shape, Circle):
            painter.circle(shape.center, shape.radius, outline, palette.faded(color, 70), width)
        else:
            painter.polygon(shape.world_vertices(), outline, palette.faded(color, 70), width)
        painter.point(shape.position, outline, 4)
        painter.text((shape.position[0] + 8, shape.position[1] + 8), name, outline, 14)
