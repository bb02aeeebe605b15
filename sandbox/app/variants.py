"""The same exercises in versions: a lesson's question steps with their poses moved, each
version keeping what its question is about, each with its own numbers and answer key.

A version of a question step moves each shape and handle within the bounds the step declares
(``vary``, see walkthrough) or, where it declares none, by up to MOVE world units (or two of
the scene's pose units, the vectors scene's grid squares, where those are larger) and TURN
degrees; a scene that starts from a random seed starts from another. Moves are whole world
units (whole pose units where the scene counts in larger ones, so a class can work the sums by
hand) and whole degrees. A draw is kept only when:

- a step posed at an event (its ``find``) still shows that event;
- the answers spread over the choices: each version of a question whose choices are words (a
  verdict, an axis, yes or no) or counts aims at one of them in turn (in an order drawn from the seed),
  moving up to SPREAD times as far as the step's bounds allow, and takes another only where
  TARGET_TRIES draws found none (a count the shapes fix, such as the square's axes, cannot
  change); a question asking for a measure offers the version's own among its choices in an
  order drawn from the seed, so the right one is not always in the same place;
- a choice that is one of the step's Report's numbers (the answer's own, or another such as
  brute force's pair count) is that number of the version, at the digits written, and the
  choices all differ, the answer among them;
- a version with the lesson's own answer keeps every other answer's kind (see _same_kind): the
  same words, the same count unless the scene starts from another seed, a measure of the same
  sign; so the step's explanation still holds. A version with another answer leaves the
  explanation out of its key (it speaks of the lesson's answer);
- every number written into the caption, question or explanation is one of the version's own
  values (as ``--check-lesson`` holds the lesson's): one that was the step's value (a pose, a
  depth) becomes the version's value there, at the same digits, and a draw where the places it
  was at now differ (two contact points' depths) is drawn again;
- its key (the answer and the numbers its tables print) is none of the earlier versions'.

Otherwise the next draw is tried, up to TRIES; a step that finds none says so in one line.
Every draw comes from ``random.Random`` seeded by the seed, the step and the version, so the
same seed makes the same versions.
"""

import copy
import math
import random
from typing import Any, NamedTuple

from sandbox.app import finding
from sandbox.app import guard
from sandbox.app import layout
from sandbox.app import lessoncheck
from sandbox.app import seen
from sandbox.app import template
from sandbox.app import walkthrough
from sandbox.app.camera import Camera
from sandbox.app.registry import all_scenes
from sandbox.kit import Scene
from sandbox.kit.errors import SandboxError

MAX_VERSIONS = 100
"""The most versions one export makes: a class of a hundred, each with their own."""

TRIES = 3000
"""Draws tried for one version of one step before it is given up. The quadtree's step whose
focus object the tip's retrieve misses one pair for took up to 781 draws (seed 1, 30 versions)."""

TARGET_TRIES = 120
"""Draws tried for a version to give the answer it aims at, before it takes any answer."""

SPREAD = 4
"""How many times the step's bounds a version aiming at another answer may move (in steps)."""

MOVE = 30.0
"""How far (world units) a shape or handle moves each way, where the step declares no vary."""

TURN = 10.0
"""How far (degrees) a shape that turns turns each way, where the step declares no vary."""


class VariantsError(SandboxError):
    """Versions that cannot be made; the message names the lesson and the step."""


class Asked(NamedTuple):
    """One question step as one version has it."""

    number: int
    """The step's number in the lesson."""

    step: walkthrough.Step
    """The version's step: its layout, seed, words and choices."""

    answer: str
    """The answer, computed from the version's own Report."""

    words: dict
    """The caption, question and explain, filled in from the version's Report."""

    tables: tuple
    """The version's Report's tables as revealed: the key prints them, the sheet as blanks."""

    numbers: dict
    """The version's Report's numbers."""


class Version(NamedTuple):
    number: int
    steps: tuple
    """Asked, one for each question step of the lesson."""


