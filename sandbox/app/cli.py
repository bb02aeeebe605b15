"""The command line: ``python sandbox.py``, ``python -m sandbox`` and ``collision-sandbox``."""

import argparse
import math
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from sandbox.boot import tweaks
from sandbox.kit.theme import PALETTES


def _size(text):
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must look like 1280x720, got {text!r}") from None
    if not (200 <= width <= 8192 and 200 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"must be from 200x200 to 8192x8192, got {text!r}")
    return width, height


def _font_scale(text):
    try:
        scale = float(text)
    except ValueError:
        scale = math.nan
    if not 1.0 <= scale <= 3.0:
        raise argparse.ArgumentTypeError(f"must be a number from 1 to 3, got {text!r}")
    return scale


def _port(text):
    if not (text.isascii() and text.isdigit() and int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"port must be a whole number from 0 to 65535 (0: any free port), got {text!r}")
    return int(text)


def _variants_refusal(args):
    """What is wrong with --variants and --seed as given, in one line; or None. Turns them into
    whole numbers in ``args``; how many versions is too many, variants.make says."""
    if args.seed is not None and args.variants is None:
        return "--seed is for --variants: it chooses the versions drawn"
    if args.variants is None:
        return None
    if args.walkthrough is None or args.export is None:
        return "--variants needs --walkthrough FILE and --export DIR: it writes versions of that lesson's questions into DIR"
    # --variants comes with --export, so the run is headless: pyglet may load (variants needs it).
    from sandbox.boot import gl

    gl.configure(headless=True)
    from .variants import MAX_VERSIONS

    args.seed = "1" if args.seed is None else args.seed
    for option, low, high in (("--variants", 1, MAX_VERSIONS), ("--seed", 0, 2**32 - 1)):
        text = getattr(args, option[2:])
        # Plain digits only, and few of them: int() would take "²" wrongly and 5,000 digits slowly.
        if not (text.isascii() and text.isdigit() and len(text) <= 10 and low <= int(text) <= high):
            return f"{option} must be a whole number from {low} to {high:,}, got {text!r}"
        setattr(args, option[2:], int(text))
    return None


class _Parser(argparse.ArgumentParser):
    """argparse, refusing in one line as every other refusal does, not with its usage first."""

    def error(self, message: str) -> NoReturn:
        # argparse says "argument --font-scale: must be ..."; the option then what is wrong with it.
        option, colon, rest = message.removeprefix("argument ").partition(": ")
        said = f"{option} {rest}" if colon and rest.startswith("must ") else message.removeprefix("argument ")
        self.exit(2, f"sandbox: {said}\n")


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="sandbox.py", description="An interactive sandbox for 2D collision detection.")
    p.add_argument("--scene", metavar="ID", help="open this scene (see --list)")
    p.add_argument("--list", action="store_true", help="list the scenes and exit")
    p.add_argument("--layout", metavar="FILE", help="start from a saved layout; Ctrl+S saves back to it")
    p.add_argument("--screenshot", metavar="PATH", help="render headless to a PNG at PATH and exit")
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH", help="window size (default 1280x720)")
    p.add_argument("--walkthrough", metavar="FILE", help="run a walkthrough (TOML): Right or Page Down for the next step")
    p.add_argument("--check-lesson", metavar="FILE",
                   help="check a walkthrough's words against what its steps compute and show; one line per problem, exit 1 if any")
    p.add_argument("--presenter", action="store_true",
                   help="with --walkthrough: a second window for the teacher (notes, numbers, the next step); the first shows the figure alone")
    p.add_argument("--export", metavar="DIR", help="with --walkthrough: write its handout (figures, JSON, index.html) and lesson.html, and exit")
    p.add_argument("--compact", action="store_true", help="with --export: print two steps a page, each figure beside its numbers")
    p.add_argument("--greyscale", action="store_true", help="with --export: for greyscale printers (B dashed, the pictures grey)")
    p.add_argument("--variants", metavar="N",
                   help="with --walkthrough and --export: write N versions of its questions, poses moved, each with its own answer key")
    p.add_argument("--seed", metavar="S", help="with --variants: the whole number the versions are drawn from (default 1); the same seed, the same versions")
    p.add_argument("--export-course", metavar="DIR", help="write every lesson in walkthroughs/ (web page and handout) and an index page to DIR, and exit")
    p.add_argument("--theme", choices=("projector", "dark"), help="colours: light projector (a handout's default) or dark (the window's)")
    p.add_argument("--palette", choices=PALETTES, default="standard", metavar="NAME",
                   help="standard, or colour-blind: Okabe-Ito colours and B drawn dashed (the panel switches it too)")
    p.add_argument("--font-scale", type=_font_scale, metavar="X",
                   help="presenter font scale from 1 to 3 (the window starts at the one chosen last in the panel)")
    p.add_argument("--fullscreen", action="store_true", help="start full screen (F11 or Esc leaves it)")
    p.add_argument("--present", action="store_true", help="for a projector: the projector theme, full screen, font scale 2")
    p.add_argument("--find", metavar="EVENT",
                   help="pose the scene (--scene) where EVENT happens, found by a seeded search; --find list lists the scene's events")
    p.add_argument("--save-layout", metavar="FILE", help="with --find: save the layout found to FILE, check it loads back showing the event, and exit")
    p.add_argument("--scenes", metavar="DIR", action="append", default=[], help="also load the scene files (*.py) in DIR; may be repeated")
    p.add_argument("--class", dest="classroom", action="store_true",
                   help="with --walkthrough: serve the lesson to the class's phones (votes, live figures); prints the address and the teacher's token")
    p.add_argument("--no-window", action="store_true", help="with --class: the server alone, driven from the teacher's page")
    p.add_argument("--host", help="with --class: the address to listen on (default: this machine's on its network)")
    p.add_argument("--port", type=_port, help="with --class: the port (default 8765)")
    p.add_argument("--class-db", metavar="FILE", help="with --class: the class's SQLite file (default class-DATE-LESSON.sqlite here)")
    p.add_argument("--class-results", metavar="FILE", help="print a class file's votes as CSV, and exit")
    p.add_argument("--no-tweaks", action="store_true",
                   help="start and draw the libraries' own ways, with none of sandbox.boot.tweaks (as COLLISION_SANDBOX_PLAIN=1)")
    return p


