"""One report, every surface: what the panel shows, what a handout prints, what the step JSON
holds and what a question answers are all the scene's one Report; a scene file imports only
``collision`` and the kit; and the kit computes a scene once for each change, when it is read."""

import ast
import html
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
from imgui_bundle import imgui

from driver import Driver
from sandbox.app import keys
from sandbox.app import handout, walkthrough
from sandbox.app.registry import all_scenes
from sandbox.app.session import Session

ROOT = Path(__file__).resolve().parents[2]
SCENES = all_scenes()
ALLOWED = {"collision", "numpy", "sandbox.kit"}
"""What a scene file may import besides the standard library."""


def imports(source):
    """The modules a Python source imports, by their full dotted names."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


def allowed(module):
    root = module.split(".")[0]
    return root in sys.stdlib_module_names or any(module == name or module.startswith(name + ".") for name in ALLOWED)


def scene_sources():
    """Every shipped scene's file, the teacher's example in tests/, and README's example."""
    files = {Path(inspect.getsourcefile(cls)) for cls in SCENES} | {ROOT / "tests/driven/user_scenes/triangle.py"}
    sources = {str(path.relative_to(ROOT)): path.read_text() for path in sorted(files)}
    readme = ROOT.joinpath("README.md").read_text().split("## Scenes of your own", 1)[1]
    sources["README.md"] = readme.split("```python", 1)[1].split("```", 1)[0]
    return sources


@pytest.mark.parametrize("name, source", scene_sources().items(), ids=lambda value: value if "\n" not in value else "")
def test_a_scene_file_imports_only_collision_and_the_kit(name, source):
    wrong = [module for module in imports(source) if not allowed(module)]
    assert not wrong, f"{name} imports {wrong}: a scene imports only collision and sandbox.kit"


