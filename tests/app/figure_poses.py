"""The walkthrough of "things to try" the figure lint checks: every registered scene's every item
as a step, captioned with the item itself, posed as figure_poses.toml says or else at the scene's
first pose. To see them one by one:

    python tests/app/figure_poses.py > poses.toml && python sandbox.py --walkthrough poses.toml
"""

import json
import tomllib
from pathlib import Path

from sandbox.app.registry import all_scenes

POSES = Path(__file__).with_name("figure_poses.toml")
"""Poses by scene id and item number (only where an item is about a pose)."""


def poses():
    return tomllib.loads(POSES.read_text())


def steps():
    """Each item's steps as walkthrough step tables: one per pose of it, or one at the first pose."""
    posed = poses()
    for cls in all_scenes():
        for number, item in enumerate(cls.things_to_try, 1):
            for pose in posed.get(cls.id, {}).get(str(number), [{}]):
                yield {"scene": cls.id, "caption": f"{number}. {item}", **pose}


def toml(value):
    """``value`` (text, a number, a truth value, a list or a table of them) written as TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return f"[{', '.join(map(toml, value))}]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(key)} = {toml(each)}" for key, each in value.items()) + " }"
    return repr(value)


def walkthrough_text():
    tables = ("[[steps]]\n" + "".join(f"{key} = {toml(value)}\n" for key, value in step.items()) for step in steps())
    return 'title = "Things to try, posed"\n\n' + "\n".join(tables)


if __name__ == "__main__":
    print(walkthrough_text(), end="")