def main(argv: Sequence[str] | None = None, opened: object = None) -> int:
    """Run the sandbox; return the process exit code. ``opened`` is a window the launcher
    opened already for a plain start (sandbox.boot.early), for the app to draw into."""
    args = parser().parse_args(argv)
    if args.no_tweaks:  # the launcher has set it already when the flag came on the command line
        os.environ[tweaks.SWITCH] = "1"
    for option, value in (("--no-window", args.no_window or None), ("--host", args.host), ("--port", args.port), ("--class-db", args.class_db)):
        if value is not None and not args.classroom:
            print(f"sandbox: {option} is for --class", file=sys.stderr)
            return 2
    if args.classroom and (args.export is not None or args.variants is not None):
        print("sandbox: --class serves the lesson to a class, --export writes it to files: give one of them", file=sys.stderr)
        return 2
    if args.class_results is not None:
        from .classroom.store import StoreError, results

        try:
            sys.stdout.write(results(args.class_results))
        except StoreError as error:
            print(f"sandbox: {error}", file=sys.stderr)
            return 2
        return 0
    for option, given in (("--export", args.export is not None), ("--presenter", args.presenter), ("--class", args.classroom)):
        if given and args.walkthrough is None:
            print(f"sandbox: {option} needs --walkthrough FILE", file=sys.stderr)
            return 2
    if (refused := _variants_refusal(args)) is not None:
        print(f"sandbox: {refused}", file=sys.stderr)
        return 2
    if args.save_layout is not None and args.find is None:
        print("sandbox: --save-layout needs --find EVENT (--find list lists a scene's events)", file=sys.stderr)
        return 2
    if args.find is not None and args.walkthrough is not None:
        print('sandbox: --find poses one scene; a walkthrough step says find = "EVENT" instead', file=sys.stderr)
        return 2
    finds = args.find == "list" or args.save_layout is not None
    headless = args.no_window or args.screenshot is not None or args.list or args.export is not None or args.export_course is not None or args.check_lesson is not None or finds
    # With no display the files and names given are still read and checked, headless, so that
    # what is wrong with them is said first; the missing display is said where the window would open.
    from sandbox.boot import gl

    no_display = not headless and not gl.display_available()
    gl.configure(headless=headless or no_display)
    from sandbox.kit.errors import SandboxError

    from .watchdog import SceneTimeout

    try:
        return _run(args, no_display, opened)
    except SandboxError as error:
        # Every refusal the user is told of, once: one line, no traceback, naming the option
        # whose file it is when the message names only the file.
        option = _option_of(args, error)
        print(f"sandbox: {option + ': ' if option else ''}{error}", file=sys.stderr)
        return 2
    except SceneTimeout as error:
        # A teacher's scene that took too long ends a headless command as its other faults do.
        print(f"sandbox: {error}", file=sys.stderr)
        return 1


NAMED_OPTIONS = ("find", "save_layout", "screenshot", "export", "export_course", "check_lesson", "walkthrough", "layout", "scene", "scenes")
"""The options whose value a refusal may name, the more particular first: "--find" before
"--scene" for 'the box-box scene has no event "x"'."""


