"""What printing a handout needs, found by printing every lesson from Chromium and looking at
each page (issue 23): the compact layout's code short, a heading never left at a page's foot,
rows whole, the greyscale pictures' black still black, and each loose page naming its lesson."""

import html
import re

import pytest

from sandbox.app import handout
from sandbox.app import walkthrough

CODE_LESSON = """
title = "Reading \\"SAT\\" </style>"
[[steps]]
scene = "box-box"
caption = "sat() tries P first."
settings = { code = true, page = 0 }
[[steps]]
scene = "box-box"
caption = "The whole call."
settings = { code = true }
question = "How many axes does sat() try?"
choices = ["1", "2", "3", "4"]
answer = "axes_tried"
"""


@pytest.fixture(scope="module")
def compact(tmp_path_factory):
    folder = tmp_path_factory.mktemp("compact")
    (folder / "lesson.toml").write_text(CODE_LESSON)
    handout.export(walkthrough.load(folder / "lesson.toml"), folder / "out", compact=True)
    return (folder / "out" / "index.html").read_text()


def listing_rows(figure):
    return re.findall(r'<span class="(marked|ran|idle)">(?:&#9654;| )\s*(\d+)  ', figure)


def test_compact_prints_the_lines_round_the_marked_one_and_each_function_once(compact):
    """A whole sat() at every step took a page of its own in the compact layout."""
    steps = re.findall(r'<figure class="code(?: short)?">.*?</figure>', compact, re.S)
    assert len(steps) == 2  # the step's, and the question's in the key
    for figure in steps:
        rows = listing_rows(figure)
        numbers = [int(number) for _, number in rows]
        marked = [int(number) for kind, number in rows if kind == "marked"]
        assert len(marked) == 1 and 1 < len(rows) <= 2 * handout.CONTEXT + 1
        assert numbers == list(range(numbers[0], numbers[-1] + 1)) and numbers[0] <= marked[0] <= numbers[-1]
        assert f"lines {numbers[0]}-{numbers[-1]}" in figure
    # The values shown are those of names the printed lines use: depth and gap for "if depth < gap:".
    first = compact[re.search(r'<figure class="code(?: short)?">', compact).start():]
    values = re.findall(r'<th scope="row">(\w+)</th>', first[: first.index("</table>")])
    assert {"depth", "gap"} <= set(values) and "scale_a" not in values
    (listing,) = re.findall(r'<section class="listings">.*?</section>', compact, re.S)
    assert listing.count("<figcaption>collision.sat.sat</figcaption>") == 1 and "def sat(" in listing
    assert len(re.findall(r"^<span>\s*\d+  ", listing, re.M)) > 40


def test_the_full_layout_prints_the_whole_function_at_each_step(tmp_path):
    (tmp_path / "lesson.toml").write_text(CODE_LESSON)
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    page = (tmp_path / "out" / "index.html").read_text()
    figure = re.findall(r'<figure class="code(?: short)?">.*?</figure>', page, re.S)[0]
    assert len(listing_rows(figure)) > 40 and '<section class="listings">' not in page


def print_rules(page):
    """The print stylesheet's rules as {selector: declarations}."""
    css = re.sub(r"/\*.*?\*/", "", page[page.index("@media print"):page.index("</style>")], flags=re.S)
    found = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        for selector in selectors.split(","):
            found[selector.strip()] = found.get(selector.strip(), "") + body
    return found


def test_print_keeps_headings_terms_and_rows_with_what_they_belong_to(compact):
    rules = print_rules(compact)
    for heading in ("h2", "h3", "dt", "caption", "figure.code figcaption"):
        assert "break-after: avoid" in rules[heading], heading
    # A heading is never split between pages: the key's two-line heading of sat-from-scratch's
    # step 9 ended page 16 on its first line and began page 17 with "or colliding?".
    for whole in ("h2", "h3", "h4", "tr", "dd", "li", "table", "figure.code .marked", "figure.shot", ".question"):
        assert "break-inside: avoid" in rules[whole], whole
    # A step, an answer in the key, the glossary and a listing with its values may turn the
    # page: kept whole, a step with a table took a page, half of it blank, and a listing of
    # sat() left the page before it four-fifths blank (issue 34). A listing keeps four lines a side.
    assert not {"section.step", ".answer", "section.glossary", "figure.code"} & set(rules)
    assert "break-inside: auto" in rules["figure.code + table"] and "orphans: 4; widows: 4" in rules["figure.code pre"]
    # A figure's own caption ends it: kept with what follows, it held the next step to it and
    # split that step's figure from its caption.
    assert "figcaption" not in rules
    assert "overflow-wrap: normal" in rules["body.compact .numbers th"]


