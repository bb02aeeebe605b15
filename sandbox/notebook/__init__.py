"""A scene as a live figure in a notebook: ``from sandbox.notebook import Figure; Figure("box-box")``.

Needs the optional ``notebook`` extra (``pip install -e ".[notebook]"``): anywidget, which shows
one widget in JupyterLab, Notebook 7, VS Code and Colab alike.
"""

from sandbox.notebook.figure import Figure

__all__ = ["Figure"]
