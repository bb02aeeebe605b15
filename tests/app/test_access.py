"""A figure anyone can follow: its description from the Report, the keyboard's focus (Tab,
arrows, R, Enter, Esc), speech that fails softly, and the gap sound's pitch."""

import math

import pytest
from sandbox.app import keys
from shapely.geometry import Polygon as ShapelyPolygon

from sandbox.app import sound
from sandbox.app.window import tones
from sandbox.app.describe import describe, gap
from sandbox.app.access import SETTLE
from sandbox.app.speech import MISSING, Speaker


def _sat_parts(numbers):
    """The SAT numbers a description must quote: the least-overlap axis and the separating ones."""
    axes = numbers["axes"]
    return min(axes, key=lambda axis: axis["overlap"]), [axis for axis in axes if axis["separating"]]


def test_box_box_pushed_together_is_described_with_the_reports_depth_and_axis(drive):
    driver = drive("box-box")
    driver.drag(driver.scene.shapes["B"].position, (-250, 0))
    numbers = driver.scene.reported.numbers
    assert numbers["verdict"] == "colliding"
    least, separating = _sat_parts(numbers)
    assert not separating
    said = describe(driver.scene.reported)
    assert said.startswith(f"COLLIDING: B overlaps A by {numbers['depth']:.1f} along {least['name']},")
    assert f"of the {len(numbers['axes'])} axes" in said
    # The depth is the shapes' own, not only the Report's: shapely's overlap confirms the contact.
    a, b = (ShapelyPolygon(driver.scene.shapes[name].world_vertices()) for name in "AB")
    assert a.intersection(b).area > 0


@pytest.mark.parametrize("scene_id", ["box-box", "hex-triangle", "aabb-triangle", "box-circle"])
def test_separated_sat_scenes_name_the_first_separating_axis_and_count_the_rest(drive, scene_id):
    numbers = drive(scene_id).scene.reported.numbers
    _, separating = _sat_parts(numbers)
    said = describe(drive(scene_id).scene.reported)
    first = separating[0]
    assert said.startswith(f"SEPARATED: axis {first['name']} separates A and B by {-first['overlap']:.1f}.")
    count = len(numbers["axes"])
    assert (f"{len(separating)} of the {count} axes separate them." if len(separating) > 1
            else f"the only one of the {count} axes") in said


def test_a_scene_with_other_names_and_a_scene_without_axes_read_their_own_words(drive):
    tile = drive("round-tiles").scene.reported
    assert describe(tile).startswith(f"COLLIDING: box overlaps tile by {tile.numbers['depth']:.1f}")
    region = drive("voronoi-regions").scene.reported
    # Its verdict, its distance and its first sentence: the words the canvas and panel show.
    assert describe(region) == f"EDGE BC'S REGION: {region.numbers['distance']:.1f} away. q is nearest to {region.numbers['feature']}."


def test_the_gap_is_signed_apart_and_the_depth_below_zero(drive):
    apart = drive("box-box")
    _, separating = _sat_parts(apart.scene.reported.numbers)
    assert gap(apart.scene.reported) == max(-axis["overlap"] for axis in separating) > 0
    apart.drag(apart.scene.shapes["B"].position, (-250, 0))
    assert gap(apart.scene.reported) == -apart.scene.reported.numbers["depth"] < 0
    assert gap(drive("capsules").scene.reported) == drive("capsules").scene.reported.numbers["gap"]
    assert gap(drive("quadtree").scene.reported) is None


def test_the_description_follows_the_figure_and_shows_below_it_on_d(drive):
    driver = drive("box-box")
    driver.tap("D")
    driver.frame()
    assert driver.session.caption.startswith("SEPARATED")
    driver.drag(driver.scene.shapes["B"].position, (-250, 0))
    driver.frame()
    assert driver.session.caption.startswith("COLLIDING")
    driver.tap("D")
    assert driver.session.caption == ""


