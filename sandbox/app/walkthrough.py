"""Walkthroughs: a lesson written once as TOML, a scene and a caption per step.

::

    title = "SAT from scratch"
    format = 2                            # optional: the layout format its steps are in (1 if left out)

    [[steps]]
    scene = "projection"
    caption = "Each box casts a shadow on the axis P."
    overlays = { demosat1 = true }        # optional: overlay switches
    settings = { page = 0 }               # optional: the scene's own settings, e.g. its page
    handles = { P = [25, 50] }            # optional: where draggable points sit
    animate = 1.5                         # optional: seconds to move there from the last step
    seed = 7                              # optional, animated scenes with a seed: their random start
    time = 2.0                            # optional, animated scenes: seconds run before the step shows
    layout = "box-box.json"               # optional: a layout file, relative to this file
    find = "corners-outside"              # optional, instead of layout: where the scene's event happens
    vary = { B = { x = [-40, 40], angle = [-15, 15] } }  # optional: how far --variants may move
                                          # each shape or handle (world units, degrees)
    [steps.shapes.B]                      # optional: poses, world units and degrees
    position = [-140, 50]
    angle = 30

A step may ask the class to predict before it shows::

    question = "Which axis separates A and B?"
    choices = ["P", "Q", "R", "S"]        # optional; the answer must be one of them
    answer = "separating_axes"            # one of the answers of the scene's Report
    explain = "One gap is enough."        # optional: said with the answer
    hide = ["projections"]                # optional: the overlays that give it away (default: all)

A step that shows the previous step's figure again on purpose, its caption saying more of it,
says ``same_figure = true``.

The answer is computed from the scene at the step's layout, never typed in. The first click
shows the question with those overlays and the verdict hidden, the next reveals them.

A step may carry notes for the teacher, shown in the presenter view and printed in the
teacher's edition of the handout, never to the class::

    [steps.notes]
    aim = "Shadows overlap on one axis though the boxes are apart."   # what the step is for
    ask = "Does one overlapping axis prove a collision?"               # what to ask the class
    minutes = 2                                                        # how long to spend
    warning = "Pause here before moving on: the next step answers it." # what can go wrong

A caption, question or explanation quotes the step's facts by name, filled in from what the
scene computes at that step, in the window and on paper alike (the grammar is in
``sandbox.app.template``): ``{gap:.1f}``, ``{axes.0.overlap}`` (dotted inside a list or table),
``{settings.bounce}``, ``{answer}`` (the question's answer). A number in the author's own words
is marked as prose, ``{~39}`` (shown as 39); ``--check-lesson`` refuses any other written into
the words. ``{{`` and ``}}`` are braces.

A step of an animated scene (the quadtree's moving objects, the bounce's replay) starts from
its ``seed`` and is run ``time`` seconds (0 if left out) in frames of 1/60 s before it shows,
then held still: the window, the handout and the answer all show that one moment, whatever
the class's pace. P lets it run on.

Every step is checked when the file is loaded, so a bad file is refused before anything starts,
with a message naming the file, the step and the field.
"""

import difflib
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from sandbox.app import files
from sandbox.app import finding
from sandbox.app import guard
from sandbox.app import layout
from sandbox.app import migrations
from sandbox.app import template
from sandbox.app.camera import Camera
from sandbox.app.registry import all_scenes
from sandbox.kit import Report, Scene, events
from sandbox.kit.errors import SandboxError
from sandbox.kit.report import leaves

STEP_FIELDS = {"scene", "caption", "layout", "find", "shapes", "handles", "overlays", "settings", "view", "animate", "question", "choices", "answer", "explain", "hide", "seed", "time", "notes", "vary", "same_figure"}

NOTE_FIELDS = ("aim", "ask", "minutes", "warning")
"""What a step's teacher notes may hold, in the order they are printed."""

MAX_MINUTES = 60
"""The longest a note may say a step takes, in minutes."""


MAX_ANIMATE = 60.0
"""The longest a step may take to move its shapes into place, in seconds."""


MAX_TIME = 600.0
"""The longest an animated step may be run before it shows, in seconds (36,000 frames)."""

