"""``python sandbox.py --check-lesson FILE``: what a lesson's words say that its steps do not show.

Each step is opened as the window opens it (its seed, its time, its question asked and then
revealed), and the check asks the figure what it shows (``seen``), not the Report's numbers:

- a question's asked fact, at the digits shown and with its sign, must not be visible before
  the reveal: on the canvas, in the caption or question, or in the previous step's revealed
  figure; and it must be visible in the revealed figure;
- a question's choices must be labels the figure draws before the reveal, distinct at the
  digits shown; a number among them only where the question asks for a number;
- a number written into a caption, question or explanation must be quoted by name
  (``{gap:.1f}``) or marked as the author's own prose (``{~39}``);
- a step whose figure and visible facts are the previous step's must say so
  (``same_figure = true``) when its caption says something new;
- the words must not point at the panel, which a projector showing the figure alone leaves out.

Every problem is one line naming the file and the step.
"""

import json
import re

from sandbox.app import seen, template
from sandbox.app.session import Session
from sandbox.app.walkthrough import Step, Walkthrough
from sandbox.kit.report import Fact, Report

NUMBER = re.compile(r"(?<![\w.,])[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!(?!x\b)\w)(%?)")
"""A number as a caption writes it: 780, 79,800, -0.5, 51.0, 10%, 0.62x; not the 1 of "DemoSAT1" or "A1"."""

PANEL = re.compile(r"\b(panel|table|tables|sidebar|slider|checkbox)\b", re.IGNORECASE)
"""Words that point at the panel, or at what only the panel shows."""


def problems(lesson: Walkthrough) -> list[str]:
    """Every problem of ``lesson`` (a loaded Walkthrough), one line each, in step order."""
    session = Session(walkthrough=lesson)
    found: list[str] = []
    before = None  # the previous step: (its revealed figure's texts, its SVG, its caption)
    for index, step in enumerate(lesson.steps):
        where = f"walkthrough {lesson.path}, step {index + 1}"
        session.player.go(index)
        asking = seen.of(session) if step.question else []
        if step.question:
            session.player.reveal()
        shown = seen.of(session)
        if session.fault is not None:
            found.append(f"{where}: the scene fails: {session.fault}")
            before = None
            continue
        figure = _figure_key(step, shown)
        facts = seen.report_facts(session.report())
        for field in ("caption", "question", "explain"):
            found += [f"{where}: {field} {problem}" for problem in _words(getattr(step, field)) + _misnamed(getattr(step, field), facts)]
        if step.question:
            found += [f"{where}: {problem}" for problem in _question(session, step, asking, shown, before)]
        if before is not None and before[1] == figure and step.caption != before[2] and not step.same_figure:
            found.append(
                f"{where}: its figure and visible facts are step {index}'s, while its caption says something new; "
                "change what it shows (a pose, an overlay), or say same_figure = true where that is meant"
            )
        before = (shown, figure, step.caption)
    return found


def asked_fact(report: Report, step: Step) -> Fact:
    """The fact a question asks for, as its answer shows it (seen.report_facts)."""
    return seen.report_facts(report)[step.answer]


def _question(session, step, asking, shown, before):
    """What is wrong with a question step: its answer shown too early or never, its choices."""
    report = session.report()
    fact = asked_fact(report, step)
    only = {fact.name: fact}
    answer = seen.shown_text(fact)
    wrong = []
    others = {f"choice {n}": Fact(f"choice {n}", choice) for n, choice in enumerate(step.choices) if choice != answer}

    def gives_away(kind, text):
        # A text offering the choices (the question itself) names the others too: no give-away.
        canvas = kind == "canvas"
        return bool(seen.names(text, only, canvas)) and not seen.names(text, others, canvas)

    # The words as the author wrote them: a field quoting another fact is that fact, not this one.
    words = [(field, _own_words(getattr(step, field))) for field in ("caption", "question")]
    early = [(kind, text) for kind, text in [(each.where, each.text) for each in asking] + words if gives_away(kind, text)]
    if before is not None:
        # The previous figure gives it away where it shows this very fact (by name) at this
        # value, or where it shows a line this figure hides the answer in ("early out: ?, 8"
        # here, "early out: 1, 8" there).
        early += [("previous step's revealed figure", each.text) for each in before[0] if fact.name in each.facts and gives_away(each.where, each.text)]
        early += [("previous step's revealed figure", line) for hidden, line in _unhidden(asking, before[0]) if seen.names(f"shown: {hidden}", only)]
    if early:
        kind, text = early[0]
        wrong.append(f'the answer ({step.answer} = {answer}) is visible before the reveal, in the {kind}: "{_short(text)}"; hide what shows it or ask something else')
    wrong_shown = [choice for choice in others.values() if any(seen.names(each.text, {choice.name: seen.answer_fact(choice.name, choice.value)}, True) for each in asking)]
    # Only choices a coincidence would not print (a one-digit count is everywhere: "edges added 2").
    distinct = all(len(re.sub(r"\D", "", str(c.value))) >= 2 or not NUMBER.fullmatch(str(c.value)) for c in others.values())
    if len(others) >= 2 and distinct and len(wrong_shown) == len(others):
        wrong.append(f"every other choice ({', '.join(str(c.value) for c in wrong_shown)}) is on the figure before the reveal: the one missing is the answer; offer choices the figure does not show")
    if seen.is_number(fact) and not any(seen.names(each.text, only, each.where == "canvas") for each in shown):
        wrong.append(f"the answer ({step.answer} = {answer}) is nowhere in the revealed figure; show it (an overlay, a label, the verdict) or ask about what the figure shows")
    elif not seen.is_number(fact) and [each.text for each in shown] == [each.text for each in asking]:
        wrong.append(f"the reveal shows nothing new: the figure is the same before and after; show the answer ({step.answer} = {answer}) on it")
    drawn = seen.labels_seen(asking)
    missing = [choice for choice in step.choices if seen.LABEL.fullmatch(choice) and not NUMBER.fullmatch(choice) and choice not in drawn]
    if missing:
        wrong.append(f"the choices name {', '.join(missing)}, which the figure does not draw before the reveal; show what the class chooses from (hide less) or ask about something it can see")
    numbers = [choice for choice in step.choices if NUMBER.fullmatch(choice)]
    if numbers and not seen.is_number(fact):
        wrong.append(f"the choices offer the number{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}, but {step.answer} is no number")
    elif numbers:
        at = [_at_digits(choice, fact) for choice in numbers]
        same = sorted({choice for choice, value in zip(numbers, at) if at.count(value) > 1})
        if same:
            wrong.append(f"the choices {', '.join(same)} are the same at the {fact.digits} digit{'s' if fact.digits != 1 else ''} {step.answer} is shown with; offer distinct ones")
    quoted = set(template.names(step.caption) + template.names(step.question))
    if quoted & {"answer", step.answer}:
        wrong.append(f"the caption or question quotes the answer ({{{step.answer}}}) while it is asked; quote it in explain")
    return wrong


