#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs npm's sharp (its prebuilt libvips included) into DIR once, for the benchmarks, and
# prints its version and libvips'. Needs Node.js and npm (Debian's nodejs and npm).
#
#   bash tests/bench/sharp.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."

dir=$1
version=${SHARP_VERSION:-0.35}
command -v node >/dev/null && command -v npm >/dev/null || bash .ci/setup nodejs npm
if [[ ! -f $dir/.done-$version ]]; then
    rm -rf "$dir" && mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --silent "sharp@$version" >&2
    touch "$dir/.done-$version"
fi
NODE_PATH=$dir/node_modules node -e \
    'const s = require("sharp"); console.log(`sharp ${s.versions.sharp} (libvips ${s.versions.vips})`)'
