"""Every example notebook under notebooks/ runs from top to bottom in a fresh kernel (nbclient):
one for each lesson in walkthroughs/, each showing its figures and checking what it claims."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_is_a_notebook_for_every_lesson():
    assert [path.stem for path in NOTEBOOKS] == sorted(path.stem for path in (ROOT / "walkthroughs").glob("*.toml"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_a_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    import nbformat  # the web extra's, imported here so that the module collects without it
    from nbclient import NotebookClient

    # The kernel imports this checkout's packages, as the test does.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    book = nbformat.read(path, as_version=4)
    NotebookClient(book, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [output for cell in book.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    # The figures show as widgets, with their SVG for viewers that show no widget.
    shown = [output for output in outputs if "application/vnd.jupyter.widget-view+json" in output.get("data", {})]
    assert shown and all("image/svg+xml" in output["data"] for output in shown)