FRAME = 1 / 60
"""The frame an animated step is run in: the window's own, so a step shows what the window would."""


T = TypeVar("T")

Vary = dict[str, dict[str, tuple[float, float]]]
"""A step's checked vary: shape or handle name -> {"x"|"y"|"angle": (low, high)}."""

PROSE = template.PROSE
"""What begins a template field that is a number in the author's own words, not the Report's."""


def quoted(report: Report, answer: str = "", settings: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """What a template may quote, by dotted name: the Report's numbers (each item of a list or
    table too), its answers where no number has the name, the step's ``settings`` (as
    ``settings.bounce``) and ``answer``; and how the Report shows each (its answers' texts), for
    a field written without a format."""
    values = {**report.answers, **leaves(report.numbers), **{f"settings.{name}": value for name, value in (settings or {}).items()}, "answer": answer}
    return values, {**report.answers, "answer": answer}


class WalkthroughError(SandboxError):
    """A walkthrough file that cannot be used; the message names the file, the step and the field."""


class Notes(NamedTuple):
    """A step's notes for the teacher; every field may be empty."""

    aim: str = ""
    """What the step is for."""

    ask: str = ""
    """What to ask the class."""

    minutes: float = 0.0
    """About how long to spend on it; 0 if not said."""

    warning: str = ""
    """What can go wrong, or what not to do."""

    def lines(self) -> list[tuple[str, str]]:
        """(label, text) for every note given, in NOTE_FIELDS' order."""
        labels = {"aim": "Aim", "ask": "Ask", "minutes": "Time", "warning": "Watch out"}
        return [
            (labels[field], f"about {self.minutes:g} min" if field == "minutes" else getattr(self, field))
            for field in NOTE_FIELDS
            if getattr(self, field)
        ]


class Step(NamedTuple):
    scene: str
    """The scene's id."""

    caption: str
    """What the teacher says at this step."""

    layout: dict[str, Any]
    """The step's whole layout, checked against its scene."""

    animate: float
    """Seconds to move the shapes from the previous step's poses; 0 jumps."""

    question: str = ""
    """What the class predicts before the step reveals it, or ""."""

    choices: tuple[str, ...] = ()
    """The answers offered, or () for an open question."""

    answer: str = ""
    """The name of the answer in the scene's Report (Report.answers) that answers the question."""

    hide: tuple[str, ...] = ()
    """The overlays switched off while the question is open."""

    explain: str = ""
    """What the teacher adds once the answer is shown, or ""."""

    seed: int | None = None
    """The random seed an animated scene starts from, or None for the scene's own."""

    time: float = 0.0
    """Seconds an animated scene runs from its start before the step shows it."""

    notes: Notes = Notes()
    """What the teacher reads at this step, not the class."""

    vary: Vary | None = None
    """How far ``--variants`` may move each shape or handle: name -> {"x"|"y"|"angle": (low,
    high)} in world units and degrees; None where the step declares none (variants' defaults)."""

    find: str = ""
    """The event the step is posed at (its ``find``), or "": a version of the step shows it too."""

    same_figure: bool = False
    """Whether the step means to show the previous step's figure again (``same_figure = true``),
    its caption saying more of it; otherwise ``--check-lesson`` asks for a figure of its own."""

    # Any, not Scene: the seed it sets belongs to the scenes that start from one (a Swarm's).
    def seeded(self, scene: Any) -> None:
        """Start ``scene`` (made afresh) from this step's seed, if it names one."""
        if self.seed is not None:
            scene.seed = self.seed
            scene.setup()

    def run(self, scene: Scene) -> None:
        """Run ``scene`` (at this step's layout) for this step's time, frame by frame."""
        for _ in range(round(self.time / FRAME)):
            scene.update(FRAME)
        scene.invalidate()

    def answer_text(self, scene: Scene) -> str:
        """The answer, computed from ``scene`` (at this step's layout), in words; a dash where
        the figure as the class moved it has no such answer; a scene whose report raises says so
        instead (guard.fault), naming its file and line."""
        try:
            reported = scene.reported
            return reported.answers.get(self.answer, template.MISSING)
        except Exception as error:
            line = guard.fault(error, type(scene), "report")
            if line is None:
                raise
            return f"(none: {line})"

    def offered(self) -> str:
        """The question's choices as the class reads them: "(P / Q / R)", or "a) …   b) …" where
        a choice holds a slash or semicolon itself (where-do-they-touch step 4's "A edge 1 / B
        vertex 3; …", joined by " / ", read as seven fragments); "" without choices."""
        if not self.choices:
            return ""
        if any("/" in choice or ";" in choice for choice in self.choices):
            return "   ".join(f"{'abcdefghij'[k]}) {choice}" for k, choice in enumerate(self.choices))
        return f"({' / '.join(self.choices)})"

    def filled(self, text: str, scene: Scene, missing: str | None = template.MISSING) -> str:
        """``text`` (this step's caption, question or explain) with its fields filled from
        ``scene``'s Report; as written if the scene's report raises (the fault is shown). A fact
        the figure no longer has (the class lifted B off A: no depth) shows ``missing``; with
        None it raises KeyError, as the lesson's check at the step's own layout wants."""
        if "{" not in text and "}" not in text:
            return text  # nothing to fill: the scene need not compute for it
        try:
            report = scene.reported
        except Exception:
            return text
        return template.fill(text, *quoted(report, self.answer_text(scene) if self.answer else "", scene.settings), missing=missing)


class Walkthrough(NamedTuple):
    title: str
    path: Path
    steps: tuple[Step, ...]
    paper: tuple[str, ...] = ()
    """Things to try with a pencil and the printed page: the handout lists them before the
    scenes' own things to try, which need the sandbox."""


def load(path: files.PathArg) -> Walkthrough:
    """The Walkthrough in the TOML file ``path``, every step checked; or WalkthroughError."""
    path = Path(path)
    try:
        data = tomllib.loads(files.read_text(path))
    except files.FileError as error:
        raise WalkthroughError(f"cannot read walkthrough {path}: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise WalkthroughError(f"walkthrough {path} is not valid TOML: {error}") from None
    except RecursionError:
        raise WalkthroughError(f"walkthrough {path} is not a lesson: its tables or lists are nested too deeply") from None
    except ValueError:
        # tomllib leaves int()'s refusal of a number of more than 4,300 digits uncaught.
        raise WalkthroughError(f"walkthrough {path} is not valid TOML: it has a whole number of more than 4,300 digits") from None
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise WalkthroughError(f"walkthrough {path}: title must be a line of text")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise WalkthroughError(f"walkthrough {path}: it needs at least one [[steps]] table")
    try:
        start = migrations.version(data.get("format"), f"walkthrough {path}")
    except ValueError as error:
        raise WalkthroughError(str(error)) from None
    paper = data.get("paper", [])
    if not (isinstance(paper, list) and all(isinstance(task, str) and task.strip() for task in paper)):
        raise WalkthroughError(f"walkthrough {path}: paper must be a list of tasks, each a line of text")
    classes = {cls.id: cls for cls in all_scenes()}
    steps = tuple(_step(path, number, step, classes, start) for number, step in enumerate(steps, 1))
    return Walkthrough(title, path, steps, tuple(task.strip() for task in paper))


def _step(path: Path, number: int, step: Any, classes: Mapping[str, type[Scene]], start: int = migrations.FORMAT) -> Step:
    where = f"walkthrough {path}, step {number}"
    if not isinstance(step, dict):
        raise WalkthroughError(f"{where}: a step must be a table with scene and caption ([[steps]]), got {step!r:.40}")
    unknown = sorted(set(step) - STEP_FIELDS)
    if unknown:
        raise WalkthroughError(f"{where}: {unknown[0]} is not a step field (use {', '.join(sorted(STEP_FIELDS))})")
    # A step written in an earlier format says its settings in today's words first.
    step = {**step, **migrations.migrate({"scene": step.get("scene"), **{f: step[f] for f in ("handles", "settings") if f in step}}, start)}
    scene_id = step.get("scene")
    if not isinstance(scene_id, str):
        raise WalkthroughError(f'{where}: scene must be a scene id in quotes, e.g. "box-box"; got {scene_id!r:.40}')
    if scene_id not in classes:
        raise WalkthroughError(f'{where}: scene {scene_id!r} does not exist; python sandbox.py --list shows them all')
    caption = step.get("caption")
    if not isinstance(caption, str) or not caption.strip():
        raise WalkthroughError(f"{where}: caption must be the text the class reads at this step")
    animate = step.get("animate", 0.0)
    # Compared as given, before any float(): an int of 400 digits would overflow it.
    if not isinstance(animate, (int, float)) or isinstance(animate, bool) or not 0 <= animate <= MAX_ANIMATE:
        raise WalkthroughError(f"{where}: animate must be a number of seconds from 0 to {MAX_ANIMATE:g}, got {_show(animate)}")
    scene, camera = _scenes_own(where, "setup", classes[scene_id], classes[scene_id]), Camera(1280, 720)
    timing = Step(scene_id, "", {}, 0.0, seed=_seed(where, step, scene), time=_time(where, step, scene))
    _scenes_own(where, "setup", type(scene), timing.seeded, scene)
    if "find" in step:
        data = _found(where, step, scene)
    elif "layout" in step:
        try:
            data = layout.read(files.inside(path.parent, step["layout"]))
        except files.FileError as error:
            raise WalkthroughError(f"{where}: layout {error}") from None
        except layout.LayoutError as error:
            raise WalkthroughError(f"{where}: {error}") from None
    else:
        data = layout.capture(scene, camera)
        # The default's kinds would contradict a step whose settings change them (minkowski's pair).
        for entry in data.get("shapes", {}).values():
            entry.pop("kind", None)
    shapes = step.get("shapes", {})
    if not isinstance(shapes, dict):
        raise WalkthroughError(f"{where}: shapes must be tables of position and angle, one per shape")
    data["shapes"] = {name: dict(entry) for name, entry in data.get("shapes", {}).items()}
    for name, pose in shapes.items():
        if not isinstance(pose, dict):
            raise WalkthroughError(f"{where}: shapes.{name} must be a table with position and angle")
        data["shapes"].setdefault(name, {}).update(pose)
    for field in ("handles", "overlays", "settings"):
        if field in step:
            if not isinstance(step[field], dict):
                raise WalkthroughError(f"{where}: {field} must be a table")
            data[field] = {**data.get(field, {}), **step[field]}
    if "view" in step:
        data["view"] = step["view"]
    try:
        parsed = layout.parse(data, scene, where)
    except layout.LayoutError as error:
        raise WalkthroughError(str(error)) from None
    layout.apply(parsed, scene, camera)
    _scenes_own(where, "settle", type(scene), scene.invalidate)
    _scenes_own(where, "update", type(scene), timing.run, scene)
    if "find" in step and not finding.event_of(type(scene), step["find"]).shows(scene.reported):
        raise WalkthroughError(f'{where}: find "{step["find"]}" no longer shows once the step\'s own poses, settings, seed and time are applied; leave out what undoes it')
    made = Step(scene_id, caption.strip(), layout.capture(scene, camera), float(animate), *_question(where, step, scene), seed=timing.seed, time=timing.time, notes=_notes(where, step), vary=_vary(where, step, scene), find=step.get("find", ""), same_figure=_same_figure(where, step))
    for field in ("caption", "question", "explain"):
        _fills(where, field, getattr(made, field), made, scene)
    return made


def _fills(where: str, field: str, text: str, step: Step, scene: Scene) -> None:
    """WalkthroughError unless ``text``'s template fields name what the step's Report has."""
    try:
        template.parse(text)  # the grammar first: nothing is computed for a field outside it
        step.filled(text, scene, missing=None)
    except KeyError as error:
        names = ", ".join(name for name in quoted(scene.reported, "x")[0] if "." not in name)
        raise WalkthroughError(f"{where}: {field} quotes {{{error.args[0]}}}, which the {scene.id} scene's Report does not have; it has {names}") from None
    except template.TemplateError as error:
        raise WalkthroughError(f"{where}: {field}: {error}") from None


def _same_figure(where: str, step: Mapping[str, Any]) -> bool:
    same = step.get("same_figure", False)
    if not isinstance(same, bool):
        raise WalkthroughError(f"{where}: same_figure must be true or false, got {_show(same)}")
    return same


def _found(where: str, step: Mapping[str, Any], scene: Scene) -> dict[str, Any]:
    """The layout where the step's ``find`` event happens in ``scene``'s scene, as a layout
    file's data; WalkthroughError naming the step (and the scene's events) otherwise."""
    name = step["find"]
    if "layout" in step:
        raise WalkthroughError(f"{where}: find and layout both say where the shapes go; give one of them")
    if not isinstance(name, str):
        raise WalkthroughError(f'{where}: find must name an event of the {scene.id} scene in quotes, e.g. find = "{_example(scene)}"')
    try:
        return finding.found_layout(type(scene), name)
    except finding.FindError as error:
        raise WalkthroughError(f"{where}: find: {error}") from None


def _example(scene: Scene) -> str:
    named = [event.name for event in events.events_of(scene)]
    return named[0] if named else "an-event"


def _notes(where: str, step: Mapping[str, Any]) -> Notes:
    """The step's teacher notes, checked: a table of NOTE_FIELDS, text and a number of minutes."""
    notes = step.get("notes", {})
    if not isinstance(notes, dict):
        raise WalkthroughError(f"{where}: notes must be a table ([steps.notes]) of {', '.join(NOTE_FIELDS)}")
    unknown = sorted(set(notes) - set(NOTE_FIELDS))
    if unknown:
        raise WalkthroughError(f"{where}: notes.{unknown[0]} is not a note (use {', '.join(NOTE_FIELDS)})")
    for field in ("aim", "ask", "warning"):
        if not isinstance(notes.get(field, ""), str):
            raise WalkthroughError(f"{where}: notes.{field} must be a line of text for the teacher")
    minutes = notes.get("minutes", 0)
    if not isinstance(minutes, (int, float)) or isinstance(minutes, bool) or not 0 <= minutes <= MAX_MINUTES:
        raise WalkthroughError(f"{where}: notes.minutes must be a number of minutes from 0 to {MAX_MINUTES}, got {_show(minutes)}")
    return Notes(notes.get("aim", "").strip(), notes.get("ask", "").strip(), float(minutes), notes.get("warning", "").strip())


VARY_LIMITS = {"x": layout.WORLD_LIMIT, "y": layout.WORLD_LIMIT, "angle": 360.0}
"""What a step's vary may give each shape or handle, and the widest move it may allow."""


def _vary(where: str, step: Mapping[str, Any], scene: Scene) -> Vary | None:
    """The step's vary, checked: for shapes and handles of its scene, [low, high] moves of x, y
    and (a shape that turns) angle; None if the step declares none."""
    if "vary" not in step:
        return None
    vary = step["vary"]
    if not isinstance(vary, dict):
        raise WalkthroughError(f"{where}: vary must be a table of shapes and handles, e.g. vary = {{ B = {{ x = [-40, 40], angle = [-15, 15] }} }}")
    checked: Vary = {}
    for name, moves in vary.items():
        if name not in scene.shapes and name not in scene.points:
            names = ", ".join([*scene.shapes, *scene.points]) or "none"
            raise WalkthroughError(f"{where}: vary.{name} is not a shape or handle of the {scene.id} scene (it has {names})")
        turns = name in scene.shapes and hasattr(scene.shapes[name], "angle") and scene.turnable
        fields = ("x", "y", "angle") if turns else ("x", "y")
        if not isinstance(moves, dict) or not moves or set(moves) - set(fields):
            raise WalkthroughError(f"{where}: vary.{name} must be a table of {', '.join(fields)}, each [low, high], e.g. x = [-40, 40]")
        for field, bounds in moves.items():
            limit = VARY_LIMITS[field]
            if not (isinstance(bounds, list) and len(bounds) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) and -limit <= v <= limit for v in bounds) and bounds[0] <= bounds[1]):
                unit = "degrees" if field == "angle" else "world units"
                raise WalkthroughError(f"{where}: vary.{name}.{field} must be [low, high], low <= high, within ±{limit:g} {unit}; got {_show(bounds)}")
        checked[name] = {field: (float(low), float(high)) for field, (low, high) in moves.items()}
    return checked


