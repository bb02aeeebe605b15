"""``--presenter``: a walkthrough on two windows, the figure for the class and the notes for the teacher.

The projector window shows the step's figure, its verdict and its caption: no panel, no key
hints. The presenter window, on the teacher's own screen, shows what the class does not see:
the step's teacher notes, its answer before it is revealed, the Report's numbers, and the next
step's figure. Both show one Session, so a clicker key pressed in either (Right, Space, Page
Down, Left, Page Up) moves both; each window's title names the step, for the teacher's window
list and for the tests.
"""

import pyglet

from sandbox.app.window import app_window, pyglet_keys
from sandbox.app.session import Session

NEXT_SIZE = (640, 360)
"""The next step's figure is rendered this size, about a third of the teacher's screen."""

WINDOW = (1280, 720)
"""Each window's size where the screen has room for both side by side."""

CAPTION = "Collision Sandbox"


def text(session, following=None):
    """What the presenter window says about the step shown: (heading, words, numbers), each
    text, computed from the session alone (no GL), so tests read exactly what it shows.
    ``following`` is the next step's caption filled in (by its own scene), if known."""
    steps, index = session.player.walkthrough.steps, session.player.index
    step = session.step
    heading = f"{session.player.walkthrough.title}: step {index + 1} of {len(steps)}  ({session.scene.title})"
    if session.paused:
        heading += "  held still: P lets it run"
    words = [session.step.filled(step.caption, session.scene)]
    if step.question:
        words.append(f"Question: {step.filled(step.question, session.scene)}" + (f"  {step.offered()}" if step.choices else ""))
        shown = "the class sees it after the next click" if session.asking else "shown to the class"
        words.append(f"Answer: {step.answer_text(session.scene)} ({shown}). {step.filled(step.explain, session.scene)}".rstrip())
    words += [f"{label}: {note}" for label, note in step.notes.lines()]
    if index + 1 < len(steps):
        words.append(f"Next, step {index + 2}: {steps[index + 1].caption if following is None else following}")
    else:
        words.append("This is the last step.")
    report = session.report()
    numbers = []
    if report.verdict is not None:
        numbers.append(f"{report.verdict.text}  {report.verdict.detail}".rstrip())
    numbers += [claim.text() for claim in report.claims]
    numbers += [line.text for line in report.lines]
    for table in report.tables:
        if table.title:
            numbers.append(table.title)
        if table.headers:
            numbers.append("   ".join(table.headers))
        numbers += ["   ".join(row) for row in table.rows]
    return heading, "\n".join(words), "\n".join(numbers)


