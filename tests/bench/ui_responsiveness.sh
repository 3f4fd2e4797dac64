#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Does the window stay responsive during a large batch? Runs the real window under Xvfb on
# FILES generated small JPEGs (default 10000) and prints how late a 10 ms UI-thread timer came,
# how often the log repainted, the rows it kept and the peak memory:
#     bash tests/bench/ui_responsiveness.sh [FILES]
# Needs the dev build (cmake --preset dev && cmake --build --preset dev) and xvfb-run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tool="$root/build/dev/tests/dropsize-ui-responsiveness"
[[ -x "$tool" ]] || { echo "build the dev preset first: $tool is missing" >&2; exit 1; }
xvfb-run -a -s "-screen 0 1280x900x24" "$tool" "${1:-10000}"
