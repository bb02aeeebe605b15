"""--export-course: every lesson of a folder in a folder of its own (its handout and its
lesson.html) and an index page linking them; a page of someone else's is never replaced."""

import re

from sandbox.app import course
from sandbox.app.window import app_window
from sandbox.app.cli import main

LESSON = """
title = "{title}"
[[steps]]
scene = "box-box"
caption = "Apart."
"""


def lessons(tmp_path):
    folder = tmp_path / "walkthroughs"
    folder.mkdir()
    for stem, title in (("one", "First & foremost"), ("two", "Second")):
        (folder / f"{stem}.toml").write_text(LESSON.format(title=title))
    return folder


def test_the_course_links_every_lesson_and_can_be_exported_again(tmp_path, monkeypatch, capsys):
    # The pictures play no part here (tests/app/test_handout_files.py writes them).
    monkeypatch.setattr(app_window, "screenshot", lambda session, path, follow_links=True: path)
    monkeypatch.setattr(course, "LESSONS", lessons(tmp_path))
    out = tmp_path / "site"
    for _ in range(2):
        assert main(["--export-course", str(out)]) == 0
    page = (out / "index.html").read_text()
    links = re.findall(r'href="([^"]+)"', page)
    assert links == ["one/lesson.html", "one/index.html", "two/lesson.html", "two/index.html"]
    assert all((out / link).is_file() for link in links)
    assert "First &amp; foremost" in page and "Second" in page
    assert "Apart." in (out / "two" / "lesson.html").read_text()


def test_a_page_already_there_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(course, "LESSONS", lessons(tmp_path))
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("mine")
    assert main(["--export-course", str(out)]) == 2
    assert capsys.readouterr().err == f"sandbox: --export-course: {out / 'index.html'} exists and is not from an earlier course export: choose another folder\n"
    assert (out / "index.html").read_text() == "mine" and sorted(p.name for p in out.iterdir()) == ["index.html"]


def test_a_folder_without_lessons_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(course, "LESSONS", tmp_path)
    assert main(["--export-course", str(tmp_path / "site")]) == 2
    assert capsys.readouterr().err.startswith(f"sandbox: no lessons (*.toml) in {tmp_path}")


def test_a_lesson_that_fails_leaves_the_course_folder_as_it_was(tmp_path, monkeypatch, capsys):
    """Issue 35, case 4: the course is moved in only when every lesson is written."""
    monkeypatch.setattr(app_window, "screenshot", lambda session, path, follow_links=True: path)
    monkeypatch.setattr(course, "LESSONS", lessons(tmp_path))
    from sandbox.app import handout

    real = handout._write
    written = []

    def second_fails(walkthrough, *args):
        written.append(walkthrough.title)
        if len(written) == 2:
            raise handout.HandoutError("the second lesson cannot be written")
        return real(walkthrough, *args)

    monkeypatch.setattr(handout, "_write", second_fails)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["--export-course", str(tmp_path / "site")]) == 2
    assert written == ["First & foremost", "Second"]
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert "the second lesson cannot be written" in capsys.readouterr().err