def _figure_key(step, shown):
    """What a step's revealed figure is made of: its scene, poses, handles, settings, overlays,
    seed and time, and the texts it shows (its view aside: a caption's length moves the frame)."""
    drawn = {field: value for field, value in step.layout.items() if field != "view"}
    return step.scene, json.dumps(drawn, sort_keys=True), step.seed, step.time, tuple(each.text for each in shown)


def _unhidden(asking, shown):
    """What ``shown`` (another figure's texts) writes where ``asking`` writes "?": for each
    line the open question hides its answer in, (the hidden part, the whole line) elsewhere."""
    found = []
    for each in asking:
        if "?" not in each.text or not re.search(r"[A-Za-z]{2,}", each.text):
            continue  # a "?" alone (a label of its own) is the same as any line
        pattern = re.compile(re.escape(each.text).replace(r"\?", "(.+?)"))
        found += [(" ".join(match.groups()), other.text) for other in shown if (match := pattern.fullmatch(other.text)) and "?" not in other.text]
    return found


def _own_words(text):
    """``text`` without its quoted facts: its literal words and prose numbers."""
    return "".join(part if isinstance(part, str) else part.prose or f"{{{part.name}}}" for part in template.parse(text))


def _at_digits(choice, fact):
    value = float(choice.replace("−", "-").replace(",", "").rstrip("%"))
    return seen.shown_text(Fact(fact.name, value if isinstance(fact.value, float) else round(value), digits=fact.digits))


def _words(text):
    """What is wrong with the words ``text`` (a step's template), as phrases."""
    wrong = []
    literal = "".join(part for part in template.parse(text) if isinstance(part, str))
    for match in NUMBER.finditer(literal):
        wrong.append(
            f"says {match.group(0)} in its own words: quote the fact by name, e.g. {{gap:.1f}}, so it is the step's own, "
            f"or mark a number of your own as prose, {{{template.PROSE}{match.group(0)}}}"
        )
    if (pointed := PANEL.search(literal)) is not None:
        wrong.append(f'points at the panel ("{pointed.group(0)}"), which the projector does not show: say it on the figure, or quote the number')
    return wrong


ALONG = re.compile(r"\s+(along|on|beside)\s+$")
"""Words that place a fact at a label: "{depth} along {mtv_axis}", "{overlap} on Q"."""


def _misnamed(text, facts):
    """Where ``text`` places a fact at a label other than the one the figure draws it beside:
    "{depth:.1f} along {axes.0.name}" prints "44.8 along P" where the MTV lies along Q."""
    wrong = []
    parts = template.parse(text)
    for quoted, between, after in zip(parts, parts[1:], parts[2:]):
        # A fact quoted, then "along", then the fact naming its place: "{depth} along {mtv_axis}".
        if not isinstance(quoted, template.Field) or not isinstance(between, str) or not isinstance(after, template.Field):
            continue
        fact, place = facts.get(quoted.name), facts.get(after.name)
        words = ALONG.search(between)
        if fact is None or not fact.label or place is None or words is None:
            continue
        written = seen.shown_text(place)
        if seen.LABEL.fullmatch(written) and written != fact.label:
            wrong.append(f"places {{{quoted.name}}} {words.group(1)} {{{after.name}}} ({written}), but the figure draws {quoted.name} beside {fact.label}; quote the fact that names its place")
    # Or a label the author wrote: "{depth} along Q".
    for match in re.finditer(r"\{([\w.]+)(?::[^}]*)?\}\s+(along|on|beside)\s+([A-Z])\b", text):
        fact = facts.get(match.group(1))
        if fact is not None and fact.label and match.group(3) != fact.label:
            wrong.append(f"places {{{match.group(1)}}} {match.group(2)} {match.group(3)}, but the figure draws {match.group(1)} beside {fact.label}; quote the fact that names its place")
    return wrong


def _short(text):
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."