def test_each_page_names_its_lesson_edition_and_number(compact):
    footer = re.search(r"@bottom-left \{ content: (\"[^\"]*\");", compact).group(1)
    assert footer == r'"Reading \22 SAT\22  \3c \2f style\3e  · student' + "'s edition\""
    assert 'counter(page) " of " counter(pages)' in compact and compact.count("</style>") == 1


@pytest.fixture(scope="module")
def grey(tmp_path_factory):
    folder = tmp_path_factory.mktemp("grey")
    (folder / "lesson.toml").write_text('title = "Grey"\n[[steps]]\nscene = "minkowski"\ncaption = "O"\n')
    handout.export(walkthrough.load(folder / "lesson.toml"), folder / "out", greyscale=True)
    return folder / "out"


def test_greyscale_draws_the_highlight_black(grey):
    """The colour-blind palette's highlight, sky blue, printed pale grey: minkowski's origin
    O (and the quadtree's retrieve, "outlined in black on paper") faded."""
    figure = (grey / "step-01.svg").read_text()
    origin = re.findall(r'<text[^>]*fill="(#[0-9a-f]{6})"[^>]*>O</text>', figure)
    assert origin == ["#000000"] and "#56b4e9" not in figure


def test_the_greyscale_legend_says_which_grey_each_colour_prints_as(grey):
    """A caption's "(red)" in a grey print is found by the legend: red prints black there."""
    legend = (grey / "index.html").read_text().split('<section class="legend">')[1].split("</section>")[0]
    rows = {re.sub(r"<[^>]+>", "", row.split("</td>")[0]).strip(): row for row in re.findall(r"<tr><td>.*?</tr>", legend)}
    tones = {word: re.findall(r"<td>(.*?)</td>", row)[3] for word, row in rows.items()}
    # The colours the lesson draws with (not every colour: issue 34's legend is the lesson's own).
    assert {"blue", "orange"} <= set(tones) and tones.items() <= {
        "blue": "dark grey", "orange": "mid grey", "red": "black", "yellow": "light grey", "grey": "mid grey", "green": "mid grey", "purple": "mid grey"}.items()


def test_a_teacher_s_notes_stand_beside_the_step_s_tables(tmp_path):
    """Below the tables, a tall step's notes went to a page of their own (any-convex-polygon's
    steps 6 and 7); beside them they use the room the tables leave. The compact layout keeps
    its figure beside its numbers and the notes below."""
    (tmp_path / "lesson.toml").write_text('title = "Notes"\n[[steps]]\nscene = "box-box"\ncaption = "Apart."\n'
                                          '[steps.notes]\naim = "One gap proves them apart."\n')
    for compact in (False, True):
        handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / f"out-{compact}", compact=compact)
        page = (tmp_path / f"out-{compact}" / "teacher.html").read_text()
        beside = re.search(r'<div class="with-notes"><div class="numbers">.*?</div><aside class="notes">', page, re.S)
        assert (beside is not None) != compact
    assert re.search(r"\.with-notes \{[^}]*display: flex", page)


def test_in_grey_a_s_shadow_b_s_and_the_gap_are_three_line_styles(tmp_path):
    """In a greyscale print the gap's green and B's orange are one mid grey (issue 34): B's
    shadows are dashed, the gap a hollow bar (its middle the background's), A's solid."""
    from sandbox.app.handout_legend import luminance
    from sandbox.kit.theme import PROJECTOR, with_palette

    (tmp_path / "lesson.toml").write_text('title = "Grey"\n[[steps]]\nscene = "box-box"\ncaption = "Apart."\n')
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out", greyscale=True)
    figure = (tmp_path / "out" / "step-01.svg").read_text()
    theme = with_palette(PROJECTOR, "colour-blind")
    # Each colour drawn as its grey (the three roles' greys differ: 94, 163 and 121).
    hex_of = {role: "#" + f"{round(luminance(getattr(theme, role)[:3])):02x}" * 3 for role in ("shape_a", "shape_b", "separating", "background")}
    assert len(set(hex_of.values())) == 4
    lines = re.findall(r"<line [^>]*/>", figure)

    def drawn(role):
        return [line for line in lines if f'stroke="{hex_of[role]}"' in line]

    assert drawn("shape_a") and not any("dasharray" in line for line in drawn("shape_a"))
    assert drawn("shape_b") and all('stroke-dasharray="11 7"' in line for line in drawn("shape_b"))
    # Each green segment followed by its middle half in the background's colour.
    for green in drawn("separating"):
        ends = re.match(r'<line (x1="[^"]*" y1="[^"]*" x2="[^"]*" y2="[^"]*")', green).group(1)
        width = float(re.search(r'stroke-width="([\d.]+)"', green).group(1))
        middle = lines[lines.index(green) + 1]
        assert middle.startswith(f"<line {ends}") and f'stroke="{hex_of["background"]}"' in middle
        assert float(re.search(r'stroke-width="([\d.]+)"', middle).group(1)) == pytest.approx(width / 2, abs=0.01)
    assert len(drawn("separating")) >= 2  # the axis that separates, and its gap
    # The colour export keeps the gap a plain green line.
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "colour", palette="colour-blind")
    assert 'class="hollow"' not in (tmp_path / "colour" / "step-01.svg").read_text()