def make(lesson: walkthrough.Walkthrough, count: int, seed: int) -> tuple[Version, ...]:
    """``count`` versions of ``lesson``'s question steps drawn from ``seed``; VariantsError
    when the lesson asks nothing or a step finds no version keeping its answer."""
    if not 1 <= count <= MAX_VERSIONS:
        raise VariantsError(f"--variants must be a whole number from 1 to {MAX_VERSIONS}, got {count}")
    classes = {cls.id: cls for cls in all_scenes()}
    asked = [(number, step) for number, step in enumerate(lesson.steps, 1) if step.question]
    if not asked:
        raise VariantsError(f"walkthrough {lesson.path} asks no question: versions vary its question steps; give a step a question")
    columns = []
    for number, step in asked:
        where = f"walkthrough {lesson.path}, step {number}"
        cls = classes[step.scene]
        original = _scene_at(step, cls, where)
        keys: set[tuple[Any, ...]] = set()
        column: list[Asked] = []
        aims = _aims(step, original, random.Random(f"{seed}/{number}"))
        unreachable: set[str] = set()
        for version in range(1, count + 1):
            rng = random.Random(f"{seed}/{number}/{version}")
            found = _aimed(step, cls, original, number, where, rng, aims, unreachable, version, keys)
            if found is None:
                found = _any(step, cls, original, number, where, rng, keys)
            if found is None:
                raise VariantsError(
                    f"{where}: none of {TRIES} draws made a version {version} of {count} that gives an answer among its choices "
                    f"(the lesson's is {step.answer_text(original)}) and differs from those before it; give the step a vary that moves less (or more), or ask for fewer versions"
                )
            keys.add(_key(found))
            column.append(found)
        columns.append(column)
    return tuple(Version(version, tuple(column[version - 1] for column in columns)) for version in range(1, count + 1))


def _aims(step, original, rng):
    """The answers a step's versions aim at in turn: its choices in an order drawn from ``rng``,
    where they are words or counts; none for an open question or a measure (a version offers
    its own measure among the choices)."""
    asked = seen.report_facts(original.reported)[step.answer]
    if len(step.choices) < 2 or isinstance(asked.value, float) or not all(_fixed(choice) for choice in step.choices):
        return []
    order = list(step.choices)
    rng.shuffle(order)
    return order


def _aimed(step, cls, original, number, where, rng, aims, unreachable, version, keys):
    """A version giving the answer this version aims at, or None (none to aim at, or none
    found): the aims are taken in turn; one found unreachable is not aimed at again, and the
    versions whose turn it is are the lesson's own exercise (``_any``)."""
    if not aims:
        return None
    aim = aims[(version - 1) % len(aims)]
    if aim in unreachable:
        return None
    for attempt in range(TARGET_TRIES):
        reach = 1 + (SPREAD - 1) * attempt // TARGET_TRIES
        found = _kept(step, _drawn(step, original, rng, reach), cls, original, number, where, free=True)
        if found is not None and found.answer == aim and _key(found) not in keys:
            return found
    unreachable.add(aim)  # the shapes cannot give it here (a count they fix)
    return None


def _any(step, cls, original, number, where, rng, keys):
    """A version asking the lesson's own exercise (its answer of the same kind), or None after
    TRIES draws."""
    for _ in range(TRIES):
        found = _kept(step, _drawn(step, original, rng), cls, original, number, where)
        if found is not None and _key(found) not in keys:
            return found
    return None


def bounds(step: walkthrough.Step, scene: Scene) -> walkthrough.Vary:
    """How far each shape and handle of ``step`` may move: its vary, or the defaults."""
    if step.vary is not None:
        return step.vary
    move = max(MOVE, 2 * scene.pose_unit)
    found: walkthrough.Vary = {}
    for name, shape in scene.shapes.items():
        found[name] = {"x": (-move, move), "y": (-move, move)}
        if scene.turnable and hasattr(shape, "angle"):
            found[name]["angle"] = (-TURN, TURN)
    for name in scene.points:
        found[name] = {"x": (-move, move), "y": (-move, move)}
    return found


def _drawn(step, scene, rng, reach=1):
    """``step`` with its poses moved by one draw of ``rng`` (``reach`` times its bounds), and a
    new seed for a seeded scene."""
    data = copy.deepcopy(step.layout)
    unit = scene.pose_unit
    for name, moves in bounds(step, scene).items():
        for field, (low, high) in moves.items():
            low, high = low * reach, high * reach
            if field == "angle":
                data["shapes"][name]["angle"] = data["shapes"][name].get("angle", 0.0) + _whole(rng, low, high, 1.0)
            else:
                place = data["shapes"][name]["position"] if name in data["shapes"] else data["handles"][name]
                place["xy".index(field)] += _whole(rng, low, high, unit)
    seed = rng.randrange(2**32) if isinstance(getattr(scene, "seed", None), int) else step.seed
    return step._replace(layout=data, seed=seed)


