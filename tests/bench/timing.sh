# SPDX-License-Identifier: MIT
# Sourced by the benchmark scripts: wall time and peak memory of one command.

seconds() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$@"; }
peak_kb=0
timed() { # timed OUT_VAR command...: wall seconds; peak RSS of the largest process into peak_kb
    local start end log
    log=$(mktemp)
    start=$(date +%s.%N)
    /usr/bin/time -o "$log" -f '%M' "${@:2}" >/dev/null 2>&1
    end=$(date +%s.%N)
    peak_kb=$(sort -n "$log" | tail -1)
    rm -f "$log"
    printf -v "$1" '%s' "$(seconds "$start" "$end")"
}
# The smallest of the numbers given (empty ones left out).
least() { python3 -c "import sys; print(min(float(v) for v in sys.argv[1:] if v))" "$@"; }
