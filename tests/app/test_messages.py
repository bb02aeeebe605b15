"""Every refusal is one line naming the option or field, in the same words on every command
(issue 35, case 7): argparse's own refusals too, --variants' range whichever check refuses it,
and a bad --find event before the display."""

import os

import pytest

from command import assert_refused, main, run
from sandbox.app import variants


@pytest.mark.parametrize("args, option", [
    (["--font-scale", "0"], "--font-scale"),
    (["--font-scale", "x"], "--font-scale"),
    (["--size", "10x10"], "--size"),
    (["--theme", "sepia"], "--theme"),
    (["--palette", "rainbow"], "--palette"),
    (["--scene"], "--scene"),
    (["--wormhole"], "--wormhole"),
])
def test_argparse_refusals_are_one_line_naming_the_option(args, option):
    done = main(*args, "--list")
    assert_refused(done, option)
    assert done.returncode == 2
    assert done.stderr.startswith("sandbox: ") and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "usage:" not in done.stderr


def test_font_scale_says_its_range_after_the_option():
    done = main("--font-scale", "0", "--list")
    assert done.stderr == "sandbox: --font-scale must be a number from 1 to 3, got '0'\n"


@pytest.mark.parametrize("count", ["0", "2.5", "100000", "101"])
def test_variants_states_one_range_whichever_check_refuses_it(tmp_path, count):
    # "0" and "2.5" are refused as the options are read, "101" and "100000" once the lesson is: same words.
    lesson = os.path.join(os.path.dirname(__file__), "..", "..", "walkthroughs", "sat-from-scratch.toml")
    done = main("--walkthrough", lesson, "--export", tmp_path / "out", "--variants", count)
    assert done.stderr == f"sandbox: --variants must be a whole number from 1 to {variants.MAX_VERSIONS}, got {count!r}\n"
    assert not (tmp_path / "out").exists()


def test_an_unknown_find_event_is_reported_before_the_display():
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = run("--scene", "box-box", "--find", "no-such-event", env=env)
    assert_refused(done, "no-such-event")
    assert "display" not in done.stderr, done.stderr


def test_with_no_display_a_good_find_event_still_says_so_in_one_line():
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = run("--scene", "box-box", "--find", "list", env=env)
    assert done.returncode == 0, done.stderr
    first = done.stdout.split()[0]
    done = run("--scene", "box-box", "--find", first, env=env)
    assert_refused(done, "display")
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args, option", [
    (["--scene", "nosuch", "--screenshot", "{tmp}/x.png"], "--scene"),
    # A lesson's and a layout's refusals name the file as one: "walkthrough W", "layout L".
    (["--layout", "{tmp}/none.json", "--screenshot", "{tmp}/x.png"], "cannot read layout {tmp}/none.json"),
    (["--walkthrough", "{tmp}/none.toml", "--export", "{tmp}/out"], "cannot read walkthrough {tmp}/none.toml"),
    (["--check-lesson", "{tmp}/none.toml"], "cannot read walkthrough {tmp}/none.toml"),
    (["--scene", "box-box", "--find", "nosuch", "--save-layout", "{tmp}/f.json"], "--find"),
    (["--scene", "box-box", "--screenshot", "{tmp}"], "--screenshot"),
    (["--export-course", "/dev/null"], "--export-course"),
    (["--walkthrough", "walkthroughs/sat-from-scratch.toml", "--export", "/dev/null"], "--export"),
])
def test_a_refusal_of_a_name_or_file_starts_with_its_option_or_its_kind(tmp_path, args, option):
    done = main(*(arg.format(tmp=tmp_path) for arg in args))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"sandbox: {option.format(tmp=tmp_path)}") and len(done.stderr.strip().splitlines()) == 1, done.stderr
