# SPDX-License-Identifier: MIT
# Phase times for the CI scripts (sourced, not run). `phase NAME` ends the phase before it and
# starts NAME. The outermost script, the one that finds no DROPSIZE_PHASE_LOG, owns the log: when
# it exits, passing or failing, it prints every phase with its minutes, the one it failed in
# marked, and the total. The scripts it runs (.ci/run-windows, .ci/run-packages,
# tests/fuzz/run.sh) add their phases to the same log. Work that ran beside the phases (the
# Windows libraries, built in the background) is added with `phase_beside NAME START END`.
#
# A script with an EXIT trap of its own calls `phases_exit STATUS` from it (the trap below is
# then replaced); the owner prints the table there, the others do nothing.

if [[ -z ${DROPSIZE_PHASE_LOG:-} ]]; then
    DROPSIZE_PHASE_LOG=$(mktemp "${TMPDIR:-/tmp}/dropsize-phases.XXXXXX")
    export DROPSIZE_PHASE_LOG
    _phases_owner=1
    trap 'phases_exit $?' EXIT
    # Stopped by a signal, the table says so (the EXIT trap alone would see the last status).
    trap 'exit 130' INT
    trap 'exit 143' TERM
else
    _phases_owner=0
fi

# Seconds since the epoch, with microseconds (bash 5's EPOCHREALTIME; its decimal point follows the
# locale, hence the C locale for the arithmetic in awk).
_phases_now() { LC_ALL=C printf '%s' "${EPOCHREALTIME/,/.}"; }

phase() { # NAME
    printf 'phase\t%s\t%s\n' "$(_phases_now)" "$1" >>"$DROPSIZE_PHASE_LOG"
    echo "== $1"
}

phase_beside() { # NAME START END (seconds since the epoch)
    printf 'beside\t%s\t%s\t%s\n' "$2" "$3" "$1" >>"$DROPSIZE_PHASE_LOG"
}

phases_exit() { # STATUS
    local status=${1:-0}
    ((_phases_owner)) || return 0
    _phases_owner=0
    printf 'end\t%s\t%s\n' "$(_phases_now)" "$status" >>"$DROPSIZE_PHASE_LOG"
    LC_ALL=C awk -F '\t' '
        function minutes(s) { s = int(s + 0.5); return sprintf("%4d:%02d", int(s / 60), s % 60) }
        $1 == "phase" { n++; name[n] = $3; start[n] = $2; if (n == 1) first = $2 }
        $1 == "beside" { b++; bname[b] = $4; bstart[b] = $2; bend[b] = $3 }
        $1 == "end" { end = $2; status = $3 }
        END {
            if (n == 0) exit
            printf "== phase times (minutes:seconds)%s\n", status == 0 ? "" : ", failed"
            for (i = 1; i <= n; i++) {
                stop = i < n ? start[i + 1] : end
                mark = (i == n && status != 0) ? "   FAILED here (exit " status ")" : ""
                printf "  %-64s %s%s\n", name[i], minutes(stop - start[i]), mark
            }
            for (i = 1; i <= b; i++)
                printf "  %-64s %s   (beside the phases above, from minute %.1f)\n", bname[i],
                    minutes(bend[i] - bstart[i]), (bstart[i] - first) / 60
            printf "  %-64s %s\n", "total", minutes(end - first)
        }' "$DROPSIZE_PHASE_LOG"
    rm -f "$DROPSIZE_PHASE_LOG"
}