def test_the_legend_is_the_lesson_s_own_colours_and_names(tmp_path):
    """A generic legend called the vectors lesson's vectors "A and B", and listed colours no
    figure of it drew (issue 34): each row now says what the lesson's scenes write in it."""
    (tmp_path / "lesson.toml").write_text('title = "Names"\n[[steps]]\nscene = "vectors"\ncaption = "Two vectors."\n'
                                          '[[steps]]\nscene = "projection"\ncaption = "Shadows."\n')
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    legend = (tmp_path / "out" / "index.html").read_text().split('<section class="legend">')[1].split("</section>")[0]
    rows = {re.sub(r"<[^>]+>", "", row.split("</td>")[0]).strip(): re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr><td>.*?</tr>", legend)}
    assert rows["blue"][2] == "a (Vectors and the dot product); A (Projection on an axis)"
    assert rows["orange"][2] == "b (Vectors and the dot product); B (Projection on an axis)"
    assert rows["green"][2] == "Projection on an axis"  # drawn in green, no name written in it
    assert "shape A" not in legend and "red" not in rows and "purple" not in rows


def test_a_long_table_may_turn_the_page_between_its_rows(tmp_path):
    """Moved whole, the 24 steps of conservative advancement left the teacher's page before them
    half blank (rays-casts-and-time-of-impact, step 7, printed from Chromium). A table of more
    than LONG_TABLE rows may turn the page between rows (Chromium prints its heading again);
    a shorter one still moves whole."""
    (tmp_path / "lesson.toml").write_text(
        'title = "Long"\n[[steps]]\nscene = "time-of-impact"\ncaption = "The other way."\n'
        'shapes = { wall = { position = [0.0, -40.0], angle = 0 }, B = { position = [-230.0, 130.0], angle = 0 } }\n'
        'handles = { d = [230.0, 130.0] }\nsettings = { spin = -90 }\n')
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    page = (tmp_path / "out" / "index.html").read_text()
    tables = re.findall(r'<table class="([^"]*)">(.*?)</table>', page, re.S)
    rows = {kind: [body.count("<tr>") - body.count("<thead>") for k, body in tables if k == kind] for kind in {k for k, _ in tables}}
    assert rows["columns long"] and min(rows["columns long"]) > handout.LONG_TABLE
    assert all(count <= handout.LONG_TABLE for kind, counts in rows.items() if kind != "columns long" for count in counts)
    rules = print_rules(page)
    assert "break-inside: avoid" in rules["table"] and "break-inside: auto" in rules["table.long"]
    # Its heading and first rows stay together, and so do its last rows: split, the compact
    # layout printed the heading and one row at page 4's foot, the other 23 on page 5.
    for head in ("table.long thead", "table.long thead tr", "table.long tbody tr:nth-child(-n+2)"):
        assert "break-after: avoid" in rules[head], head
    assert "break-before: avoid" in rules["table.long tbody tr:nth-last-child(-n+2)"]


def test_the_work_counted_is_printed_once_where_the_meter_prints_under_the_figure(tmp_path):
    """from-sat-to-gjk printed each step's counts twice, two lines apart: the cost meter's line
    under the figure ("work counted SAT: axes tried 4, ...") and "Work counted: axes tried: 4;
    ..." above the tables. The meter's line stays, the paragraph goes; so it goes where the
    meter is drawn in the figure (box-box's Code steps printed it twice, fast-moving three
    times: the meter, the paragraph and its table of the work, which goes too where the meter
    writes all of it: handlook3 still saw the figure's meter and the table, one above the other)."""
    (tmp_path / "lesson.toml").write_text(
        'title = "Counted"\n[[steps]]\nscene = "minkowski"\ncaption = "A - B."\noverlays = { mtv = false, steps = false }\n'
        '[[steps]]\nscene = "minkowski"\ncaption = "Which?"\nquestion = "Does A - B hold O?"\nchoices = ["yes", "no"]\nanswer = "origin_inside"\n'
        '[[steps]]\nscene = "box-box"\ncaption = "P first."\nsettings = { code = true, page = 0 }\n'
        '[[steps]]\nscene = "fast-moving"\ncaption = "Jumps."\nsettings = { method = "static", samples = 4 }\n')
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    for name in ("index.html", "teacher.html"):
        page = (tmp_path / "out" / name).read_text()
        step = page[page.index('id="step-1"'):]
        step = step[:step.index("</section>")]
        assert '<p class="meter"><strong>work counted</strong>' in step and "Work counted" not in step
        key = page[page.index('id="answers"'):] if name == "index.html" else ""
        assert "Work counted" not in key and (name != "index.html" or '<p class="meter">' in key)
        for number, meter in ((3, "work counted"), (4, "work counted: tests, axes")):
            step = page[page.index(f'id="step-{number}"'):]
            step = step[:step.index("</section>")]
            figure = (tmp_path / "out" / f"step-0{number}.svg").read_text()
            assert f">{meter}</text>" in figure and '<p class="meter">' not in step and "Work counted" not in step
        assert "<caption>work counted</caption>" not in step


def test_a_wrapped_line_of_code_hangs_under_its_code_not_its_number(compact):
    """Printed from Chromium, reading-the-code's long lines of sat() wrapped to the listing's
    left edge: "rule)." and "depth), axes, skipped, merged)" stood under the line numbers as if
    lines of their own. Each listed line is a box whose wrapped rest is indented past the
    number, by exactly the characters before its code."""
    listings = re.findall(r'<figure class="code(?: listing| short)?">.*?</figure>', compact, re.S)
    assert len(listings) == 3  # the step's, the key's, and the whole function under The code
    for figure in listings:
        pre = figure.split("<pre>")[1].split("</pre>")[0]
        rows = re.findall(r'<span(?: class="(?:marked|ran|idle)")?>(.*?)</span>', pre, re.S)
        # A line a row: a line break between rows, none beside the block kept round the
        # marked line (a block breaks the line itself; one more printed a blank line).
        lines = pre.replace('<span class="round-marked">', "\n").replace("</span></span>", "</span>\n")
        assert len(rows) == len(lines.strip("\n").split("\n"))
        for row in rows:
            code = html.unescape(row)
            assert re.fullmatch(r"[ \u25b6] {0,3}\d+  ", code[:handout.GUTTER]) or re.fullmatch(r" {0,4}\d+  ", code[:handout.GUTTER]), code
    rule = re.search(r"figure\.code pre span:not\(\.round-marked\) \{([^}]*)\}", compact).group(1)
    assert f"padding-left: {handout.GUTTER}ch" in rule and f"text-indent: -{handout.GUTTER}ch" in rule and "width: 100%" in rule


def test_the_greyscale_figures_are_drawn_grey_not_filtered(grey):
    """Shown through CSS's grayscale filter, Chromium printed every greyscale figure as a
    picture of dots (pdfimages: a 1666x940 image a figure): its labels no longer text, and the
    quadtree's hairline objects faded to a pale grey (why-quadtrees, looked at at 150 dpi).
    The figure is written in grey instead, and no filter touches it."""
    figure = (grey / "step-01.svg").read_text()
    colours = re.findall(r'(?:fill|stroke)="#([0-9a-f]{6})"', figure)
    assert colours and all(colour[0:2] == colour[2:4] == colour[4:6] for colour in colours)
    page = (grey / "index.html").read_text()
    css = re.sub(r"/\*.*?\*/", "", page[page.index("<style>") + 7:page.index("</style>")], flags=re.S)
    filtered = [selector.strip() for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css) if "filter" in body
                for selector in selectors.split(",")]
    assert filtered == ["body.greyscale .swatch"]