class PresenterWindow(pyglet.window.Window):
    """The teacher's screen for ``session``: notes and numbers on the left, the next figure on the right."""

    def __init__(self, session, size=(1280, 720), visible=True, board=None):
        super().__init__(*size, caption=f"{CAPTION}: presenter", resizable=True, visible=visible)
        self.session = session
        self.board = board
        self.batch = pyglet.graphics.Batch()
        self._heading = pyglet.text.Label("", x=16, font_size=18, weight="bold", anchor_y="top", batch=self.batch)
        self._words = pyglet.text.Label("", x=16, font_size=14, multiline=True, width=1, anchor_y="top", batch=self.batch)
        self._numbers = pyglet.text.Label("", font_size=12, multiline=True, width=1, anchor_y="top", batch=self.batch)
        self._next = self._following = None
        self._next_of = None
        """The step whose next figure is shown, so that it is rendered once a step."""
        self._shown = None
        self._drawn = False
        """Whether a first frame is up: the next figure (a hidden window's render) waits for it."""
        self._next_label = pyglet.text.Label("", font_size=12, weight="bold", anchor_y="bottom", batch=self.batch)

    def on_key_press(self, symbol, modifiers):
        # The clicker's keys, and every other key, do what they do in the projector window.
        self.session.input.on_key_press(*pyglet_keys.press(symbol, modifiers))

    def on_key_release(self, symbol, modifiers):
        self.session.input.on_key_release(*pyglet_keys.press(symbol, modifiers))

    def on_draw(self):
        # The notes first: rendering the next figure opens a hidden window, which can take
        # seconds on a slow display, and the teacher's screen must not stay black meanwhile.
        if self._drawn and self._next_of != self.session.player.index:
            self._next_of = self.session.player.index
            self._next, self._following = self._next_figure()
            self._shown = None
        self._drawn = True
        shown = text(self.session, self._following)
        if self.board is not None:
            # --class: who joined and voted, the spread live, and the teacher's page's address.
            shown = (shown[0], f"{shown[1]}\n\n{self.board.summary()}", shown[2])
        if shown != self._shown:
            self._shown = shown
            self._layout(*shown)
        pyglet.gl.glClearColor(0.96, 0.96, 0.94, 1.0)
        self.clear()
        self.batch.draw()
        if self._next is not None:
            width = self.width * 0.45
            self._next.blit(self.width - width - 16, 16, width=width, height=width * NEXT_SIZE[1] / NEXT_SIZE[0])

    def _layout(self, heading, words, numbers):
        half = self.width // 2 - 24
        # The small figure says what it is: the class has not seen it yet.
        following = self.session.player.index + 2
        labelled = self._next is not None and self._next_of == self.session.player.index
        self._next_label.text = f"Next: step {following}, as the class will first see it" if labelled else ""
        self._next_label.color = (20, 20, 20, 255)
        self._next_label.x = round(self.width - self.width * 0.45 - 16)
        self._next_label.y = round(16 + self.width * 0.45 * NEXT_SIZE[1] / NEXT_SIZE[0] + 6)
        for label, value in ((self._heading, heading), (self._words, words), (self._numbers, numbers)):
            label.color = (20, 20, 20, 255)
            label.text = value
        self._heading.y = self.height - 12
        self._words.width, self._words.y = half, self.height - 52
        self._numbers.x, self._numbers.width, self._numbers.y = self.width // 2 + 8, half, self.height - 52

    def _next_figure(self):
        """The next step's figure (as the class will first see it) as an image, and its caption
        filled in; (None, None) after the last step."""
        walkthrough, index = self.session.player.walkthrough, self.session.player.index
        if index + 1 >= len(walkthrough.steps):
            return None, None
        upcoming = Session(size=NEXT_SIZE, walkthrough=walkthrough)
        upcoming.figure_only, upcoming.show_panel, upcoming.theme = True, False, self.session.theme
        upcoming.player.go(index + 1)
        hidden = app_window.SandboxWindow(upcoming, visible=False, deterministic=True)
        upcoming.leaves_slow_scenes = True  # a next step too slow to draw shows its line; the lesson goes on
        for _ in range(2):
            hidden.render()
        pixels = hidden.pixels()
        hidden.on_close()
        self.switch_to()
        following = upcoming.step.filled(upcoming.step.caption, upcoming.scene)
        return pyglet.image.ImageData(NEXT_SIZE[0], NEXT_SIZE[1], "RGBA", pixels[::-1].tobytes()), following

    def on_resize(self, width, height):
        super().on_resize(width, height)
        self._shown = None


def places(screens, size=WINDOW):
    """Where the projector's and the teacher's windows go, each (x, y, width, height) in the
    display's pixels, given the ``screens`` as (x, y, width, height), the first the main one:
    the class's window on the second screen where there is one and the teacher's on the main;
    on one screen side by side, each narrowed to half the screen where both do not fit."""
    main = screens[0]
    if len(screens) > 1:
        second = screens[1]
        return (second[0], second[1], min(size[0], second[2]), min(size[1], second[3])), (main[0], main[1], min(size[0], main[2]), min(size[1], main[3]))
    x, y, width, height = main
    each = min(size[0], width // 2)
    tall = min(size[1], height)
    return (x, y, each, tall), (x + each, y, each, tall)


def run(session, board=None):
    """Open the projector's window and the presenter's on ``session`` (with the class's
    ``board``, if any), placed apart (``places``); run until either quits."""
    screens = [(screen.x, screen.y, screen.width, screen.height) for screen in pyglet.display.get_display().get_screens()]
    projected, taught = places(screens)
    projector = app_window.SandboxWindow(session, board=board)
    projector.projecting = True
    session.show_panel = False
    session.refresh()
    teacher = PresenterWindow(session, size=taught[2:], board=board)
    for opened, (x, y, width, height) in ((projector, projected), (teacher, taught)):
        if (opened.width, opened.height) != (width, height):
            opened.set_size(width, height)
        # X's y runs down from the top of the display; pyglet's set_location takes it so.
        opened.set_location(x, y)
    titled = None

    def tick(dt):
        nonlocal titled
        step = f"step {session.player.index + 1} of {len(session.player.walkthrough.steps)}"
        if step != titled:
            titled = step
            projector.set_caption(f"{CAPTION}: {step}")
            teacher.set_caption(f"{CAPTION}: presenter, {step}")
        if teacher in pyglet.app.windows:
            teacher.draw(dt)

    pyglet.clock.schedule_interval(tick, 1 / 60)
    app_window.loop(projector)
