"""How fast the sandbox starts: first frame of the window, a headless screenshot, and imports.

    python benchmarks/startup.py [--runs 7] [--each]

Each figure is the median of fresh subprocesses, run in turn (so a busy machine slows all of
them alike), with the spread (lowest and highest) and the CPU time the child used, which a
busy machine disturbs less than the wall clock. The first frame needs a display: DISPLAY's, or
a virtual one (Xvfb) started here. Bytecode is written and reused as after a normal install
(a PYTHONDONTWRITEBYTECODE in the environment is dropped for the children). Also printed:
writing one screenshot's PNG at the level the app uses and at level 9.

With --each, the tweaks of sandbox.boot.tweaks instead: the screenshot and the first frame
with every tweak on, with all of them off (COLLISION_SANDBOX_PLAIN=1), and with each one off
alone, all in turn; a tweak's benefit is what turning it off alone costs.
"""

import argparse
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable

# Run in the child: the app as `python sandbox.py --scene box-box` runs it (through the same
# launcher, which sets up the process before anything heavy is imported), saying when its first
# frame has been drawn and shown, then leaving.
FIRST_FRAME = """
import os, sys
sys.argv = ["sandbox.py", "--scene", "box-box"]
from sandbox.boot import launch
launch.prepare()
from sandbox.boot import gl
gl.configure(headless=False)
from sandbox.app.window import app_window
draw = app_window.SandboxWindow.on_draw
def on_draw(self):
    draw(self)
    self.flip()
    print("first frame", flush=True)
    os._exit(0)
app_window.SandboxWindow.on_draw = on_draw
launch.run()
"""

IMPORT = "import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"


def child_env(display=None):
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    if display:
        env["DISPLAY"] = display
    return env