def _whole(rng, low, high, unit):
    """A draw from low to high in whole ``unit``s; any number where no whole one fits."""
    first, last = math.ceil(low / unit), math.floor(high / unit)
    return rng.randint(first, last) * unit if first <= last else rng.uniform(low, high)


def _scene_at(step, cls, where):
    """A scene made afresh at ``step``'s layout, seed and time, as the window shows the step."""
    try:
        scene = cls()
        step.seeded(scene)
        layout.apply(layout.parse(step.layout, scene, where), scene, Camera(1280, 720))
        scene.invalidate()
        step.run(scene)
        scene.reported  # computed here, where a fault can be named
    except layout.LayoutError:
        raise
    except Exception as error:
        line = guard.fault(error, cls, "compute")
        if line is None:
            raise
        raise VariantsError(f"{where}: {line}") from None
    return scene


def _kept(step, drawn, cls, original, number, where, free=False):
    """The version ``drawn`` as Asked, or None when it does not keep what the question is about."""
    try:
        scene = _scene_at(drawn, cls, where)
    except layout.LayoutError:
        return None  # a place the scene refuses for a handle (a triangle gone flat): draw again
    if step.find and not finding.event_of(cls, step.find).shows(scene.reported):
        return None  # the step is about its event: "corners-outside" must still happen
    answers = scene.reported.answers
    if step.answer not in answers:
        return None  # the pose has no such fact (apart, EPA never ran: no count of its points)
    answer = answers[step.answer]
    was, now = seen.report_facts(original.reported), seen.report_facts(scene.reported)
    reseeded = drawn.seed != step.seed
    # The lesson's exercise: its answer of the same kind (a verdict, a count, a measure's sign),
    # every other answer too. A version aimed at another choice (``free``) may give another.
    same = answer == step.answer_text(original) or _same_kind(now[step.answer], was[step.answer], reseeded)
    if not free and not same:
        return None
    if same and any(name not in now or not _same_kind(now[name], fact, reseeded) for name, fact in was.items() if name in answers):
        return None
    measure = isinstance(was[step.answer].value, float)
    choices = tuple(_refilled(choice, step.answer, original.reported, scene.reported, measure) for choice in step.choices)
    if choices and (len(set(choices)) < len(choices) or answer not in choices):
        return None
    if choices and _number(choices[0]) is not None:
        # Numbers offered in an order of the version's own: the right one is not always first.
        choices = tuple(random.Random(repr((drawn.layout, drawn.seed))).sample(choices, len(choices)))
    # Recorded as drawn, with the handles where the scene put them: a scene posed afresh from
    # it computes this very key (a layout captured anew would turn each angle to degrees and back).
    drawn = drawn._replace(layout={**drawn.layout, "handles": {name: [float(v) for v in at] for name, at in scene.points.items()}}, choices=choices)
    before, now = _values(original.reported, step.layout), _values(scene.reported, drawn.layout)
    values = {value for _, value in now}
    words = {}
    for field in ("caption", "question", "explain"):
        text = _own_numbers(getattr(step, field) if same or field != "explain" else "", before, now, values)
        if text is None:
            return None
        words[field] = text
    drawn = drawn._replace(**words)
    try:
        filled = {field: drawn.filled(getattr(drawn, field), scene, missing=None) for field in words}
    except KeyError:
        return None  # the words quote a fact this version has not (no contact point, no depth)
    return Asked(number, drawn, answer, filled, tuple(scene.reported.tables), dict(scene.reported.numbers))


def _same_kind(fact, was, reseeded):
    """Whether a version's ``fact`` says what the step's (``was``) says: the same words (a
    verdict, an axis, a region), the same count (two contact points, one axis tried) unless the
    scene starts from another seed and counts anew, and a measure of the same sign (zero stays
    zero: a vector square to another stays square)."""
    if not seen.is_number(was) or isinstance(was.value, int) and not reseeded:
        return fact.text() == was.text()
    return seen.is_number(fact) and _sign(fact.value) == _sign(was.value)


def _key(asked):
    """What a version prints in its key: two versions with the same key are the same exercise."""
    return (asked.answer, tuple(asked.words.values()), tuple((t.title, tuple(map(tuple, t.rows))) for t in asked.tables))