def _seed(where: str, step: Mapping[str, Any], scene: Scene) -> int | None:
    """The step's seed, checked: a whole number, for a scene that starts from one."""
    if "seed" not in step:
        return None
    seed = step["seed"]
    if not isinstance(getattr(scene, "seed", None), int):
        raise WalkthroughError(f"{where}: seed is only for a scene that starts from a random seed; the {scene.id} scene does not")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
        raise WalkthroughError(f"{where}: seed must be a whole number from 0 to {2**32 - 1}, got {_show(seed)}")
    return seed


def _time(where: str, step: Mapping[str, Any], scene: Scene) -> float:
    """The step's time, checked: seconds from 0 to MAX_TIME, for an animated scene."""
    if "time" not in step:
        return 0.0
    time = step["time"]
    if not scene.animated:
        raise WalkthroughError(f"{where}: time is only for an animated scene; the {scene.id} scene holds still")
    if not isinstance(time, (int, float)) or isinstance(time, bool) or not 0 <= time <= MAX_TIME:
        raise WalkthroughError(f"{where}: time must be a number of seconds from 0 to {MAX_TIME:g}, got {_show(time)}")
    return float(time)


def _question(where: str, step: Mapping[str, Any], scene: Scene) -> tuple[str, tuple[str, ...], str, tuple[str, ...], str]:
    """(question, choices, answer, hide, explain) of a step, checked against its scene; all empty without one."""
    asks = {"question", "choices", "answer", "explain", "hide"} & set(step)
    if not asks:
        return "", (), "", (), ""
    question, answer = step.get("question"), step.get("answer")
    if not isinstance(question, str) or not question.strip():
        raise WalkthroughError(f"{where}: question must be the line the class answers, with answer naming a field of the result")
    answers = _scenes_own(where, "report", type(scene), lambda: scene.reported.answers)
    if not isinstance(answer, str) or answer not in answers:
        # The nearest names first: a scene names dozens of facts (every cell of its tables).
        near = difflib.get_close_matches(str(answer), list(answers), 3, 0.5) or [name for name in answers if "." not in name][:6]
        raise WalkthroughError(f"{where}: answer must name a fact of the {scene.id} scene's result ({len(answers)} of them), such as {', '.join(near)}; got {answer!r:.40}")
    choices = step.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) and c.strip() for c in choices) or len(choices) == 1:
        raise WalkthroughError(f"{where}: choices must be a list of two or more answers in quotes")
    if choices and answers[answer] not in choices:
        raise WalkthroughError(f"{where}: the answer here is {answers[answer]!r}, which is not among the choices; move the shapes or change the choices")
    overlays = [p.name for p in scene.params if p.overlay]
    hide = step.get("hide", [name for name in overlays if scene.settings[name]])
    if not isinstance(hide, list) or any(name not in overlays for name in hide):
        raise WalkthroughError(f"{where}: hide must list overlays of the {scene.id} scene, from {', '.join(overlays)}")
    explain = step.get("explain", "")
    if not isinstance(explain, str):
        raise WalkthroughError(f"{where}: explain must be a line of text, said with the answer")
    return question.strip(), tuple(c.strip() for c in choices), answer, tuple(hide), explain.strip()


def _scenes_own(where: str, what: str, cls: type[Scene], method: Callable[..., T], *args: Any) -> T:
    """``method(*args)``, the scene's own code; WalkthroughError naming the step and the scene
    file's line if it raises there."""
    try:
        return method(*args)
    except Exception as error:
        line = guard.fault(error, cls, what)
        if line is None:
            raise
        raise WalkthroughError(f"{where}: {line}") from None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