@pytest.mark.parametrize("text, name", [
    ("a (2, 6)", "a"), ("A", "A"), ("P 20.1°", "P"), ("vector a", "vector a"), ("wall", "wall"), ("p1", "p1"),
    ("A edge 1 / B vertex 3: -0.7", None), ("1 plane", None), ("left normal (-4, 3)", None), ("0.323", None),
])
def test_the_legend_names_a_label_s_thing_not_the_first_word_of_a_sentence(text, name):
    """Printed, where-do-they-touch's legend said the MTV's purple was "A" in its first scene:
    the purple label "A edge 1 / B vertex 3: -0.7" names a contact point's features, and its
    first word was taken for a name."""
    from sandbox.app.handout_legend import _name

    assert _name(text) == name


def test_the_glossary_defines_the_terms_the_handout_uses(tmp_path):
    """Printed whole, the glossary gave the vectors lesson "tunnelling" and "Minkowski
    difference", and in its compact teacher's edition "tunnelling" stood alone on the last
    page. It now defines the terms the handout's pages use, in the glossary's order."""
    (tmp_path / "lesson.toml").write_text('title = "Words"\n[[steps]]\nscene = "vectors"\ncaption = "Two vectors and their dot product."\n'
                                          '[[steps]]\nscene = "projection"\ncaption = "A shadow on each of the separating axes."\n')
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    for name in ("index.html", "teacher.html"):
        page = (tmp_path / "out" / name).read_text()
        terms = re.findall(r"<dt>(.*?)</dt>", page.split('<section class="glossary">')[1].split("</section>")[0])
        assert {"vector", "dot product", "interval (shadow)", "separating axis"} <= set(terms)
        assert not {"tunnelling", "Minkowski difference", "broad phase", "Voronoi region", "support point"} & set(terms)
        assert terms == [term for term, _ in handout.GLOSSARY if term in terms]