def _number(text):
    """``text`` as a number, or None if it is no number (a word, a label)."""
    try:
        return float(str(text).replace(",", "").replace("−", "-"))
    except ValueError:
        return None


def _sign(answer):
    """-1, 0 or 1 for an answer that is a number (as written); None for words."""
    value = _number(answer)
    return None if value is None else (value > 0) - (value < 0)


def _styled(value, like):
    """``value`` written as the number ``like`` is: its digits after the point, its thousands commas."""
    digits = len(like.split(".")[1]) if "." in like else 0
    text = f"{value:{',' if ',' in like else ''}.{digits}f}"
    return text[1:] if text.startswith("-") and _number(text) == 0 else text


def _named(report):
    """The Report's numbers and answers that are one number each, by name."""
    found: dict[str, float] = {}
    for source in (report.answers, report.numbers):
        for name, value in source.items():
            if not isinstance(value, bool) and (number := _number(value) if isinstance(value, str) else value) is not None and isinstance(number, (int, float)):
                found.setdefault(name, float(number))
    return found


def _fixed(choice):
    """Whether a choice is the same in every version: a word, or a count of one digit (the
    axes tried, the contact points), never one of the Report's numbers made the version's."""
    return _number(choice) is None or choice.isdigit() and len(choice) == 1


def _refilled(choice, answer, before, after, measure=False):
    """A choice as the version has it: where it was one of the step's named numbers (the
    answer's first), that number of the version, written alike; otherwise as it was. A count's
    choice of one digit stays (it is offered in every version); a measure's is the version's."""
    if _number(choice) is None or _fixed(choice) and not measure:
        return choice
    named, now = _named(before), _named(after)
    for name in sorted(named, key=lambda name: name != answer):
        if _styled(named[name], choice) == choice and name in now:
            return _styled(now[name], choice)
    return choice


def _values(report, data):
    """Every number of a step by where it is: (path, value) for the Report's numbers and the
    layout's settings, poses and handles, each path naming the same value in any version."""
    found = []

    def take(value, path):
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, (int, float)) and math.isfinite(value):
            found.append((path, float(value)))
        elif isinstance(value, dict):
            for name, inner in value.items():
                take(inner, (*path, name))
        elif isinstance(value, (list, tuple)):
            for index, inner in enumerate(value):
                take(inner, (*path, index))

    take(dict(report.numbers), ("numbers",))
    take({field: data.get(field, {}) for field in ("settings", "shapes", "handles")}, ("layout",))
    return found


def _own_numbers(text, before, now, values):
    """``text`` (a template) with each number written into it made the version's own: kept
    where it is one of the version's ``values`` at its digits, else the version's value at the
    place (``before``'s path) the step's value was; None where that cannot be told."""
    at = dict(now)
    parts = []
    for part in template.parse(text):
        if isinstance(part, template.Field):
            parts.append("{" + (template.PROSE + part.prose if part.prose else part.name + (f":{part.spec}" if part.spec else "")) + "}")
            continue
        literal, out, end = part, [], 0
        for match in lessoncheck.NUMBER.finditer(literal):
            written = match.group(0)
            out.append(literal[end:match.start()])
            end = match.end()
            bare = written.rstrip("%").replace("−", "-").lstrip("-")
            scale = 100 if written.endswith("%") else 1
            places = [path for path, value in before if _styled(abs(value) * scale, bare) == bare]
            texts = {_styled(abs(at[path]) * scale, bare) if path in at else None for path in places}
            if len(texts) == 1 and None not in texts:
                # The number was the step's value (a depth, a pose): the version's value there.
                out.append(written[: len(written) - len(written.lstrip("-−"))] + texts.pop() + ("%" if scale == 100 else ""))
            elif places or not _among(written, values):
                return None  # places that now disagree (two depths), or a number that is none of the version's
            else:
                out.append(written)
        out.append(literal[end:])
        parts.append("".join(out).replace("{", "{{").replace("}", "}}"))
    return "".join(parts)


def _among(shown, values):
    """Whether the number ``shown`` (as written) is one of ``values`` at its digits: a number
    a version keeps as it was written."""
    percent = shown.endswith("%")
    text = shown.rstrip("%").replace("−", "-").replace(",", "")
    digits = len(text.split(".")[1]) if "." in text else 0
    written = f"{abs(float(text)):.{digits}f}"
    return any(f"{abs(value * (100 if percent else 1)):.{digits}f}" == written for value in values)
