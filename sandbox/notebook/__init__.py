"""A scene as a live figure in a notebook: ``from sandbox.notebook import Figure; Figure("box-box")``;
a lesson's steps as figures, their questions asked until revealed and the exercises checked
against the figure's facts: ``Lesson("vectors-and-the-dot-product").figure(4)``.

Needs the optional ``notebook`` extra (``pip install -e ".[notebook]"``): anywidget, which shows
one widget in JupyterLab, Notebook 7, VS Code and Colab alike.
"""

from sandbox.notebook.figure import Figure
from sandbox.notebook.lesson import Lesson

__all__ = ["Figure", "Lesson"]