def timed(command, env):
    """Wall seconds from start until the child exits, CPU seconds it used, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def show(name, values, unit="s", goal=None):
    median = statistics.median(values)
    scale = 1000 if unit == "ms" else 1
    line = f"{name:38} median {median * scale:7.3f} {unit}   spread {min(values) * scale:.3f}-{max(values) * scale:.3f}"
    if goal is not None:
        line += f"   goal < {goal} s: {'met' if median < goal else 'NOT met'}"
    print(line)


def virtual_display():
    """A display to open the window on: DISPLAY's, or a fresh Xvfb (stopped at exit); None if neither."""
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"], None
    if shutil.which("Xvfb") is None:
        return None, None
    number = next(n for n in range(140, 240) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            return f":{number}", server
        time.sleep(0.05)
    server.terminate()
    return None, None


def png_figures(shot):
    """Encoding the screenshot ``shot`` as the app does, and as it did before (RGBA at level 9)."""
    sys.path.insert(0, str(ROOT))
    from pyglet.extlibs import png as pypng

    from sandbox.app.window import png

    pixels = png.read(shot)
    height, width, _ = pixels.shape

    def before():
        encoded = io.BytesIO()
        pypng.Writer(width, height, greyscale=False, alpha=True, compression=9).write(encoded, pixels.reshape(height, width * 4))
        return encoded.getvalue()

    print(f"PNG of one {width}x{height} screenshot, median of 5 in this process:")
    for label, encode in ((f"RGB at level {png.COMPRESSION} (now)", lambda: png.encode(pixels)), ("RGBA at level 9 (before)", before)):
        times = []
        for _ in range(5):
            started = time.perf_counter()
            size = len(encode())
            times.append(time.perf_counter() - started)
        show(f"  {label}, {size // 1024} KiB", times, "ms")


def each_tweak(runs, display):
    """Screenshot and first frame with every tweak on, all off, and each off alone."""
    sys.path.insert(0, str(ROOT))
    from sandbox.boot import tweaks

    shot = Path(tempfile.mkdtemp()) / "shot.png"
    variants = {"all on": None, "all off": "1", **{f"{name} off": name for name in tweaks.TWEAKS}}
    commands = {"--screenshot": [PYTHON, "sandbox.py", "--scene", "box-box", "--screenshot", str(shot)]}
    if display:
        commands["first frame"] = [PYTHON, "-c", FIRST_FRAME]

    def env(value):
        base = {key: value for key, value in child_env(display).items() if key not in (tweaks.SWITCH, "OPENBLAS_NUM_THREADS")}
        return base if value is None else {**base, tweaks.SWITCH: value}

    load_before = os.getloadavg()[0]
    for command in commands.values():  # a warm-up: bytecode written, files in the page cache
        timed(command, env("1"))
        timed(command, env(None))
    walls = {(variant, name): [] for variant in variants for name in commands}
    cpus = {key: [] for key in walls}
    for _ in range(runs):
        for variant, value in variants.items():
            for name, command in commands.items():
                wall, cpu, _printed = timed(command, env(value))
                walls[variant, name].append(wall)
                cpus[variant, name].append(cpu)
    print(f"{runs} fresh subprocesses each, in turn; display {display or 'none: first frame not measured'}; "
          f"load average (1 min) {load_before:.2f} before, {os.getloadavg()[0]:.2f} after on {os.cpu_count()} cores")
    heads = "".join(f"{name + ' wall':>22}{'CPU':>9}{'wall +':>9}{'CPU +':>9}" for name in commands)
    print(f"{'':24}{heads}   (ms; + is against all on)")
    for variant in variants:
        cells = ""
        for name in commands:
            wall, cpu = statistics.median(walls[variant, name]), statistics.median(cpus[variant, name])
            base_wall, base_cpu = statistics.median(walls["all on", name]), statistics.median(cpus["all on", name])
            cells += f"{wall * 1000:22.0f}{cpu * 1000:9.0f}{(wall - base_wall) * 1000:+9.0f}{(cpu - base_cpu) * 1000:+9.0f}"
        print(f"{variant:24}{cells}")


def main():
    parser = argparse.ArgumentParser(description="Start-up times of the sandbox.")
    parser.add_argument("--runs", type=int, default=7, help="fresh subprocesses per figure (default 7)")
    parser.add_argument("--each", action="store_true", help="each tweak of sandbox.boot.tweaks turned off alone, instead")
    args = parser.parse_args()
    display, server = virtual_display()
    if args.each:
        try:
            return each_tweak(args.runs, display)
        finally:
            if server is not None:
                server.terminate()
                server.wait(10)
    load_before = os.getloadavg()[0]
    shot = Path(tempfile.mkdtemp()) / "shot.png"
    commands = {
        "import collision": ([PYTHON, "-c", IMPORT.format(module="collision")], child_env()),
        "import collision, OpenBLAS 1 thread": ([PYTHON, "-c", IMPORT.format(module="collision")],
                                                {**child_env(), "OPENBLAS_NUM_THREADS": "1"}),
        "--screenshot (box-box, wall)": ([PYTHON, "sandbox.py", "--scene", "box-box", "--screenshot", str(shot)], child_env()),
    }
    if display:
        commands["first frame of sandbox.py (wall)"] = ([PYTHON, "-c", FIRST_FRAME], child_env(display))
    try:
        for command, env in commands.values():  # a warm-up: bytecode written, files in the page cache
            timed(command, env)
        walls, cpus, imports = {name: [] for name in commands}, {name: [] for name in commands}, {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, env) in commands.items():
                wall, cpu, printed = timed(command, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
                if name.startswith("import collision"):
                    imports[name].append(float(printed))
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
    print(f"{args.runs} fresh subprocesses each, in turn; display {display or 'none: first frame not measured'}; "
          f"load average (1 min) {load_before:.2f} before, {os.getloadavg()[0]:.2f} after on {os.cpu_count()} cores")
    show("import collision (in the child)", imports["import collision"], "ms")
    # The app's launcher keeps numpy's OpenBLAS to one thread (sandbox/launch.py).
    show("  the same, OpenBLAS on one thread", imports["import collision, OpenBLAS 1 thread"], "ms")
    show("python -c 'import collision' (wall)", walls["import collision"])
    show("--screenshot (box-box, wall)", walls["--screenshot (box-box, wall)"], goal=0.8)
    show("--screenshot (CPU)", cpus["--screenshot (box-box, wall)"], goal=0.8)
    if display:
        show("first frame of sandbox.py (wall)", walls["first frame of sandbox.py (wall)"], goal=1.0)
        show("first frame of sandbox.py (CPU)", cpus["first frame of sandbox.py (wall)"], goal=1.0)
    png_figures(shot)


if __name__ == "__main__":
    main()
