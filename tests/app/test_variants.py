"""--variants: versions of a lesson's questions (eight lessons by default, all twelve under
-m slow), each key recomputed here from the version's own layout in a scene made afresh (never
from what variants computed), all different, the same again from the same seed (one lesson by
default; under -m slow thirty versions of every lesson, exported twice); the step's vary obeyed;
bad input refused in one line."""

import html
import json
import re
from pathlib import Path

import pytest

from sandbox.app import cli, layout, lessoncheck, template, variants, walkthrough
from sandbox.app.camera import Camera
from sandbox.app.registry import all_scenes
from sandbox.kit import events

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "walkthroughs").glob("*.toml"))


def recomputed(record):
    """The Report of the scene posed afresh from a version's record (as version.json has it):
    its seed, its layout, its time run in the window's frames."""
    scene = {cls.id: cls for cls in all_scenes()}[record["scene"]]()
    if record["seed"] is not None:
        scene.seed = record["seed"]
        scene.setup()
    layout.apply(layout.parse(record["layout"], scene, "test"), scene, Camera(1280, 720))
    scene.invalidate()
    for _ in range(round(record["time"] * 60)):
        scene.update(1 / 60)
    scene.invalidate()
    return scene.reported


def record_of(step):
    return {"scene": step.scene, "seed": step.seed, "time": step.time, "layout": step.layout}


def choice_of(step):
    """Which of its choices the lesson's own step answers, computed afresh."""
    return step.choices.index(recomputed(record_of(step)).answers[step.answer])


def assert_keys_hold(lesson, versions):
    """Each version's answer and numbers are what its own layout computes; its answer is the
    same choice as the lesson's; and no two versions of a step print the same key."""
    original = {number: step for number, step in enumerate(lesson.steps, 1)}
    for version in versions:
        for asked in version.steps:
            report = recomputed(record_of(asked.step))
            assert report.answers[asked.step.answer] == asked.answer, (lesson.path.name, version.number, asked.number)
            assert json.dumps(report.numbers, sort_keys=True) == json.dumps(asked.numbers, sort_keys=True)
            # Its words are its own: filled from its Report, every number written in one of its values.
            quoted = walkthrough.quoted(report, asked.answer if asked.step.answer else "")
            for field in ("caption", "question", "explain"):
                assert template.fill(getattr(asked.step, field), *quoted) == asked.words[field]
                assert lessoncheck._words(getattr(asked.step, field)) == []
            step = original[asked.number]
            if step.choices:
                assert asked.answer in asked.step.choices and len(set(asked.step.choices)) == len(asked.step.choices)
            if step.explain and not asked.words["explain"]:
                # Left out only where the version asks for another answer than the lesson's.
                assert asked.answer != recomputed(record_of(step)).answers[step.answer]
    for column in zip(*(version.steps for version in versions)):
        printed = [(a.answer, a.words["caption"], [t.rows for t in a.tables]) for a in column]
        assert all(printed.count(each) == 1 for each in printed), f"{lesson.path.name}, step {column[0].number}: two versions print the same key"


SLOW_TO_DRAW = {"fast-objects-and-broad-phases", "reading-the-code", "from-sat-to-gjk", "any-convex-polygon"}
"""Lessons whose two versions take 2 to 5 s of CPU to draw and check here (hundreds of draws of
animated or traced scenes): drawn in the slow tier, which CI runs; the other eight by default."""


@pytest.mark.parametrize("path", [pytest.param(path, marks=[pytest.mark.slow] if path.stem in SLOW_TO_DRAW else [])
                                  for path in LESSONS], ids=lambda path: path.stem)
def test_versions_of_every_lesson_keep_their_answers_and_differ(path):
    lesson = walkthrough.load(path)
    versions = variants.make(lesson, 2, 1)
    assert len(versions) == 2 and all(len(v.steps) == sum(1 for s in lesson.steps if s.question) for v in versions)
    assert_keys_hold(lesson, versions)