def test_the_marked_line_of_code_prints_on_one_page_with_its_neighbours(tmp_path):
    """Printed, reading-the-code's sat() listing turned the page just before its marked last
    line (103), which stood alone at the top of the next page, away from the code it ends."""
    (tmp_path / "lesson.toml").write_text(CODE_LESSON)
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    page = (tmp_path / "out" / "index.html").read_text()
    figures = re.findall(r'<figure class="code(?: short)?">.*?</figure>', page, re.S)
    assert len(figures) == 2  # the first step's and the key's
    for figure in figures:
        every = [number for _, number in listing_rows(figure)]
        (block,) = re.findall(r'<span class="round-marked">(.*?</span>)</span>', figure, re.S)
        kept = listing_rows(block)
        at = [kind for kind, _ in kept].index("marked")
        marked = every.index(kept[at][1])
        # KEPT_ROUND lines each side, as many as the listing has.
        assert at == min(handout.KEPT_ROUND, marked) and len(kept) - at - 1 == min(handout.KEPT_ROUND, len(every) - marked - 1)
        assert [number for _, number in kept] == every[marked - at : marked - at + len(kept)]
    assert "break-inside: avoid" in print_rules(page)["figure.code .round-marked"]


def test_a_question_s_predict_box_prints_beside_its_figure(compact, tmp_path):
    """Printed under its figure, a question's Predict box often began the next page, away from
    the figure it asks about; kept with it there, the page before was left half blank (vectors'
    student edition, pages 4 and 5 at 51%). Beside the figure the two take the figure's height,
    and print whole on one page; in the compact layout, whose caption stands beside its
    figure, the box stands under the caption."""
    (tmp_path / "lesson.toml").write_text(CODE_LESSON)
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out")
    for page in ((tmp_path / "out" / "index.html").read_text(), (tmp_path / "out" / "teacher.html").read_text(), compact):
        (asked,) = re.findall(r'<section class="step" id="step-2">.*?</section>', page, re.S)
        assert re.search(r'<div class="asked"><figure class="shot"><img src="step-02.svg".*?</figure>\s*<div class="question"><p><strong>Predict:', asked, re.S)
        rules = print_rules(page)
        assert "break-inside: avoid" in rules[".asked"]
    assert f"grid-template-columns: {handout._Layout(False, False).figure_mm}mm auto" in rules[".asked"]
    assert f"grid-template-columns: {handout._Layout(True, False).figure_mm}mm auto" in rules["body.compact .asked"]
    assert "display: contents" in rules["body.compact .asked figure.shot"] and "grid-column: 2" in rules["body.compact .asked .question"]


def test_the_glossary_never_starts_a_page_alone(compact):
    """collision-response's teacher's edition printed its glossary, one term, alone on a last
    page 8% full: it now takes the end of what comes before it along."""
    assert "break-before: avoid" in print_rules(compact)[".glossary"]


def test_a_short_listing_prints_whole_on_one_page(tmp_path):
    """handlook3 #2: the compact layout's nine-line excerpt of reading-the-code's listing turned
    the page with one line at the page's foot, alone in an empty frame."""
    (tmp_path / "lesson.toml").write_text(CODE_LESSON)
    handout.export(walkthrough.load(tmp_path / "lesson.toml"), tmp_path / "out", compact=True)
    page = (tmp_path / "out" / "index.html").read_text()
    excerpts = re.findall(r'<figure class="code short">.*?</figure>', page, re.S)
    assert excerpts and all(len(listing_rows(excerpt)) <= handout.SHORT_LISTING for excerpt in excerpts)
    assert "break-inside: avoid" in print_rules(page)["figure.code.short"]