def test_the_kit_imports_nothing_of_the_app_nor_imgui_nor_pyglet():
    for path in sorted(ROOT.joinpath("sandbox/kit").rglob("*.py")):
        wrong = [module for module in imports(path.read_text()) if not allowed(module)]
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"
    # And at run time: the kit and every shipped scene loaded, no GUI library came with them.
    code = (
        "import importlib, pkgutil, sys, scenes\n"
        "for module in pkgutil.iter_modules(scenes.__path__):\n"
        "    importlib.import_module('scenes.' + module.name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyglet', 'imgui_bundle') or m.startswith('sandbox.app')))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"


def overlays_on(driver):
    """Every overlay switched on: the flawed methods' claims show too."""
    for param in driver.scene.params:
        if param.overlay:
            driver.session.set_setting(param.name, True)


def panel_texts(driver):
    """Every text the panel shows in one frame."""
    texts = []
    originals = {name: getattr(imgui, name) for name in ("text", "text_wrapped", "text_colored", "table_setup_column")}

    def recording(name):
        def shown(*args):
            # A column's heading is its label; a text is the last argument.
            texts.append(args[0] if name == "table_setup_column" else args[-1])
            return originals[name](*args)

        return shown

    for name in originals:
        setattr(imgui, name, recording(name))
    try:
        driver.frame()
    finally:
        for name, original in originals.items():
            setattr(imgui, name, original)
    return texts


@pytest.mark.parametrize("cls", SCENES, ids=lambda cls: cls.id)
@pytest.mark.parametrize("overlays", [False, True], ids=["default", "overlays on"])
def test_the_panel_shows_the_report(drive, cls, overlays):
    driver = drive(cls.id)
    driver.session.paused = True  # the swarms would move between the report read and the frame
    if overlays:
        overlays_on(driver)
    texts = panel_texts(driver)
    report = driver.scene.reported
    shown = set(texts)
    assert report.verdict.text in shown and (not report.verdict.detail or report.verdict.detail in shown)
    for line in report.lines:
        assert line.text in shown
    for claim in report.claims:
        assert claim.text() in shown
    for table in report.tables:
        for cell in (*table.headers, *(cell for row in table.rows for cell in row)):
            assert cell in shown, f"{cell!r} of the report is not in the panel"


def lesson_of_every_scene():
    """One step per scene, every overlay on, asking for its first answer."""
    steps = []
    for cls in SCENES:
        scene = cls()
        overlays = ", ".join(f"{p.name} = true" for p in cls.params if p.overlay)
        first = next(iter(scene.reported.answers))
        steps.append(f'[[steps]]\nscene = "{cls.id}"\ncaption = "{cls.title}."\noverlays = {{ {overlays} }}\n'
                     f'question = "What is its {first}?"\nanswer = "{first}"\n')
    return 'title = "Every scene"\n' + "\n".join(steps)


@pytest.fixture(scope="module")
def every_scene_exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("every")
    (folder / "lesson.toml").write_text(lesson_of_every_scene())
    lesson = walkthrough.load(folder / "lesson.toml")
    handout.export(lesson, folder / "out")
    return lesson, folder / "out"


def test_the_handout_the_step_json_and_the_answers_are_the_report(every_scene_exported):
    lesson, out = every_scene_exported
    page = (out / "index.html").read_text()
    key_section = page[page.index('<section class="key"'):]
    answers = key_section.split('<div class="answer">')[1:]
    session = Session(walkthrough=lesson)
    for index, step in enumerate(lesson.steps):
        session.player.go(index, revealed=True)
        report = session.scene.reported
        record = json.loads((out / f"step-{index + 1:02d}.json").read_text())
        assert record["numbers"] == json.loads(json.dumps(report.numbers)), step.scene
        assert record["answer"] == report.answers[step.answer] == step.answer_text(session.scene)
        entry = answers[index]
        for claim in report.claims:
            assert html.escape(claim.text()) in entry
        for table in report.tables:
            # A table the figure's cost meter writes whole is printed in the figure, not again under it.
            shown = entry
            if table == handout._metered(report) and "Work counted" not in entry:
                shown = (out / f"step-{index + 1:02d}-answer.svg").read_text() if (out / f"step-{index + 1:02d}-answer.svg").exists() else (out / f"step-{index + 1:02d}.svg").read_text()
            for cell in (*(table.headers if shown is entry else ()), *(cell for row in table.rows for cell in row)):
                assert html.escape(cell) in shown, f"{step.scene}: {cell!r} is not in the handout"


def counting(monkeypatch):
    """Count every compute of every scene class from now on."""
    calls = []
    for cls in SCENES:
        def compute(self, ctx, original=cls.compute):
            calls.append(type(self).id)
            return original(self, ctx)

        monkeypatch.setattr(cls, "compute", compute)
    return calls


def test_a_drag_of_eight_events_in_one_frame_computes_once(drive):
    driver = drive("box-box")
    driver.frame()
    before = driver.scene.computes
    start = tuple(driver.scene.shapes["B"].position)
    driver.drag(start, (start[0] - 60, start[1] - 30), steps=8)
    driver.frame()
    assert driver.scene.computes == before + 1


def test_home_and_a_layout_load_compute_once(drive, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    driver = drive("box-box")
    driver.frame()
    driver.tap("S", keys.CTRL)
    driver.tap("HOME")
    driver.frame()
    assert driver.scene.computes == 1
    calls = counting(monkeypatch)
    loaded = drive(layout_path=tmp_path / "layouts" / "box-box.json")
    loaded.frame()
    assert calls == ["box-box"]


def test_a_walkthrough_computes_a_step_when_it_is_shown(drive, monkeypatch):
    path = ROOT / "walkthroughs" / "sat-from-scratch.toml"
    calls = counting(monkeypatch)
    lesson = walkthrough.load(path)
    asked = sum(1 for step in lesson.steps if step.question or "{" in step.caption + step.explain)
    # Loading computes only the steps that ask a question, to check their answers among the
    # choices, or quote their Report, to check that it has what they quote.
    assert len(calls) == asked < len(lesson.steps)
    calls.clear()
    driver = drive(walkthrough=lesson)
    assert calls == []
    driver.frame()
    assert calls == [lesson.steps[0].scene]
    driver.tap("RIGHT")
    driver.tap("RIGHT")
    driver.frame()
    assert len(calls) == 2


def test_one_key_table_lists_and_dispatches_every_key(drive):
    from sandbox.app.access import Access
    from sandbox.app.user_input import BINDINGS, UserInput

    driver = drive("box-box")
    listed = dict(driver.session.input.key_help())
    assert listed["N"] == "Next axis"  # the scene's own action key joins the list
    for binding in BINDINGS:
        assert listed[binding.keys] == binding.does
        assert not binding.symbols or callable(getattr(UserInput, binding.command, None) or getattr(Access, binding.command, None) or getattr(Session, binding.command))
    # A key of the table does what the table says: F10 hides the panel, F1 opens the help.
    driver.tap("F10")
    driver.tap("F1")
    assert not driver.session.show_panel and driver.session.show_help


@pytest.mark.parametrize("sent", ["ISO_Left_Tab", "pyglet's user key"])
def test_shift_tab_as_x11_sends_it_goes_back_a_scene(drive, sent):
    """The window's translation (pyglet_keys) makes X11's own Shift+Tab symbols our TAB with SHIFT."""
    from pyglet.window import key

    from sandbox.app.window import pyglet_keys

    symbol = {"ISO_Left_Tab": 0xFE20, "pyglet's user key": key.user_key(23)}[sent]
    driver = drive("box-box")
    ids = list(driver.session.classes)
    driver.tap(*pyglet_keys.press(symbol, key.MOD_SHIFT))
    assert driver.scene.id == ids[ids.index("box-box") - 1]
    # Tab then visits that scene's shapes, handles and actions before it goes on to box-box.
    scene = driver.scene
    for _ in range(len(scene.shapes) + len(scene.points) + len(scene.actions) + 1):
        driver.tap("TAB")
    assert driver.scene.id == "box-box"


def test_every_axis_in_the_recorded_steps_points_along_its_angle():
    """Each exported axis's angle is the direction of its vector (its intervals were measured along it)."""
    import math

    def axes(value):
        if isinstance(value, dict):
            if "degrees" in value and "axis" in value:
                yield value
            for inner in value.values():
                yield from axes(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from axes(inner)

    checked = 0
    for path in sorted(ROOT.joinpath("tests/render/walkthroughs").rglob("step-*.json")):
        for axis in axes(json.loads(path.read_text())):
            radians = math.radians(axis["degrees"])
            assert (math.cos(radians), math.sin(radians)) == pytest.approx(axis["axis"], abs=1e-9), path.name
            checked += 1
    assert checked > 100
