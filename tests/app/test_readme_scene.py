"""The README's example scene is a working scene file, as a teacher would copy it."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_example_scene_loads_and_renders(tmp_path):
    section = ROOT.joinpath("README.md").read_text().split("## Scenes of your own", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "my_triangle.py").write_text(code)
    shot = tmp_path / "my.png"
    done = subprocess.run(
        [sys.executable, "sandbox.py", "--scenes", str(tmp_path / "scenes"), "--scene", "my-triangle", "--screenshot", str(shot)],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    assert shot.exists()