def test_the_same_seed_draws_the_same_versions_and_another_seed_others():
    # One lesson here: drawing a lesson's versions costs seconds (reading-the-code's, five of
    # CPU), and -m slow exports every lesson's 30 versions twice and compares them byte for byte.
    lesson = walkthrough.load(ROOT / "walkthroughs" / "collision-response.toml")
    one, two = variants.make(lesson, 2, 1), variants.make(lesson, 2, 2)
    assert variants.make(lesson, 2, 1) == one
    assert [a.step.layout for v in one for a in v.steps] != [a.step.layout for v in two for a in v.steps]


def write(tmp_path, step):
    path = tmp_path / "lesson.toml"
    path.write_text(f'title = "Planted"\n[[steps]]\n{step}\n')
    return path


SEPARATED = 'scene = "box-box"\ncaption = "Four axes."\nquestion = "Separated or colliding?"\nchoices = ["separated", "colliding"]\nanswer = "verdict"\n'


def test_a_step_vary_moves_only_what_it_names_within_its_bounds(tmp_path):
    lesson = walkthrough.load(write(tmp_path, SEPARATED + "vary = { B = { x = [5, 12], angle = [2, 2] } }"))
    start = lesson.steps[0].layout["shapes"]
    for version in variants.make(lesson, 5, 3):
        shapes = version.steps[0].step.layout["shapes"]
        assert shapes["A"] == start["A"]
        assert 5 <= shapes["B"]["position"][0] - start["B"]["position"][0] <= 12
        assert shapes["B"]["position"][1] == start["B"]["position"][1]
        assert shapes["B"]["angle"] == start["B"]["angle"] + 2


def test_no_two_versions_are_the_same_exercise(tmp_path, monkeypatch):
    # a's tip may move 0, 1 or 2 grid squares right: three exercises, never a fourth.
    path = write(tmp_path, 'scene = "vectors"\ncaption = "Two vectors."\nquestion = "What is a·b?"\nanswer = "dot"\nvary = { a = { x = [0, 100] } }')
    lesson = walkthrough.load(path)
    assert sorted(v.steps[0].step.layout["handles"]["a"][0] for v in variants.make(lesson, 3, 1)) == [100.0, 150.0, 200.0]
    monkeypatch.setattr(variants, "TRIES", 50)
    with pytest.raises(variants.VariantsError, match=f"^walkthrough {path}, step 1: none of 50 draws made a version 4 of 4 that gives an answer among its choices"):
        variants.make(lesson, 4, 1)


@pytest.mark.parametrize("vary, names", [
    ('vary = { C = { x = [0, 1] } }', "vary.C is not a shape or handle of the box-box scene"),
    ('vary = { B = { x = [4, -4] } }', "vary.B.x must be [low, high], low <= high"),
    ('vary = { B = { z = [0, 1] } }', "vary.B must be a table of x, y, angle"),
    ('vary = { B = { angle = [0, 400] } }', "vary.B.angle must be [low, high]"),
    ('vary = [1, 2]', "vary must be a table of shapes and handles"),
])
def test_a_bad_vary_is_refused_in_one_line_naming_the_step(tmp_path, vary, names):
    path = write(tmp_path, SEPARATED + vary)
    with pytest.raises(walkthrough.WalkthroughError) as refused:
        walkthrough.load(path)
    assert str(refused.value).startswith(f"walkthrough {path}, step 1: {names}") and "\n" not in str(refused.value)


def test_a_step_posed_at_an_event_keeps_it_in_every_version(tmp_path):
    path = write(tmp_path, 'scene = "projection"\nfind = "demosat1-wrong"\nvary = { B = { x = [-150, 150], y = [-150, 150] } }\ncaption = "One axis."\nquestion = "Apart or not?"\nanswer = "verdict"')
    cls = {cls.id: cls for cls in all_scenes()}["projection"]
    for version in variants.make(walkthrough.load(path), 4, 1):
        assert events.named(cls, "demosat1-wrong").shows(recomputed(record_of(version.steps[0].step)))


def test_a_lesson_that_asks_nothing_is_refused_in_one_line(tmp_path, capsys):
    path = write(tmp_path, 'scene = "box-box"\ncaption = "Four axes."')
    assert cli.main(["--walkthrough", str(path), "--export", str(tmp_path / "out"), "--variants", "2"]) == 2
    assert capsys.readouterr().err == f"sandbox: walkthrough {path} asks no question: versions vary its question steps; give a step a question\n"
    assert not (tmp_path / "out").exists()


