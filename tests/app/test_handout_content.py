"""What a handout holds: figures alone in the light theme (or dark on request), each caption
once, readable tables from the scene's Report, questions in the steps and their answers in a key."""

import json
import re
import tomllib

import numpy as np
import pytest

from collision import sat
from command import ROOT, run
from sandbox.app import handout
from sandbox.app import walkthrough
from sandbox.app.window import png
from sandbox.kit import Table
from sandbox.app.registry import all_scenes
from sandbox.kit.theme import DARK, PROJECTOR

LESSON = """
title = "Handout"
paper = ["Draw two boxes apart on squared paper.", "Mark the axis that shows their gap."]
[[steps]]
scene = "box-box"
caption = "First, predict."
question = "Which axes separate A and B?"
choices = ["P", "Q", "R", "S", "none"]
answer = "separating_axes"
explain = "One gap is enough."
[steps.notes]
aim = "One gap proves them apart."
minutes = 3
warning = "Hide the panel first."
[[steps]]
scene = "box-box"
caption = "Apart."
[[steps]]
scene = "box-box"
caption = "Pushed together."
shapes = { B = { position = [-250, 0], angle = 55 } }
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("handout")
    (folder / "lesson.toml").write_text(LESSON)
    lesson = walkthrough.load(folder / "lesson.toml")
    handout.export(lesson, folder / "out")
    return lesson, folder / "out"


def sections(page):
    return re.findall(r'<section class="step".*?</section>', page, re.S)


def test_each_caption_appears_once_and_the_question_waits_for_the_key(exported):
    lesson, out = exported
    page = (out / "index.html").read_text()
    for step in lesson.steps:
        assert page.count(step.caption) == 2  # the figure's caption and its alt text
        assert page.count(f"<figcaption>{step.caption}</figcaption>") == 1
    first, second, third = sections(page)
    assert "Which axes separate A and B?" in first and "<table" not in first and "☐</span> none</li>" in first
    key = page[page.index('<section class="key"'):]
    assert "Which axes separate A and B?" in key and "Answer: <strong>P</strong>" in key and "B&#x27;s shadow" in key
    record = json.loads((out / "step-01.json").read_text())
    assert record["answer"] == "P" and record["answer_field"] == "separating_axes" and len(record["numbers"]["axes"]) == 4


def test_the_teachers_edition_has_the_notes_and_answers_beside_each_step_and_the_students_none(exported):
    _, out = exported
    student, teacher = (out / "index.html").read_text(), (out / "teacher.html").read_text()
    first = sections(teacher)[0]
    assert "One gap proves them apart." in first and "about 3 min" in first and "Hide the panel first." in first
    # Named by its step: a tall step's notes may print at the top of the next page.
    assert "<h3>Teacher's notes on step 1</h3>" in first
    assert "Answer: <strong>P</strong>. One gap is enough." in first and '<section class="key"' not in teacher
    assert "One gap proves them apart." not in student and "Answer: <strong>P</strong>" not in sections(student)[0]
    # Choices beside a box to tick, neither lettered (a choice "A." would read as shape A) nor
    # numbered (a choice "2" as the second), as on the lesson page.
    for page in (student, teacher):
        assert '<ul class="choices"><li><span class="tick" aria-hidden="true">☐</span> P</li>' in page
        assert "<ol" not in page and 'type="A"' not in page
        assert "<h2>Things to try</h2>" in page and "<dt>MTV</dt>" in page and "<h2>Colours</h2>" in page
        assert "Box vs box</h3><p>" in page  # the scene's lesson text


def test_the_teachers_edition_shows_the_figure_revealed_under_the_question(exported):
    """It showed only the figure the class predicts from (issue 34): the teacher holding the
    page had no picture of what the reveal draws."""
    _, out = exported
    first = sections((out / "teacher.html").read_text())[0]
    asked, revealed = first.index('src="step-01.svg"'), first.index('src="step-01-answer.svg"')
    assert asked < first.index("Predict:") < revealed
    assert re.search(r'<img src="step-01-answer.svg"[^>]*><figcaption>Answer: <strong>P</strong>\. One gap is enough\.</figcaption>', first)
    assert "step-01-answer.svg" not in sections((out / "index.html").read_text())[0]


def test_the_key_shows_the_figure_revealed(exported):
    _, out = exported
    key = (out / "index.html").read_text().split('<section class="key"')[1]
    assert 'src="step-01-answer.svg"' in key
    asked, revealed = ((out / name).read_text() for name in ("step-01.svg", "step-01-answer.svg"))
    # The revealed picture draws what the question hid: the four axes' labels and the verdict line.
    assert all(f">{axis} " not in asked and f">{axis} " in revealed for axis in "PQRS")
    assert "SEPARATED" in revealed and "SEPARATED" not in asked


def test_the_greyscale_and_compact_layouts(tmp_path):
    (tmp_path / "lesson.toml").write_text('title = "Grey"\n[[steps]]\nscene = "box-box"\ncaption = "One"\n')
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out", compact=True, greyscale=True)
    page = (tmp_path / "out" / "index.html").read_text()
    assert '<body class="compact greyscale">' in page and "The second of each pair and its shadows are drawn dashed and a gap as a hollow bar" in page
    # Drawn in the colour-blind palette, whose B is dashed: B's outline colour is its vermillion.
    pixels = png.read(tmp_path / "out" / "step-01.png")
    assert (np.abs(pixels[..., :3].astype(int) - (213, 94, 0)).sum(axis=2) < 30).sum() > 200


def test_a_sat_step_is_a_table_of_axes_with_the_mtv_only_when_colliding(exported):
    lesson, out = exported
    page = (out / "index.html").read_text()
    _, apart, together = sections(page)
    for section, step in ((apart, 1), (together, 2)):
        numbers = json.loads((out / f"step-{step + 1:02d}.json").read_text())["numbers"]
        rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", section)
        assert [row[0] for row in rows] == ["P", "Q", "R", "S"]
        for row, axis in zip(rows, numbers["axes"]):
            assert row[1] == f"{axis['degrees']:.1f}°"
            assert row[3] == f"{axis['a'][0]:.1f}..{axis['a'][1]:.1f}" and row[4] == f"{axis['b'][0]:.1f}..{axis['b'][1]:.1f}"
            assert row[5] == (f"gap {-axis['overlap']:.1f}" if axis["separating"] else f"{axis['overlap']:.1f}")
    assert "MTV" not in apart and "0.00" not in apart and "separated" in apart
    assert re.search(r"<th scope=\"row\">how far the MTV moves B out of A</th><td>101.3</td>", together)
    assert json.loads((out / "step-03.json").read_text())["numbers"]["mtv_axis"] == "R"
    for raw in ("focus", "demosat1", "None", "merged<", "mtv<"):
        assert raw not in page


def test_the_pictures_are_figures_alone_large_and_light(exported):
    _, out = exported
    pixels = png.read(out / "step-02.png")
    assert pixels.shape == (1080, 1920, 4)
    # Where the panel and the key hints were, only the background: the right edge and the bottom rows.
    background = np.array(PROJECTOR.background[:3])
    assert (pixels[:, -300:, :3] == background).all() and (pixels[-40:, :, :3] == background).all()


def test_the_dark_theme_on_request(tmp_path):
    (tmp_path / "lesson.toml").write_text('title = "Dark"\n[[steps]]\nscene = "box-box"\ncaption = "One"\n')
    done = run("--walkthrough", tmp_path / "lesson.toml", "--export", tmp_path / "out", "--theme", "dark")
    assert done.returncode == 0, done.stderr
    pixels = png.read(tmp_path / "out" / "step-01.png")
    assert (pixels[:, -300:, :3] == np.array(DARK.background[:3])).all()


RAW_KEY = re.compile(r"^[a-z][a-z0-9]*([_.][a-zA-Z][a-zA-Z0-9]*)+$|\bNone\b|\bTrue\b|\bFalse\b")


@pytest.mark.parametrize("cls", all_scenes(), ids=lambda cls: cls.id)
def test_every_scene_tables_its_numbers_in_words(cls):
    scene = cls()
    tables = scene.reported.tables
    assert tables and all(isinstance(table, Table) for table in tables)
    for table in tables:
        width = len(table.headers) or 2
        for cell in (*table.headers, *(cell for row in table.rows for cell in row)):
            assert isinstance(cell, str) and not RAW_KEY.search(cell), cell
        assert table.rows and all(len(row) == width for row in table.rows)
    assert all(isinstance(value, str) and value for value in scene.reported.answers.values())


def test_a_sat_table_holds_the_cores_numbers():
    box_box = {cls.id: cls for cls in all_scenes()}["box-box"]()
    result = sat(box_box.shapes["A"], box_box.shapes["B"])
    axes, verdict = box_box.reported.tables
    assert len(axes.rows) == len(result.axes)
    for row, test in zip(axes.rows, result.axes):
        assert row[3] == f"{test.a.min:.1f}..{test.a.max:.1f}" and row[4] == f"{test.b.min:.1f}..{test.b.max:.1f}"
    assert dict(verdict.rows)["verdict"] == "separated"


def test_a_scene_without_its_own_table_gets_its_numbers_in_words():
    from sandbox.kit import Report, Scene

    class Plain(Scene):
        def compute(self, ctx):
            return None

        def report(self, result):
            return Report(numbers={"candidate_pairs": 1234, "far": {"gap_x": -0.04, "hit": True}, "corner": [1.25, 2.0]})

    (table,) = Plain().reported.tables
    assert table.headers == () and table.rows == (
        ("candidate pairs", "1,234"), ("far, gap x", "0.0"), ("far, hit", "yes"), ("corner", "(1.2, 2.0)"),
    )
    # Each is an answer a question may ask for, a nested one by its dotted name; a list is not.
    assert Plain().reported.answers == {"candidate_pairs": "1,234", "far.gap_x": "0.0", "far.hit": "yes"}


def test_things_to_try_are_tasks_for_paper_then_the_scenes_own_marked_for_the_sandbox(exported):
    """A student holding the page cannot drag B or press Next axis (issue 34): the lesson's
    paper tasks come first; the scenes' own are each headed "in the sandbox"."""
    _, out = exported
    tries = (out / "index.html").read_text().split('<section class="try">')[1].split("</section>")[0]
    assert '<h3>On paper</h3><ul class="paper"><li>Draw two boxes apart on squared paper.</li><li>Mark the axis' in tries
    assert tries.index("On paper") < tries.index("<h3>In the sandbox</h3>") < tries.index("<h4>Box vs box (in the sandbox)</h4>")
    assert "These need the app: run <code>python sandbox.py --walkthrough lesson.toml</code>" in tries


@pytest.mark.parametrize("path", sorted((ROOT / "walkthroughs").glob("*.toml")), ids=lambda path: path.stem)
def test_every_shipped_lesson_gives_tasks_for_paper(path):
    paper = tomllib.loads(path.read_text())["paper"]
    assert len(paper) >= 2 and all(isinstance(task, str) and len(task) > 30 for task in paper)


@pytest.mark.parametrize("paper", ['"one task"', "[1, 2]", '[""]', "{ a = 1 }"])
def test_a_lesson_s_paper_tasks_are_a_list_of_lines_of_text(tmp_path, paper):
    path = tmp_path / "lesson.toml"
    path.write_text(f'title = "T"\npaper = {paper}\n[[steps]]\nscene = "box-box"\ncaption = "C"\n')
    with pytest.raises(walkthrough.WalkthroughError, match=r"^walkthrough .*: paper must be a list of tasks, each a line of text$"):
        walkthrough.load(path)
