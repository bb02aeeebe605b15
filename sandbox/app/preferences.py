"""What the app remembers between runs for the person at the keyboard: the presenter font scale.

Kept as JSON in the user's config folder (``$XDG_CONFIG_HOME/collision-sandbox``, by default
``~/.config/collision-sandbox``). Only the window reads it: a screenshot or a handout never
depends on who ran it. A file that cannot be read is ignored; one that cannot be written
leaves the setting for this run only.
"""

import json
import math
import os
from pathlib import Path

from sandbox.app import files

NAME = "preferences.json"


def folder() -> Path:
    """Where the preferences live: the XDG config folder's collision-sandbox."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "collision-sandbox"


def font_scale() -> float | None:
    """The presenter font scale chosen last, from 1 to 3, or None if none was kept."""
    try:
        data = json.loads((folder() / NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    scale = data.get("font_scale") if isinstance(data, dict) else None
    if isinstance(scale, (int, float)) and not isinstance(scale, bool) and math.isfinite(scale) and 1.0 <= scale <= 3.0:
        return float(scale)
    return None


def remember_font_scale(scale: float) -> None:
    """Keep ``scale`` for the next run; quietly this run only where the folder is not writable."""
    try:
        folder().mkdir(parents=True, exist_ok=True)
        files.write_text(folder() / NAME, json.dumps({"font_scale": round(scale, 2)}) + "\n")
    except OSError:  # files.FileError is one too
        pass
