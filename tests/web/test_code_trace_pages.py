"""The Code view's listing in the notebook figure (issue 26): the function the step ran, its
marked line the step's, styled so that a reader sees which line it is. (The lesson page's is
checked with the handout's, in test_code_trace.py: one export for both.)"""

import re

MARKED = re.compile(r'<span class="marked">&#9654;\s*(\d+)  ([^<]*)</span>')


def test_the_notebook_figure_shows_the_listing_with_the_steps_line_marked():
    from sandbox.notebook import Figure

    figure = Figure("projection", 640, 360)
    assert "figure class=\"code" not in figure.tables
    figure._message(figure, {"kind": "act", "name": "code_view"}, [])
    figure._message(figure, {"kind": "act", "name": "next_corner"}, [])
    figure._message(figure, {"kind": "act", "name": "next_corner"}, [])
    marked = MARKED.findall(figure.tables)
    assert [source.strip() for _, source in marked] == ["for x, y in vertices:"]
    assert "A&#x27;s 2nd corner of 4" in figure.tables
    assert re.search(r"figure\.code \.marked \{[^}]*background", figure._css)  # anywidget holds the style sheet as text
