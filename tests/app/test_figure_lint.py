"""The figure lint over every scene, every size and scale a class sees, every walkthrough step
and the poses of the scenes' "things to try" items: no label on another label, a strip or a
shape's outline; no strip across another strip or a shape; nothing outside the free area.

By default (about 3 CPU-seconds): every other scene at a slice of the settings (SLICE), every
step of every other walkthrough (and the poses) at 1280x720 3x beside the panel with its
caption, in the projector theme. Under ``-m slow``: those for every scene and walkthrough, and
every scene at 1280x720 and 1920x1080, 1x, 2x and 3x, panel shown and hidden, in both themes;
every step and pose also full screen at 1920x1080, its question both asked and answered.
"""

import itertools
from pathlib import Path

import pytest
from collision import Box, Circle

import figure_poses
from figure_lint import draw, problems
import tiers
from sandbox.app import walkthrough
from sandbox.app.registry import all_scenes
from sandbox.app.session import Session
from sandbox.kit import Context, RecordingPainter, Scene, View

ROOT = Path(__file__).parents[2]
LESSONS = sorted((ROOT / "walkthroughs").glob("*.toml"))

SIZES = ((1280, 720), (1920, 1080))
SCALES = (1, 2, 3)


def look(session, size, scale, panel, projector):
    """Set ``session`` as the class would see it and return what its figure does wrong."""
    session.on_resize(*size)
    if projector != (session.theme.name == "projector"):
        session.input.toggle_theme(None, None)
    session.set_font_scale(scale)  # folds the panel from FOLD_SCALE up: the teacher may open it
    session.show_panel = panel
    session.refresh()
    where = f"{session.scene.id} {size[0]}x{size[1]} {scale}x {'panel' if panel else 'no panel'} {session.theme.name}"
    return problems(session.scene, draw(session), where)


SLICE = (
    ((1280, 720), 3, True, True),
    ((1920, 1080), 3, False, True),
    ((1280, 720), 2, False, True),
    ((1280, 720), 1, True, False),
    ((1920, 1080), 2, False, False),
)
"""The default run's settings (size, font scale, panel shown, projector theme): the tightest
(1280x720 at 3x beside the panel opened), the largest screen at 3x, --present's 1280x720 at 2x
(the panel folded), each theme, and 1x and 2x."""

STEP_SETTINGS = (((1280, 720), 3, True), ((1920, 1080), 3, False))
"""A step's settings in the projector theme, with its caption: tight with the panel, and full screen."""


def every_setting():
    return [(size, scale, panel, projector) for size, scale, panel, projector in itertools.product(SIZES, SCALES, (True, False), (False, True))]


def lint_scene(scene_id, settings):
    session, found = Session(scene_id), []
    for size, scale, panel, projector in settings:
        session.open(scene_id)  # afresh: no strip or label remembers the last setting
        found += look(session, size, scale, panel, projector)
    return found


@pytest.mark.parametrize("scene_id", tiers.every(2, [cls.id for cls in all_scenes()]))
def test_every_scene_at_a_slice_of_sizes_and_scales(scene_id):
    found = lint_scene(scene_id, SLICE)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("scene_id", [cls.id for cls in all_scenes()])
def test_every_scene_at_every_size_scale_and_theme(scene_id):
    found = lint_scene(scene_id, every_setting())
    assert not found, "\n".join(found)


def lint_steps(path, settings, both_sides):
    """Each step with its caption shown (it takes room from the figure); with ``both_sides``
    a step with a question both asked and answered, else answered."""
    lesson = walkthrough.load(path)
    found = []
    for size, scale, panel in settings:
        session = Session(size=size, walkthrough=lesson)
        for index, step in enumerate(lesson.steps):
            for revealed in (False, True) if step.question and both_sides else (True,):
                session.player.go(index, revealed=revealed)
                found += [f"{path.name} step {index + 1}: {problem}" for problem in look(session, size, scale, panel, True)]
    return found


@pytest.fixture(scope="module")
def tries(tmp_path_factory):
    """Every scene's things to try, posed (figure_poses.py), written as a walkthrough file."""
    path = tmp_path_factory.mktemp("poses") / "figure_poses.toml"
    path.write_text(figure_poses.walkthrough_text())
    return path


@pytest.mark.parametrize("name", tiers.every(2, [*(path.stem for path in LESSONS), "figure_poses"]))
def test_every_step_and_pose(name, tries):
    path = tries if name == "figure_poses" else ROOT / "walkthroughs" / f"{name}.toml"
    found = lint_steps(path, STEP_SETTINGS[:1], both_sides=False)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*(path.stem for path in LESSONS), "figure_poses"])
