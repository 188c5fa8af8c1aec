#!/usr/bin/env bash
# The contact sheet's focus editor in headless Chromium (Tests/Browser/focus_editor.py): 500
# random focus rectangles against `artfit fit`, the keyboard, a drag, the manifest entry and
# download fed to `artfit check`, paged sheets, no network, no console message.
#   bash Scripts/check_focus_editor.sh [--cases N] [--seed S] [--screenshot PNG]
# Needs Debian's chromium, chromium-driver and python3-selenium (.ci/run installs them).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$ROOT" && swift build -c release --product artfit >&2)
# Debian's python3, where python3-selenium is installed, even when another python3 is first on PATH.
PYTHON=/usr/bin/python3
[ -x "$PYTHON" ] || PYTHON=python3
exec "$PYTHON" "$ROOT/Tests/Browser/focus_editor.py" "$ROOT/.build/release/artfit" "$@"
