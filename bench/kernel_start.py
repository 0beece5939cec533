"""Do the window's frames wait while the search kernel compiles? One run, four starts.

The window's start warms the compiled search up in the background
(``spoker.kernel.warm_up_in_background``): with numba's cache empty (the
first start after installing) that is a compile of half a minute. Measured
here in fresh interpreters, each with its own ``NUMBA_CACHE_DIR``: the main
thread plays a window's frames (every 1/60 s: a millisecond of Python work,
then a sleep to the next frame, as the window's loop does) until the kernel
is READY, and records each frame's lateness: the time from when the frame was
due to when it ran. A frame runs only when it gets the interpreter lock, so
a warm-up that holds the lock makes frames late.

- ``aside`` (the window's way): the first compile in a process of its own
  (``python -m spoker.kernel``), then the window loads the cache;
- ``in-thread`` (the window's way before): the compile in the window's own
  warm-up thread (``spoker.kernel.warm_up`` there);

each with an empty cache (cold), then with the cache it filled (warm: the load
alone). Prints per start: the wall time until READY, the frames played, how
many were 50 ms late or more, the worst lateness, and the median; then the
ratio of the worst frames, aside against in-thread::

    python3 bench/kernel_start.py
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FRAMES = r"""
import json, sys, threading, time
import spoker.kernel as kernel
aside = sys.argv[1] == "aside"
start = time.perf_counter()
if aside:
    kernel.warm_up_in_background()
else:
    kernel._BACKGROUND.set()  # the window's way before: the compile in this process's warm-up thread
    threading.Thread(target=kernel.warm_up, daemon=True).start()
late, frame, due = [], 1 / 60, time.perf_counter()
while not kernel.ready() and time.perf_counter() - start < 600:
    now = time.perf_counter()
    late.append(max(0.0, now - due))
    busy = now + 0.001
    while time.perf_counter() < busy:  # the frame's own work
        pass
    due = max(due + frame, time.perf_counter())
    time.sleep(max(0.0, due - time.perf_counter()))
print(json.dumps({"wall": time.perf_counter() - start, "late": late, "path": kernel.kernel_path()}))
"""


def start(way: str, cache: str) -> dict[str, object]:
    """One start in a fresh interpreter with ``cache`` as numba's cache folder."""
    env = {k: v for k, v in os.environ.items() if k != "SPOKER_KERNEL"}
    env["NUMBA_CACHE_DIR"] = cache
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    done = subprocess.run([sys.executable, "-c", FRAMES, way], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def report(name: str, result: dict[str, object]) -> float:
    """Print one start's line; its worst lateness in ms."""
    late = sorted(float(x) for x in result["late"])  # type: ignore[attr-defined]
    worst = late[-1] * 1000 if late else 0.0
    print(f"{name}: READY after {float(result['wall']):.1f} s ({result['path']}); {len(late)} frames, "  # type: ignore[arg-type]
          f"{sum(x >= 0.05 for x in late)} late by 50 ms or more, worst {worst:.0f} ms late, "
          f"median {statistics.median(late) * 1000 if late else 0:.1f} ms", flush=True)
    return worst


def main() -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    print(f"this machine's load: {os.getloadavg()[0]:.1f} (1-minute average)", flush=True)
    worst = {}
    for way in ("in-thread", "aside"):
        with tempfile.TemporaryDirectory(prefix="spoker-kernel-start-") as cache:
            worst[way, "cold"] = report(f"{way}, cold cache (compile)", start(way, cache))
            worst[way, "warm"] = report(f"{way}, warm cache (load)", start(way, cache))
    for state in ("cold", "warm"):
        print(f"worst frame, {state}: aside / in-thread = {worst['aside', state] / max(worst['in-thread', state], 1e-9):.2f}")
    print(f"this machine's load: {os.getloadavg()[0]:.1f} (1-minute average)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