def test_tab_visits_shapes_handles_then_actions_and_goes_on_to_the_next_scene(drive):
    driver = drive("projection")
    visited = []
    while driver.scene.id == "projection":
        driver.tap("TAB")
        if driver.session.focus is not None:
            visited.append(driver.session.focus.name)
    assert visited == ["A", "B", "P", "swap", "next_corner", "all_corners", "code_view"]
    assert driver.scene.id == "min-max-corners" and driver.session.focus is None


def test_shift_tab_goes_back_through_the_stops_then_back_a_scene(drive):
    driver = drive("box-box")
    for _ in range(3):
        driver.tap("TAB")
    assert driver.session.focus.name == "next_axis"
    back = []
    for _ in range(3):
        driver.tap("TAB", keys.SHIFT)
        back.append(None if driver.session.focus is None else driver.session.focus.name)
    assert back == ["B", "A", None] and driver.scene.id == "box-box"
    driver.tap("TAB", keys.SHIFT)
    assert driver.scene.id == "min-max-corners"


@pytest.mark.parametrize("scene_id, name, step", [("box-box", "B", 10.0), ("vectors", "a", 50.0)])
def test_arrows_move_the_focused_one_a_grid_step_and_shift_a_tenth(drive, scene_id, name, step):
    driver = drive(scene_id)
    while driver.session.focus is None or driver.session.focus.name != name:
        driver.tap("TAB")
    x, y = driver.scene.position_of(name)
    driver.tap("LEFT")
    driver.tap("UP")
    driver.tap("RIGHT", keys.SHIFT)
    driver.tap("DOWN", keys.SHIFT)
    assert tuple(driver.scene.position_of(name)) == pytest.approx((x - step + step / 10, y + step - step / 10), abs=1e-9)


def test_r_turns_the_focused_shape_not_the_one_under_the_pointer(drive):
    driver = drive("box-box")
    driver.move(driver.scene.shapes["A"].position)
    a, b = driver.scene.shapes["A"].angle, driver.scene.shapes["B"].angle
    driver.tap("TAB")
    driver.tap("TAB")
    driver.tap("R")
    assert driver.scene.shapes["A"].angle == a
    assert math.degrees(driver.scene.shapes["B"].angle - b) == pytest.approx(3.0)


def test_enter_presses_the_focused_action_and_esc_clears_the_focus(drive):
    driver = drive("box-box")
    for _ in range(3):
        driver.tap("TAB")
    driver.tap("ENTER")
    assert driver.scene.settings["page"] == 0  # Next axis: the first axis alone
    driver.tap("ESCAPE")
    assert driver.session.focus is None and "Esc again" not in driver.session.status
    assert "nothing focused" in driver.session.status


def test_with_nothing_focused_the_arrows_still_page_a_walkthrough(drive, tmp_path):
    from sandbox.app import walkthrough

    path = tmp_path / "two.toml"
    path.write_text('title = "t"\n[[steps]]\nscene = "box-box"\ncaption = "one"\n[[steps]]\nscene = "box-box"\ncaption = "two"\n')
    driver = drive(walkthrough=walkthrough.load(path))
    driver.tap("TAB")
    b = tuple(driver.scene.shapes["A"].position)
    driver.tap("RIGHT")
    assert driver.session.player.index == 0 and tuple(driver.scene.shapes["A"].position) != b
    driver.tap("ESCAPE")
    driver.tap("RIGHT")
    assert driver.session.player.index == 1


def test_speech_without_espeak_is_one_line_and_the_text_still_printed(capsys):
    said = Speaker(program="no-such-speech-program").say("SEPARATED: a gap.")
    assert said == MISSING and "\n" not in said
    assert capsys.readouterr().out == "said: SEPARATED: a gap.\n"


