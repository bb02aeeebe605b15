"""Every shipped lesson's lesson.html, opened from file:// in Chromium with the network off:
each step shows in turn under the clicker keys, a question opens asking and reveals the answer
its step JSON holds, back hides it again, every number of the step JSON is on the page as the
step's, and the printed page holds every step. Nothing is fetched but the file itself.

The handouts are exported without their PNGs (app_window.screenshot stubbed): the page never
uses them, and tests/render/test_walkthrough_regression.py checks them against the baselines.
"""

import json
from pathlib import Path

import pytest

from browser import browser  # noqa: F401  (the fixture)
from sandbox.app import handout, walkthrough
from sandbox.app.window import app_window

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "walkthroughs").glob("*.toml"))
FORWARD = ("ArrowRight", "Space", "PageDown")


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A shipped lesson's folder by name, exported once (only the lessons a worker runs)."""
    folders = {}

    def export(name):
        if name not in folders:
            folders[name] = tmp_path_factory.mktemp(name)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(app_window, "screenshot", lambda session, path, follow_links=True: path)
                handout.export(walkthrough.load(ROOT / "walkthroughs" / f"{name}.toml"), folders[name])
        return folders[name]

    return export


def leaves(value, name=""):
    """Every plain value of a step's numbers by its path, e.g. "axes[0].overlap"; a list of
    plain values (a vector, a pair of ends) is one value."""
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in leaves(item, f"{name}.{key}" if name else key).items()}
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        return {k: v for i, item in enumerate(value) for k, v in leaves(item, f"{name}[{i}]").items()}
    return {name: value}


STATE = """() => {
    const section = document.querySelector("section.step.current");
    const seen = selector => { const e = section.querySelector(selector); return !!e && e.checkVisibility(); };
    const text = selector => { const e = section.querySelector(selector); return e ? e.innerText : ""; };
    const details = section.querySelector("details.numbers");
    if (details) details.open = true;  // as a click on its summary opens it
    return {
        step: section.dataset.step, sections: [...document.querySelectorAll("section.step")].filter(s => s.checkVisibility()).length,
        where: document.getElementById("where").innerText, caption: text(".caption"),
        asked: seen("figure.asked svg"), shown: seen("figure.shown svg"), question: seen(".question"),
        answer: seen(".answer"), report: seen(".report"),
        asks: text(".question"), choices: text(".choices"), answered: seen(".answer") ? text(".answer strong") : "",
        rows: [...section.querySelectorAll("details.numbers tr")].filter(row => row.checkVisibility())
            .map(row => [row.cells[0].textContent, row.cells[1].textContent]),
    };
}"""


@pytest.mark.parametrize("name", [path.stem for path in LESSONS])
def test_a_lesson_page_plays_offline_with_the_keys(browser, course, name):  # noqa: F811
    folder = course(name)
    steps = [json.loads((folder / f"step-{n:02d}.json").read_text()) for n in range(1, len(list(folder.glob("step-*.json"))) + 1)]
    context = browser.new_context(offline=True, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    fetched, errors = [], []
    page.on("request", lambda request: fetched.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    url = (folder / "lesson.html").as_uri()
    page.goto(url)
    keys = iter(FORWARD * len(steps) * 2)
    for number, step in enumerate(steps, 1):
        state = page.evaluate(STATE)
        assert (state["step"], state["sections"], state["caption"]) == (str(number), 1, step["caption"])
        assert state["where"].startswith(f"Step {number} of {len(steps)}")
        if "question" in step:
            asking(state, step)
            page.keyboard.press(next(keys))
            revealed(page.evaluate(STATE), step)
            page.keyboard.press("ArrowLeft" if number % 2 else "PageUp")
            asking(page.evaluate(STATE), step)
            page.keyboard.press(next(keys))
            state = page.evaluate(STATE)
            revealed(state, step)
        assert state["shown"] and state["report"] and not state["asked"]
        shown = {path: json.loads(value) for path, value in state["rows"]}
        assert shown == leaves(step["numbers"]), f"step {number}"
        page.keyboard.press(next(keys))
    # At the last step Next stays; back goes to the step before, revealed (after hiding the
    # last step's answer, if it asked).
    assert page.evaluate(STATE)["step"] == str(len(steps))
    page.keyboard.press("PageUp")
    if "question" in steps[-1]:
        # A last step that asks was left revealed: the first back hides its answer again.
        state = page.evaluate(STATE)
        assert state["step"] == str(len(steps))
        asking(state, steps[-1])
        page.keyboard.press("PageUp")
    state = page.evaluate(STATE)
    assert state["step"] == str(len(steps) - 1)
    if "question" in steps[-2]:
        revealed(state, steps[-2])
    # On paper: every step, a question with the picture the class predicts from and its answer.
    page.emulate_media(media="print")
    assert page.locator("section.step:visible").count() == len(steps)
    assert page.locator("figure.asked:visible").count() == page.locator("section.asks").count()
    assert page.locator("header nav:visible").count() == 0
    assert fetched == [url] and errors == []
    context.close()


def asking(state, step):
    assert state["asked"] and not state["shown"] and state["question"] and step["question"] in state["asks"]
    assert not state["answer"] and not state["report"] and state["rows"] == []
    assert all(choice in state["choices"] for choice in step["choices"])


def revealed(state, step):
    assert not state["asked"] and state["shown"] and not state["question"]
    assert state["answer"] and state["answered"] == step["answer"]
