#!/usr/bin/env bash
# The contact sheet's focus editor in headless Chromium (Tests/Browser/focus_editor.py): 500
# random focus rectangles against `artfit fit`, the keyboard, a drag, the manifest entry and
# download fed to `artfit check`, paged sheets, no network, no console message.
#   [ARTFIT=path/to/artfit] bash Scripts/check_focus_editor.sh [--cases N] [--seed S] [--screenshot PNG]
# Needs Debian's chromium, chromium-driver and python3-selenium (.ci/run installs them).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The binary in ARTFIT when given (CI's, built with the suites), else a release build of it.
ARTFIT="${ARTFIT:-}"
if [ -z "$ARTFIT" ]; then
  (cd "$ROOT" && swift build -c release --product artfit >&2)
  ARTFIT="$ROOT/.build/release/artfit"
fi
# Debian's python3, where python3-selenium is installed, even when another python3 is first on PATH.
PYTHON=/usr/bin/python3
[ -x "$PYTHON" ] || PYTHON=python3
exec "$PYTHON" "$ROOT/Tests/Browser/focus_editor.py" "$ARTFIT" "$@"