def test_speech_says_the_description_once_it_has_settled(drive, monkeypatch):
    driver = drive("box-box")
    spoken = []
    monkeypatch.setattr(driver.session.access.speaker, "say", lambda text: spoken.append(text))
    driver.tap("V")
    assert len(spoken) == 1 and spoken[0].startswith("SEPARATED")
    driver.tap("TAB")
    driver.tap("TAB")
    for _ in range(13):  # B pushed left into A, a step each frame: nothing said while it moves
        driver.tap("LEFT")
        driver.frame(SETTLE / 4)
    assert len(spoken) == 1
    for _ in range(5):
        driver.frame(SETTLE / 4)
    assert len(spoken) == 2 and spoken[1].startswith("COLLIDING") and "Focus: B at (-270.0, 50.0)" in spoken[1]


def test_pitch_rises_an_octave_at_a_time_as_the_gap_closes():
    assert sound.pitch(sound.FAR * 3) == sound.pitch(sound.FAR) == sound.LOW
    assert sound.pitch(0.0) == sound.pitch(-25.0) == sound.HIGH
    # Evenly in octaves: half way is one octave up of the two.
    assert sound.pitch(sound.FAR / 2) == pytest.approx(sound.LOW * 2)
    gaps = [400, 300, 200, 100, 50, 10, 1]
    assert [sound.pitch(g) for g in gaps] == sorted(sound.pitch(g) for g in gaps)
    assert sound.touched(3.0, 0.0) and sound.touched(3.0, -1.0)
    assert not sound.touched(0.0, -1.0) and not sound.touched(None, -1.0) and not sound.touched(-1.0, 3.0)


def test_the_gap_sound_fails_softly_once_where_it_cannot_play(drive, monkeypatch):
    from pyglet.media import synthesis

    tried = []

    def broken(*args, **kwargs):
        tried.append(args)
        raise OSError("no audio device")

    monkeypatch.setattr(synthesis, "Sine", broken)
    driver = drive("box-box")
    driver.session.access.sound.play = tones.play  # as the window hands it over
    driver.tap("G")
    driver.tap("TAB")
    driver.drag(driver.scene.shapes["B"].position, (-200, 40))
    driver.frame()
    assert driver.session.status == "no sound: OSError: no audio device"
    for _ in range(3):  # long after the last tone: another would be due, were sound not given up
        driver.frame(sound.TONE * 2)
        driver.tap("LEFT")
    assert len(tried) == 1


QUESTION = """title = "Alt"
[[steps]]
scene = "box-box"
caption = "Apart."
[[steps]]
scene = "box-box"
caption = "Pushed together."
shapes = { B = { position = [-250, 0] } }
question = "Separated or colliding?"
choices = ["separated", "colliding"]
answer = "verdict"
"""


def test_the_web_page_and_the_handout_give_revealed_figures_their_words_as_alt_text(tmp_path):
    from sandbox.app import handout, lesson_page, walkthrough
    from sandbox.app.session import Session

    path = tmp_path / "alt.toml"
    path.write_text(QUESTION)
    lesson = walkthrough.load(path)
    session = Session(walkthrough=lesson)
    slides, pages = [], []
    for index, step in enumerate(lesson.steps):
        session.player.go(index)
        session.player.reveal() if step.question else None
        numbers = session.report().numbers
        least, separating = _sat_parts(numbers)
        words = (f"axis {separating[0]['name']} separates A and B by {-separating[0]['overlap']:.1f}" if separating
                 else f"B overlaps A by {numbers['depth']:.1f} along {least['name']}")
        slides.append(lesson_page.slide(index + 1, step, session, "<svg></svg>", ""))
        shown = handout._Shown(index + 1, step, session.scene, f"step-{index + 1:02d}", {"caption": step.caption, "question": step.question,
                               "explain": ""}, "", session.report())
        pages.append((words, handout._section(shown, 2, False, False), handout._answer(shown, False) if step.question else ""))
    web = lesson_page.page("Alt", slides)
    (apart, apart_html, _), (together, asked_html, answer_html) = pages
    assert f'aria-label="Apart. SEPARATED: {apart}.' in web and f'alt="Step 1: Apart. SEPARATED: {apart}.' in apart_html
    # The question's own figure keeps its caption alone: the words would answer it.
    assert 'aria-label="Pushed together.">' in web and 'alt="Step 2: Pushed together.">' in asked_html
    assert f'aria-label="Pushed together. COLLIDING: {together},' in web
    assert f'alt="Step 2 revealed: COLLIDING: {together},' in answer_html


