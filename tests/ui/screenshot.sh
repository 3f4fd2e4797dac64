#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Remakes the README's screenshot of the window in the middle of a real batch, under Xvfb:
#     bash tests/ui/screenshot.sh [OUT.png]
# Needs the dev build (cmake --preset dev && cmake --build --preset dev), xvfb-run and the
# shared test images (../shared/testdata).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/resources/screenshots/dropsize-window.png}"
data="${DROPSIZE_TESTDATA:-$root/../shared/testdata}"
tool="$root/build/dev/tests/dropsize-ui-screenshot"
[[ -x "$tool" ]] || { echo "build the dev preset first: $tool is missing" >&2; exit 1; }
[[ -d "$data" ]] || { echo "shared test images not found at $data" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
# The picture is taken past half-way with a failure in view; a run where that did not happen
# is repeated.
for attempt in 1 2 3 4 5; do
    if LANG="${LANG:-en_US.UTF-8}" xvfb-run -a -s "-screen 0 1280x900x24" \
        "$tool" "$out" 0.5 "$data/exif-orientation" "$data/libjpeg-turbo" "$data/testpngs"; then
        exit 0
    fi
done
exit 1
