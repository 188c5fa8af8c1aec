#!/usr/bin/env bash
# The Ultra HDR peer the gain map round-trip tests decode artfit's previews with: libvips 8.18
# (libultrahdr 1.4) as the pyvips-binary wheel bundles it, in a virtual environment at
# .build/ultrahdr-peer (Debian's libvips has no uhdrload). GainMapCarryTests skip, saying so,
# when it is missing; CI makes it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
peer=.build/ultrahdr-peer
if ! "$peer/bin/python" -c "import pyvips; pyvips.Image.uhdrload" >/dev/null 2>&1; then
  rm -rf "$peer"
  python3 -m venv "$peer"
  "$peer/bin/pip" install -q pyvips==3.2.0 pyvips-binary==8.18.0 numpy
fi
"$peer/bin/python" -c "import pyvips; print('ultrahdr peer: libvips', pyvips.version(0), pyvips.version(1), pyvips.version(2))"