def test_min_max_corners_says_which_corner_is_max_and_min_on_p_with_ties(drive):
    driver = drive("min-max-corners")
    driver.scene.shapes["B"].angle = math.radians(45)  # P is (1, -1): two of B's corners tie each way
    driver.scene.invalidate()
    numbers = driver.scene.reported.numbers
    said = describe(driver.scene.reported)
    assert said.startswith("SEPARATED ON P. ")
    words = {"LR": "lower right", "UR": "upper right", "UL": "upper left", "LL": "lower left"}
    for name in "AB":
        corners = numbers[name]["corners"]
        top = sorted(corners, key=corners.get)[-len(numbers[name]["max"]):]
        assert set(top) == set(numbers[name]["max"])
        tied = len(top) > 1
        assert (f"{name}'s max on P is its {' and '.join(words[c] for c in numbers[name]['max'])} corner{'s, tied' if tied else ''}, "
                f"{max(corners.values()):.1f};") in said
    assert len(numbers["B"]["max"]) == 2


def test_the_gap_sound_plays_where_there_is_no_sound_device_without_a_word(drive):
    """Here (no sound card, as in CI) pyglet's silent driver takes the tones: no error, no line."""
    driver = drive("box-box")
    driver.session.access.sound.play = tones.play  # as the window hands it over
    driver.tap("G")
    driver.tap("TAB")
    driver.tap("TAB")
    for _ in range(14):
        driver.tap("LEFT")
        driver.frame(sound.TONE)
    assert driver.scene.reported.numbers["verdict"] == "colliding"
    assert not driver.session.access.sound.failed and driver.session.status.startswith("Focus: B")


def test_the_gap_sound_without_a_window_says_once_that_it_cannot_play(drive):
    """A session with no window (a notebook's, a test's) has nothing to play the tones with."""
    driver = drive("box-box")
    driver.tap("G")
    driver.tap("TAB")
    driver.drag(driver.scene.shapes["B"].position, (-200, 40))
    driver.frame()
    assert driver.session.access.sound.failed
    assert driver.session.status == "no sound: only the sandbox's window plays the gap sound"
    driver.session.status = ""
    for _ in range(3):  # said once: the next tones due are not tried
        driver.tap("LEFT")
        driver.frame(sound.TONE * 2)
        assert "no sound" not in driver.session.status


def test_a_click_moves_the_focus_to_what_it_grabbed(drive):
    driver = drive("box-box")
    driver.tap("TAB")  # A
    b = driver.scene.shapes["B"].angle
    driver.drag(driver.scene.shapes["B"].position, (-100, 60))
    driver.move((300, -250))  # the pointer off both shapes
    driver.tap("R")
    assert driver.session.focus.name == "B"
    assert math.degrees(driver.scene.shapes["B"].angle - b) == pytest.approx(3.0)
    driver.drag((300, -250), (310, -250))  # empty space: nothing grabbed, nothing focused
    assert driver.session.focus is None


def test_the_panels_access_button_switches_words_speech_and_sound(drive, monkeypatch):
    driver = drive("box-box")
    monkeypatch.setattr(driver.session.access.speaker, "say", lambda text: None)
    for label, flag in (("The figure in words below it (D)", "describing"), ("Speak it now and whenever it changes (V)", "speaking"),
                        ("Gap sound: higher as the shapes close, a tick as they touch (G)", "sounding")):
        driver.click("Access...")
        driver.click(label)
        assert getattr(driver.session.access, flag), label
    assert driver.session.caption.startswith("SEPARATED")
