#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Makes the screenshots of the window in the middle of a real batch, under Xvfb on a 1366x768
# screen: light and dark, English and Simplified Chinese, as OUT_DIR/dropsize-{light,dark}-
# {en,zh_CN}.png:
#     bash tests/ui/screenshot.sh OUT_DIR [--preview]
# --preview selects the first input first, so that the window's preview pane shows it.
# The README's two (resources/screenshots/) are the English light one (dropsize-window.png) and
# the Chinese dark one (dropsize-window-zh_CN-dark.png):
#     bash tests/ui/screenshot.sh /tmp/shots && cp /tmp/shots/dropsize-light-en.png \
#         resources/screenshots/dropsize-window.png && cp /tmp/shots/dropsize-dark-zh_CN.png \
#         resources/screenshots/dropsize-window-zh_CN-dark.png
# Needs the dev build (cmake --preset dev && cmake --build --preset dev; another build folder
# with DROPSIZE_BUILD_DIR), xvfb-run, a CJK font (fonts-wqy-microhei: .ci/setup installs it),
# and the shared test images (../shared/testdata).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: $0 OUT_DIR [--preview]" >&2; exit 2; }
out="$1"
shift
data="${DROPSIZE_TESTDATA:-$root/../shared/testdata}"
tool="${DROPSIZE_BUILD_DIR:-$root/build/dev}/tests/dropsize-ui-screenshot"
[[ -x "$tool" ]] || { echo "build the dev preset first: $tool is missing" >&2; exit 1; }
[[ -d "$data" ]] || { echo "shared test images not found at $data" >&2; exit 1; }
if command -v fc-list >/dev/null && [[ -z "$(fc-list :lang=zh-cn family)" ]]; then
    echo "no font with Chinese characters: install fonts-wqy-microhei (bash .ci/setup)" >&2
    exit 1
fi
mkdir -p "$out"
for locale in en zh_CN; do
    for theme in light dark; do
        shot="$out/dropsize-$theme-$locale.png"
        args=(--locale "$locale" "$@")
        [[ $theme == dark ]] && args+=(--dark)
        # The picture is taken past half-way with a failure in view; a run where that did not
        # happen is repeated.
        made=0
        for attempt in 1 2 3 4 5; do
            if LANG="${locale}.UTF-8" xvfb-run -a -s "-screen 0 1366x768x24" \
                "$tool" "${args[@]}" "$shot" 0.5 \
                "$data/exif-orientation" "$data/libjpeg-turbo" "$data/testpngs"; then
                made=1
                break
            fi
            echo "attempt $attempt for $shot did not catch the batch; again" >&2
        done
        ((made)) || { echo "no screenshot $shot" >&2; exit 1; }
    done
done