def test_a_step_no_version_of_which_keeps_its_answer_says_so_in_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(variants, "TRIES", 5)  # each a box-box compute: the message is the point
    # Every draw leaves B where it is: a second version can never differ from the first.
    path = write(tmp_path, SEPARATED + "vary = { B = { x = [0, 0] } }")
    monkeypatch.setattr(variants, "TARGET_TRIES", 5)
    assert cli.main(["--walkthrough", str(path), "--export", str(tmp_path / "out"), "--variants", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sandbox: walkthrough {path}, step 1: none of 5 draws made a version 2 of 2 that gives an answer among its choices (the lesson's is separated)") and err.count("\n") == 1


@pytest.mark.parametrize("args, says", [
    (["--variants", "3"], "--variants needs --walkthrough FILE and --export DIR"),
    (["--walkthrough", "W", "--variants", "3"], "--variants needs --walkthrough FILE and --export DIR"),
    (["--walkthrough", "W", "--export", "D", "--variants", "0"], "--variants must be a whole number from 1 to 100, got '0'"),
    (["--walkthrough", "W", "--export", "D", "--variants", "2.5"], "--variants must be a whole number from 1 to 100, got '2.5'"),
    (["--walkthrough", "W", "--export", "D", "--variants", "3", "--seed", "x1"], "--seed must be a whole number from 0 to 4,294,967,295, got 'x1'"),
    (["--walkthrough", "W", "--export", "D", "--variants", "3", "--seed", "-2"], "--seed must be a whole number from 0 to 4,294,967,295, got '-2'"),
    (["--scene", "box-box", "--seed", "4"], "--seed is for --variants"),
])
def test_bad_variants_options_are_refused_in_one_line(capsys, args, says):
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sandbox: {says}") and err.count("\n") == 1


def test_too_many_versions_are_refused_in_one_line(capsys, tmp_path):
    lesson = ROOT / "walkthroughs" / "sat-from-scratch.toml"
    assert cli.main(["--walkthrough", str(lesson), "--export", str(tmp_path), "--variants", "100000"]) == 2
    err = capsys.readouterr().err
    assert err == f"sandbox: --variants must be a whole number from 1 to {variants.MAX_VERSIONS}, got '100000'\n"


def exported(tmp_path, lesson, count, seed, name="out"):
    folder = tmp_path / name
    assert cli.main(["--walkthrough", str(lesson), "--export", str(folder), "--variants", str(count), "--seed", str(seed)]) == 0
    return folder


def test_each_version_sheet_has_blanks_where_its_key_has_numbers(tmp_path):
    lesson = ROOT / "walkthroughs" / "where-do-they-touch.toml"
    folder = exported(tmp_path, lesson, 2, 5)
    assert sorted(p.name for p in folder.iterdir()) == [".variants.json", "index.html", "variant-01", "variant-02"]
    for version in ("variant-01", "variant-02"):
        record = json.loads((folder / version / "version.json").read_text())
        sheet, key = (folder / version / "sheet.html").read_text(), (folder / version / "key.html").read_text()
        for step in record["steps"]:
            report = recomputed(step)
            answer = report.answers[step["answer_field"]]
            assert f"Answer: <strong>{html.escape(answer)}</strong>" in key
            values = [html.escape(cell) for table in report.tables for row in table.rows for cell in row[1:] if cell]
            assert values and all(f"<td>{value}</td>" in key for value in values)
            assert not any(f"<td>{value}</td>" in sheet for value in values)
            assert sheet.count('<td class="blank"></td>') >= len(values)
            assert (folder / version / f"step-{step['step']:02d}.svg").exists()
        # A numbered list (the contact points) is as long on every exercise, whatever it counts.
        lists = re.findall(r'<th scope="col">point</th>.*?</thead><tbody>(.*?)</tbody>', sheet)
        assert len(lists) == 4 and {part.count("<tr>") for part in lists} == {4}
        # No row of the sheet names an answer of more words than a label ("reference face: A's edge 1").
        names = re.findall(r'<th scope="row">(.*?)</th>', sheet)
        assert not [n for n in names for step in record["steps"] if " " in step["answer"] and html.escape(step["answer"]) in n]
    # Run again, it redoes its own files; a file it did not write it leaves and refuses.
    exported(tmp_path, lesson, 2, 5)
    (folder / "variant-03").mkdir()
    (folder / "variant-03" / "sheet.html").write_text("mine")
    assert cli.main(["--walkthrough", str(lesson), "--export", str(folder), "--variants", "3"]) == 2
    assert (folder / "variant-03" / "sheet.html").read_text() == "mine"


SPREAD_EXCEPTIONS = {
    ("any-convex-polygon", 1): "a square's and a triangle's edge normals point five ways in every pose a version draws",
    ("any-convex-polygon", 4): "testing all four axes of two rectangles takes 32 dot products whatever the pose: the recipe's count",
    ("fast-objects-and-broad-phases", 2): "within the step's bounds the static test never jumps sideways: back out or the far side, two of three",
    ("fast-objects-and-broad-phases", 14): "a frame re-inserts a couple of objects from any seed; 15, 30 and 60 are offered to be ruled out",
    ("rays-casts-and-time-of-impact", 1): "the fixed capsule lies beyond the ray's reach from the step's poses: four answers of five",
    ("rays-casts-and-time-of-impact", 3): "the ray from the step's poses meets the box or nothing: two answers of five",
    ("reading-the-code", 2): "the line the Code view marks is where sat() leaves its loop, the same line in every pose",
    ("reading-the-code", 6): "EPA's support points on two boxes: three in most poses (two edges added, then one on the nearest edge), fewer where EPA has less to do",
    ("vectors-and-the-dot-product", 4): "the step is about a square to b: a version keeps a·b = 0",
    ("where-do-they-touch", 1): "B resting on A gives one or two points (none would leave nothing sunk for the caption, four never happens)",
    ("where-do-they-touch", 4): "the answer names the points' feature ids, which the step's poses keep",
    ("where-do-they-touch", 8): "the caption has the capsule sunk into B's corner by {depth}: a version keeps them touching, one point or two, never 0",
    ("why-characters-get-stuck", 2): "the naive mover is stuck in every pose the step allows: the lesson's point",
    ("why-characters-get-stuck", 3): "the naive mover's motion is 0 in every pose the step allows: the lesson's point",
    ("why-characters-get-stuck", 4): "the naive mover's motion is 0 in every pose the step allows: the lesson's point",
    ("why-quadtrees", 5): "a swarm from a new seed rarely lets the tip's walk miss two: a third of the versions miss none, the rest the lesson's one",
}
"""(lesson, step) whose answers no pose the step allows spreads over its choices, and why."""


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_thirty_versions_of_every_lesson_as_exported(tmp_path, path):
    folder = exported(tmp_path, path, 30, 1)
    lesson = walkthrough.load(path)
    records = [json.loads((folder / f"variant-{n:02d}" / "version.json").read_text()) for n in range(1, 31)]
    for record in records:
        for step in record["steps"]:
            report = recomputed(step)
            assert report.answers[step["answer_field"]] == step["answer"]
            assert json.dumps(report.numbers, sort_keys=True) == json.dumps(step["numbers"], sort_keys=True)
            if step["choices"]:
                assert step["answer"] in step["choices"]
    # The answers spread over the choices: none is the answer of more than 60% of the versions,
    # but where the shapes fix it (SPREAD_EXCEPTIONS says why).
    for column in zip(*(record["steps"] for record in records)):
        if len(column[0]["choices"]) < 2 or (path.stem, column[0]["step"]) in SPREAD_EXCEPTIONS:
            continue
        answers = [step["answer"] for step in column]
        most = max(answers.count(answer) for answer in answers)
        assert most <= 0.6 * len(answers), (path.stem, column[0]["step"], sorted(set(answers)))
    numbers = [json.dumps([step["numbers"] for step in record["steps"]], sort_keys=True) for record in records]
    assert len(set(numbers)) == 30
    again = exported(tmp_path, path, 30, 1, "again")
    for name in sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file() and p.name != ".variants.json"):
        assert (again / name).read_bytes() == (folder / name).read_bytes(), name