def test_every_step_and_pose_full_screen_and_asked(name, tries):
    path = tries if name == "figure_poses" else ROOT / "walkthroughs" / f"{name}.toml"
    found = lint_steps(path, STEP_SETTINGS, both_sides=True)
    assert not found, "\n".join(found)


def test_every_item_of_every_scene_is_linted_and_every_pose_belongs_to_one(tries):
    """The registry says what to lint: a new scene needs no line in figure_poses.toml, and a
    pose left behind by a scene or an item that is gone fails here."""
    linted = {(step.scene, step.caption) for step in walkthrough.load(tries).steps}
    assert linted == {(cls.id, f"{n}. {item}") for cls in all_scenes() for n, item in enumerate(cls.things_to_try, 1)}
    items = {cls.id: len(cls.things_to_try) for cls in all_scenes()}
    stale = [f"{scene}.{number}" for scene, posed in figure_poses.poses().items() for number in posed
             if not number.isdigit() or not 1 <= int(number) <= items.get(scene, 0)]
    assert not stale, f"figure_poses.toml poses items no scene has: {', '.join(stale)}"


class Crowded(Scene):
    """A figure drawn wrong on purpose, each way the lint must catch."""

    id, category, title, order = "crowded", "test", "Crowded", 0

    def setup(self):
        self.shapes = {"A": Box((0, 0), (50, 50)), "B": Circle((300, 0), 40)}

    def compute(self, ctx):
        return None


def test_the_lint_finds_each_fault():
    scene = Crowded()
    scene.use(Context(View((-200, -200, 400, 200), 1.0)))
    painter = RecordingPainter()
    painter.text((-100, 100), "first", (0, 0, 0, 255), 16)
    painter.text((-90, 102), "second", (0, 0, 0, 255), 16)  # on the first
    painter.text((390, 0), "edge", (0, 0, 0, 255), 16)  # out of the free area
    painter.text((-60, 40), "outline", (0, 0, 0, 255), 16)  # across A's top edge
    painter.interval((1.0, 0.0), -150, 350, -20, (0, 0, 0, 255), 5)  # through A
    painter.interval((0.0, 1.0), -150, 150, -150, (0, 0, 0, 255), 5)  # across the first strip
    painter.text((-60, -25), "on strip", (0, 0, 0, 255), 16)
    painter.point((120, -120), (0, 0, 0, 255), 5)
    painter.text((110, -125), "dotted", (0, 0, 0, 255), 16)  # its ink over the dot
    painter.point((200, -120), (0, 0, 0, 255), 5)
    painter.text((207, -125), "beside", (0, 0, 0, 255), 16)  # the dot touches its ink, still seen
    painter.text((150, 150), "far", (0, 0, 0, 255), 16)
    painter.asked = [(((150, 40), "far", 16), painter.calls[-1])]  # its ink 105 px above the spot: 4.9 ems of 16 pt
    found = "\n".join(problems(scene, painter, "crowded"))
    for expected in (
        "labels 'first' and 'second' overlap",
        "label 'edge' leaves the free area",
        "label 'outline' lies on A's outline",
        "label 'on strip' lies on a strip along 0°",
        "a strip along 0° crosses A",
        "strips along 0° and 90° cross",
        "label 'far' stands 4.9 ems from where it was asked for",
        "label 'dotted' lies on a dot",
    ):
        assert expected in found
    assert "'beside' lies on a dot" not in found


def test_a_label_with_no_room_near_what_it_names_is_left_out_and_the_panel_says_so(drive, monkeypatch):
    """The collision-response lesson's third step at 1280x720 3x beside the panel: the particle p
    and its velocity v lie past the figure's edge, so their labels have no spot near them; they
    are drawn nowhere else, and the panel names them."""
    from imgui_bundle import imgui

    driver = drive(size=(1280, 720), walkthrough=walkthrough.load(ROOT / "walkthroughs" / "collision-response.toml"))
    driver.session.set_font_scale(3.0)
    driver.session.player.go(2, revealed=True)
    said = []
    wrapped = imgui.text_wrapped
    monkeypatch.setattr(imgui, "text_wrapped", lambda text, *rest: (said.append(text), wrapped(text, *rest))[1])
    driver.frame()
    drawn = [call[2] for call in driver.painter.of("text")]
    assert set(driver.scene.labels_left_out) == {"v", "p"} and not {"v", "p"} & set(drawn)
    assert any(text.startswith("No room on the figure for the labels v, p") for text in said)
