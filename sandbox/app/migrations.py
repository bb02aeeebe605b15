"""What layouts saved by earlier versions of the sandbox said, in today's words.

A layout carries the format it was written in (``"format"``; files saved before formats were
numbered have none and are format 1). Reading a file runs the migrations from its format up to
``FORMAT``, each a small function for one change, named after the commit that made it; a file
of a newer format than ``FORMAT`` is refused in one line. Walkthrough steps go through the
same migrations, with the lesson file's own ``format``.

A migration runs before the layout is checked: it changes only what has the old shape exactly
and leaves anything else for the checks to name.
"""

from collections.abc import Callable
from typing import Any

LayoutData = dict[str, Any]
"""A layout as read from its JSON: whatever the file says, checked only after migrating."""

FORMAT = 3
"""The format this version writes, and the newest it reads."""

PAGES = 128
"""How many axes a SAT scene's page setting can name (sat_scene.PAGE's range, 0 to 127)."""


def _settings(data, scene=None):
    """The layout's settings object when it is one (and ``scene``'s, if given), else None."""
    settings = data.get("settings")
    if not isinstance(settings, dict) or (scene is not None and data.get("scene") != scene):
        return None
    return settings


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def page_null_means_every_axis(data: LayoutData) -> None:
    """35e8fe9 to 57bf7e6: a SAT scene saved ``"page": null`` for every axis at once, which is
    -1 now; a page was any axis number from 0, folded into the axes there are now (at most 128)."""
    settings = _settings(data)
    if settings is not None and "page" in settings:
        if settings["page"] is None:
            settings["page"] = -1
        elif _is_whole(settings["page"]) and settings["page"] >= PAGES:
            settings["page"] %= PAGES


def hex_sides_one_setting_each(data: LayoutData) -> None:
    """Before 57bf7e6 hex-triangle saved ``"sides": {"A": 6, "B": 3}``; now sides_a and sides_b."""
    settings = _settings(data, "hex-triangle")
    if settings is not None and isinstance(settings.get("sides"), dict) and set(settings["sides"]) <= {"A", "B"}:
        sides = settings.pop("sides")
        for name, value in sides.items():
            settings.setdefault(f"sides_{name.lower()}", value)


def axis_handle_is_a_handle(data: LayoutData) -> None:
    """Before 57bf7e6 projection and min-max-corners saved axis P's red dot as the setting
    ``"handle": [x, y]`` (world units); it is the handle P now."""
    for scene in ("projection", "min-max-corners"):
        settings = _settings(data, scene)
        if settings is not None and "handle" in settings:
            handles = data.setdefault("handles", {})
            point = settings.pop("handle")
            if isinstance(handles, dict):
                handles.setdefault("P", point)


def quadtree_focus_is_a_number(data: LayoutData) -> None:
    """Before 57bf7e6 the quadtree saved the object it lit as its name, a string such as
    ``"150"``, or null for none; it is the object's number now, -1 for none."""
    settings = _settings(data, "quadtree")
    if settings is not None and "focus" in settings:
        focus = settings["focus"]
        if focus is None:
            settings["focus"] = -1
        # Plain ASCII digits only: "²".isdigit() is true, yet int("²") raises. Anything else is
        # left as it is, for the layout's check to refuse naming the field.
        elif isinstance(focus, str) and focus.isascii() and focus.isdigit() and len(focus) <= 6:
            settings["focus"] = int(focus)


def quadtree_levels_capped_at_six(data: LayoutData) -> None:
    """6f12e95 capped MAX_LEVELS at 6 (a full tree of 8 levels took seconds a frame): a layout
    that asked for 7 or 8 opens at 6."""
    settings = _settings(data, "quadtree")
    if settings is not None and _is_whole(settings.get("max_levels")) and 6 < settings["max_levels"] <= 8:
        settings["max_levels"] = 6


def grid_cell_capped_at_two(data: LayoutData) -> None:
    """e250ee3 capped the loose grid's cell at twice the largest object (up to 4 before): a
    layout that asked for more opens at 2."""
    settings = _settings(data, "grid-broadphase")
    cell = settings.get("cell") if settings is not None else None
    if isinstance(cell, (int, float)) and not isinstance(cell, bool) and 2.0 < cell <= 4.0:
        settings["cell"] = 2.0


def minkowski_pair_is_two_kinds(data: LayoutData) -> None:
    """Before pickers37 minkowski chose both shapes at once, ``"pair": "box-circle"``; now each
    has its kind, kind_a and kind_b, as contact-points' do."""
    settings = _settings(data, "minkowski")
    pairs = {"box-box": ("box", "box"), "polygon-polygon": ("polygon", "polygon"), "box-circle": ("box", "circle")}
    if settings is not None and settings.get("pair") in pairs:
        kinds = pairs[settings.pop("pair")]
        settings.setdefault("kind_a", kinds[0])
        settings.setdefault("kind_b", kinds[1])


MIGRATIONS: dict[int, tuple[Callable[[LayoutData], None], ...]] = {
    1: (
        page_null_means_every_axis,
        hex_sides_one_setting_each,
        axis_handle_is_a_handle,
        quadtree_focus_is_a_number,
        quadtree_levels_capped_at_six,
        grid_cell_capped_at_two,
    ),
    2: (minkowski_pair_is_two_kinds,),
}
"""Format -> the changes that bring a layout of that format to the next one, in order."""


def version(value: Any, what: str) -> int:
    """The format ``value`` (the "format" field, None when absent) names, or ValueError saying
    what is wrong with it; ``what`` names the file, as "layout lessons/one.json"."""
    if value is None:
        return 1
    if not _is_whole(value) or value < 1:
        raise ValueError(f"{what}: format must be a whole number from 1 to {FORMAT}, got {str(value)[:20]}")
    if value > FORMAT:
        raise ValueError(
            f"{what} was saved by a newer version of the sandbox (format {value}; this one reads up to {FORMAT}): update the sandbox to open it"
        )
    return value


def migrate(data: LayoutData, start: int) -> LayoutData:
    """``data``, a layout of format ``start``, brought to FORMAT in place; returns it."""
    for number in range(start, FORMAT):
        for change in MIGRATIONS[number]:
            change(data)
    return data
