#!/usr/bin/env bash
# Install everything the tests need (system packages included), then run
# ruff, then mypy beside the whole pytest suite headless, on every core (pytest-xdist;
# worksteal: a worker that is done takes tests from a busy one). Arguments go
# to pytest (e.g. -n 0 for one process). Used by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

# System libraries for arcade/pyglet without a display: EGL and Mesa's
# software OpenGL (llvmpipe), plus fonts for text rendering.
SYSTEM_PACKAGES="libegl1 libgl1 libgl1-mesa-dri libgles2 libglu1-mesa fonts-dejavu-core"
missing=""
for p in $SYSTEM_PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

PYTHON="${PYTHON:-python3}"
"$PYTHON" -m pip install -q --disable-pip-version-check -e '.[dev,rl,cluster]'

export ARCADE_HEADLESS=1
# Python keeps each module's bytecode, and pytest each test module rewritten,
# in __pycache__ (git ignores it). Some images set PYTHONDONTWRITEBYTECODE:
# then every command a test starts compiles spoker anew and each worker
# rewrites every test module (tests/cli took 72 s of CPU in a fresh clone
# instead of 55).
unset PYTHONDONTWRITEBYTECODE
"$PYTHON" -m ruff check shibumi spoker tests bench scripts
# mypy (one process, ~30 s of CPU without its cache) runs beside pytest, whose
# workers leave a core idle now and then (start-up, the last tests); its
# report follows pytest's, and either failing fails the command.
mypy_log="$(mktemp)"
trap 'rm -f "$mypy_log"' EXIT
"$PYTHON" -m mypy >"$mypy_log" 2>&1 &
mypy_pid=$!
# The compiled search into numba's cache before the tests (some 20 s of one
# core in a fresh clone, a second once cached): the tests and the commands
# they start then load it. Compiled beside them, a fresh clone's run took two
# minutes longer: workers waited for it, and commands compiled on their own.
"$PYTHON" -m spoker.kernel || echo "scripts/test.sh: the compiled search is not in use; its tests are skipped"
status=0
"$PYTHON" -m pytest -n auto --dist worksteal "$@" || status=$?
mypy_status=0
wait "$mypy_pid" || mypy_status=$?
cat "$mypy_log"
[ "$mypy_status" -eq 0 ] || exit "$mypy_status"
exit "$status"
