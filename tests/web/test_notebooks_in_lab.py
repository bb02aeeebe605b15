"""Every lesson notebook runs from top to bottom in JupyterLab, in headless Chromium: Run All
Cells, as a student would, ends with every code cell run, no error, and each figure drawn.

JupyterLab serves copies of the notebooks on 127.0.0.1, and the page may ask nothing of any
other host: a request elsewhere is refused and fails the test. Each notebook has its time
bound, and its kernel is shut down before the next one opens.
"""

import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest

from browser import browser  # noqa: F401  (the fixture)
from lab import jupyterlab

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SECONDS = 180
"""How long one notebook may take, its kernel's start and first imports included."""

# The notebook's cells, from JupyterLab's own model (windowed notebooks leave far cells out of
# the page): how many code cells are not yet run, and every error shown.
STATE = """() => {
  const panel = window.jupyterapp?.shell.currentWidget;
  if (!panel || !panel.content || !panel.content.model || !panel.sessionContext.isReady) return null;
  const cells = panel.content.model.cells, errors = [];
  let waiting = 0, figures = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== "code") continue;
    if (cell.executionCount === null || cell.executionState === "running") waiting++;
    for (const output of cell.outputs.toJSON()) {
      if (output.output_type === "error") errors.push(`${output.ename}: ${output.evalue}`);
      if (output.data && output.data["application/vnd.jupyter.widget-view+json"]) figures++;
    }
  }
  const idle = panel.sessionContext.session?.kernel?.status === "idle";
  return { waiting, errors, figures, idle };
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving copies of the notebooks (a run leaves the committed ones as they are)."""
    folder = tmp_path_factory.mktemp("lessons")
    for path in NOTEBOOKS:
        shutil.copy(path, folder / path.name)
    # The app exposed to the page, so that the test runs its commands and reads its model.
    with jupyterlab(folder, "--LabApp.expose_app_in_browser=True") as running:
        yield running


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_a_notebook_runs_top_to_bottom_in_jupyterlab(browser, lab, path):  # noqa: F811
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # the web extra's

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    elsewhere = []

    def local_only(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", local_only)
    try:
        # reset: a fresh workspace, so the notebooks opened before do not open again.
        page.goto(lab.url(path.name) + "&reset")
        # Waited for in the page, never in time.sleep: the route above is served only while
        # Playwright is called, and a page left waiting on it would wait for ever.
        timeout = SECONDS * 1000
        page.wait_for_function(f"() => {{ const s = ({STATE})(); return s !== null && s.idle; }}", timeout=timeout)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        done = f"() => {{ const s = ({STATE})(); return s !== null && s.idle && (s.waiting === 0 || s.errors.length > 0); }}"
        try:
            page.wait_for_function(done, timeout=timeout, polling=500)
        except PlaywrightTimeout:
            pass  # said below, with the cells not run
        state = page.evaluate(STATE)
        assert not state["errors"], f"{path.name}: {state['errors']}"
        assert not state["waiting"], f"{path.name}: {state['waiting']} code cells not run within {SECONDS} s"
        assert state["figures"] >= 1
        # The figures drawn in the page: a picture each, and no scene's fault in a status line.
        page.locator(".sandbox-picture svg").first.wait_for(timeout=30_000)
        faults = [text for text in page.locator(".sandbox-status").all_inner_texts() if "failed" in text]
        assert not faults, f"{path.name}: {faults}"
        assert not elsewhere, f"the page asked hosts other than 127.0.0.1: {elsewhere[:3]}"
    finally:
        page.close()
        lab.shut_down_kernels()
