"""Walkthrough files a fuzz made: each refused in one line naming the file and the field, with
no traceback and nothing on disk changed (issue 22, case 6)."""

import pytest

from command import assert_refused, run, snapshot


def lesson(folder, text):
    path = folder / "lesson.toml"
    path.write_text(f'title = "Lesson"\n{text}')
    return path


STEP = '[[steps]]\nscene = "box-box"\ncaption = "One"\n'


@pytest.mark.parametrize(
    "text, names",
    [
        ("deep = " + "[" * 600 + "]" * 600 + "\n" + STEP, ["nested too deeply"]),
        (STEP + 'question = "Which?"\nanswer = ["verdict"]\n', ["step 1", "answer"]),
        (STEP + 'question = "Which?"\nanswer = {x = 1}\n', ["step 1", "answer"]),
        (STEP + "animate = 1" + "0" * 400 + "\n", ["step 1", "animate", "60"]),
        (STEP + "animate = 61\n", ["step 1", "animate", "60"]),
        ("big = 1" + "0" * 4400 + "\n" + STEP, ["4,300 digits"]),
    ],
    ids=["nested 600 deep", "answer a list", "answer a table", "animate 10**400", "animate 61 s", "4,400 digits"],
)
def test_a_hostile_lesson_is_one_line(tmp_path, text, names):
    path = lesson(tmp_path, text)
    before = snapshot(tmp_path)
    done = run("--walkthrough", path, "--export", tmp_path / "out")
    assert_refused(done, path, *names)
    assert snapshot(tmp_path) == before


def test_an_empty_export_folder_is_refused_and_writes_nothing(tmp_path):
    """--export "" wrote the handout into the current folder (issue 22, case 9)."""
    path = lesson(tmp_path, STEP)
    before = snapshot(tmp_path)
    done = run("--walkthrough", path, "--export", "", cwd=tmp_path)
    assert_refused(done, '""', "folder")
    assert snapshot(tmp_path) == before