def _option_of(args, error):
    """The option whose value ``error`` is about (``--save-layout``), or None when its message
    names an option already or none of their values."""
    said = str(error)
    if said.startswith("--"):
        return None
    # "walkthrough W, step 2: ..." and "cannot read layout L: ..." name their file's kind already.
    if any(f"{kind} {value}" in said for kind in ("walkthrough", "layout") for value in (args.walkthrough, args.check_lesson, args.layout) if value):
        return None
    for name in NAMED_OPTIONS:
        values = getattr(args, name)
        for value in values if isinstance(values, list) else [values]:
            if value is None or value == "":
                continue
            # The value as a word or a path of its own: "out" is not in "without".
            if str(getattr(error, "filename", "")) == str(value) or re.search(rf"(?<![\w/.-]){re.escape(str(value))}(?![\w.-])", said):
                return "--" + name.replace("_", "-")
    return None


def _run(args, no_display=False, opened=None):
    from .files import save_target
    from .registry import all_scenes, load_folder
    from .session import Session

    for folder in args.scenes:
        # A teacher's broken file is reported and left out; the others join.
        for problem in load_folder(folder):
            print(f"sandbox: {problem}", file=sys.stderr)
    scenes = all_scenes()
    if args.list:
        for cls in scenes:
            print(f"{cls.id:20} {cls.category:28} {cls.title}")
        return 0
    if args.check_lesson is not None:
        from . import lessoncheck, walkthrough

        found = lessoncheck.problems(walkthrough.load(args.check_lesson))
        for problem in found:
            print(problem)
        print(f"{args.check_lesson}: {len(found)} problem{'' if len(found) == 1 else 's'}", file=sys.stderr)
        return 1 if found else 0
    if args.export_course is not None:
        from . import course

        print(course.export(args.export_course, args.size, args.theme or "projector", args.palette))
        return 0
    if args.walkthrough is not None:
        # Only for a walkthrough: what it needs (tomllib, html) a plain start-up does without.
        from . import handout, walkthrough

        lesson = walkthrough.load(args.walkthrough)
        if args.variants is not None:
            from . import variant_pages

            print(variant_pages.export(lesson, args.export, args.variants, args.seed, args.size, args.theme or "projector", args.palette))
            return 0
        if args.export is not None:
            print(handout.export(lesson, args.export, args.size, args.theme or "projector", args.palette, args.compact, args.greyscale))
            return 0
        if args.classroom and not no_display:
            # With no display and a window asked for, nothing starts: the display is refused below.
            from .classroom.serve import open_class

            served = open_class(lesson, args.class_db, args.host, 8765 if args.port is None else args.port)
            served.announce()
            if args.no_window:
                served.run()
                return 0
            served.start()
        session = Session(size=args.size, walkthrough=lesson, palette=args.palette)
    else:
        session = Session(args.scene, args.size, args.layout, palette=args.palette)
    if no_display:
        if args.find is not None:
            from . import finding

            finding.event_of(type(session.scene), args.find)  # FindError naming the scene's events
        print(
            "sandbox: no display found to open a window on; to render a picture instead, run: "
            "python sandbox.py --scene box-box --screenshot box-box.png",
            file=sys.stderr,
        )
        return 2
    if args.find is not None:
        from . import finding

        done = finding.command(session, args.find, args.save_layout)
        if done is not None:
            return done
    from .window import app_window
    from sandbox.boot import gl
    from sandbox.kit.theme import THEMES, with_palette

    theme = args.theme or ("projector" if args.present else None)
    if theme is not None:
        session.theme = with_palette(THEMES[theme], args.palette)
        session.refresh()
    # A picture never depends on who took it: only the window starts at the scale chosen last.
    scale = args.font_scale or (2.0 if args.present else None)
    if scale is None and args.screenshot is None:
        from .preferences import font_scale

        scale = font_scale()
    if scale is not None:
        session.set_font_scale(scale)
    session.fullscreen_requested = args.fullscreen or args.present
    if args.screenshot is not None:
        # Refuse a path that cannot be a PNG before rendering; the write checks again.
        save_target(args.screenshot)
        print(app_window.screenshot(session, args.screenshot))
        if session.fault is not None:
            # The picture shows the scene's error in place of its figure; say it here too.
            print(f"sandbox: {session.fault}", file=sys.stderr)
            return 1
        return 0
    board = None
    if args.classroom:
        from .window.class_board import Board

        board = Board(session, served.room, served.students, served.teacher)
    try:
        if args.presenter:
            from .window import presenter

            presenter.run(session, board)
        else:
            # Only what there is: a test stands in for app_window.run with one argument.
            app_window.run(session, **{name: value for name, value in (("board", board), ("opened", opened)) if value is not None})
    except gl.no_display_errors():
        print(
            f"sandbox: cannot open a window on display {os.environ.get('DISPLAY', '')!r}; to render "
            "a picture instead, run: python sandbox.py --scene box-box --screenshot box-box.png",
            file=sys.stderr,
        )
        return 2
    return 0
