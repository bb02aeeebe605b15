"""The command line: ``python sandbox.py``, ``python -m sandbox`` and ``collision-sandbox``."""

import argparse
import sys

from . import gl


def _size(text):
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None
    if not (200 <= width <= 8192 and 200 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size must be from 200x200 to 8192x8192, got {text!r}")
    return width, height


def parser():
    p = argparse.ArgumentParser(prog="sandbox.py", description="An interactive sandbox for 2D collision detection.")
    p.add_argument("--scene", metavar="ID", help="open this scene (see --list)")
    p.add_argument("--list", action="store_true", help="list the scenes and exit")
    p.add_argument("--layout", metavar="FILE", help="start from a saved layout; Ctrl+S saves back to it")
    p.add_argument("--screenshot", metavar="PATH", help="render headless to a PNG at PATH and exit")
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH", help="window size (default 1280x720)")
    return p


def main(argv=None):
    """Run the sandbox; return the process exit code."""
    args = parser().parse_args(argv)
    headless = args.screenshot is not None or args.list
    if not headless and not gl.display_available():
        print(
            "No display found to open a window on; to render a picture instead, run: "
            "python sandbox.py --scene box-box --screenshot box-box.png",
            file=sys.stderr,
        )
        return 2
    gl.configure(headless=headless)
    from .layout import LayoutError
    from .session import Session

    if args.list:
        from .scene import all_scenes

        for cls in all_scenes():
            print(f"{cls.id:20} {cls.category:12} {cls.title}")
        return 0
    try:
        session = Session(args.scene, args.size, args.layout)
    except (LayoutError, KeyError) as error:
        print(f"sandbox: {error.args[0]}", file=sys.stderr)
        return 2
    from . import window

    if args.screenshot is not None:
        print(window.screenshot(session, args.screenshot))
        return 0
    window.run(session)
    return 0
