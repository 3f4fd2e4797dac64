#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The command line as 4 shards under GNU parallel (parallel ... --shard {}/4 ::: 0 1 2 3), as a
# --sshloginfile run would start them on other machines: each shard ends as it should (1 where
# the damaged file is, 0 elsewhere), the union of the outputs is byte for byte a single run's,
# each written once, and the merged report agrees with that run. Then the exit statuses an
# engine acts on: 2 for a shard that does not exist (--shard 4/4) or an index the environment
# does not give, the index taken from Kubernetes' and AWS Batch's variables, and 75 (retry)
# for a shard stopped by SIGTERM midway, whose report says what it left; run again, it does
# the rest and skips what it had written.
#
#     tests/cluster/parallel_test.sh CLI_PATH [MAKE_SAMPLES_PATH]
#
# Fails (does not skip) when GNU parallel is missing.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=tests/cluster/cluster.sh
source "$here/cluster.sh"

[[ $# -ge 1 ]] || cluster_fail "usage: $0 CLI_PATH [MAKE_SAMPLES_PATH]"
cli_path=$(realpath "$1")
command -v parallel >/dev/null ||
    cluster_fail "GNU parallel is missing: install the Debian package parallel (bash .ci/setup)"
parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
    cluster_fail "'parallel' is not GNU parallel (moreutils' has the same name)"
t_all=$(scale_now)
scale_setup "$cli_path" "${2:-}"

# 1. The 4 shards at once. --joblog records each one's exit status.
scale_clear
t=$(scale_now)
rc=0
parallel --will-cite -q --jobs "$SCALE_SHARDS" --joblog "$WORK/joblog" \
    "$CLI" "${SCALE_SETTINGS[@]}" --files-from "$LIST" --root "$TREE" --output "$OUT" \
    --shard "{}/$SCALE_SHARDS" --report "$REPORTS" ::: 0 1 2 3 >"$WORK/parallel.log" 2>&1 || rc=$?
cluster_note "GNU parallel, 4 shards: $(scale_since "$t") s"
# parallel's own status is the number of commands that failed: the damaged file's shard.
scale_expect "parallel's exit status" "$rc" 1
# The joblog's columns: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command.
got=$(awk 'NR > 1 { match($0, /--shard [0-9]+/); print substr($0, RSTART + 8, RLENGTH - 8), $7, $8 }' \
    "$WORK/joblog" | sort -n)
expected=$(for i in 0 1 2 3; do echo "$i $(scale_expected_exit "$i") 0"; done)
[[ $got == "$expected" ]] ||
    cluster_fail "the shards' exit statuses (shard, status, signal): expected $expected, got $got"
scale_check_outputs
scale_check_reports 0
cluster_note "GNU parallel: outputs identical to the reference, merged report agrees"

# 2. The exit statuses.
no_engine=(env -u SLURM_ARRAY_TASK_ID -u SLURM_ARRAY_TASK_COUNT -u JOB_COMPLETION_INDEX
    -u AWS_BATCH_JOB_ARRAY_INDEX)
rc=0
"${no_engine[@]}" "$CLI" "${SCALE_SETTINGS[@]}" --files-from "$LIST" --root "$TREE" \
    --output "$WORK/none" --shard 4/4 2>>"$WORK/usage.log" || rc=$?
scale_expect "--shard 4/4's exit status (usage: no shard 4 of 4)" "$rc" 2
[[ ! -e $WORK/none ]] || cluster_fail "--shard 4/4 wrote outputs"
rc=0
"${no_engine[@]}" "$CLI" "${SCALE_SETTINGS[@]}" --list --files-from "$LIST" --root "$TREE" \
    --shard auto/4 >/dev/null 2>>"$WORK/usage.log" || rc=$?
scale_expect "--shard auto/4's exit status with no engine's index" "$rc" 2
for engine in JOB_COMPLETION_INDEX=1 AWS_BATCH_JOB_ARRAY_INDEX=3 SLURM_ARRAY_TASK_ID=2; do
    i=${engine#*=}
    "${no_engine[@]}" "$engine" "$CLI" "${SCALE_SETTINGS[@]}" --list --files-from "$LIST" \
        --root "$TREE" --shard auto/4 >"$WORK/auto.txt" || cluster_fail "$engine --shard auto/4 failed"
    cmp -s "$WORK/auto.txt" "$WORK/shard-$i.txt" ||
        cluster_fail "$engine --shard auto/4 did not list shard $i/4"
done
# Slurm's count too: --shard auto.
"${no_engine[@]}" SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=4 "$CLI" "${SCALE_SETTINGS[@]}" \
    --list --files-from "$LIST" --root "$TREE" --shard auto >"$WORK/auto.txt" ||
    cluster_fail "--shard auto under Slurm's variables failed"
cmp -s "$WORK/auto.txt" "$WORK/shard-3.txt" || cluster_fail "--shard auto did not list shard 3/4"

# SIGTERM midway: one shard on one thread, stopped (SIGSTOP) after its first output so that the
# signal lands midway however fast the machine is, then SIGTERM and SIGCONT.
scale_clear
mkfifo "$WORK/events"
shard=$(((BAD_SHARD + 1) % SCALE_SHARDS)) # one that has no failure of its own
"$CLI" "${SCALE_SETTINGS[@]}" --files-from "$LIST" --root "$TREE" --output "$OUT" \
    --shard "$shard/$SCALE_SHARDS" --report "$REPORTS" --threads 1 --json >"$WORK/events" \
    2>"$WORK/stopped.log" &
cli=$!
# Killed if the test fails before it ends; never once waited for (its PID may be reused).
stopped_cli=$cli
# shellcheck disable=SC2016 # expanded when the trap runs
cluster_on_exit '[[ -z $stopped_cli ]] || kill -KILL "$stopped_cli" 2>/dev/null || true' 
exec 3<"$WORK/events"
stopped=""
while IFS= read -r line <&3; do
    if [[ $line == *'"event":"job-finished"'*'"status":"ok"'* ]]; then
        kill -STOP "$cli"
        stopped=$line
        break
    fi
done
[[ -n $stopped ]] || cluster_fail "shard $shard wrote no output before it ended"
cat <&3 >/dev/null &
drain=$!
kill -TERM "$cli"
kill -CONT "$cli"
rc=0
wait "$cli" || rc=$?
# shellcheck disable=SC2034 # read by the exit trap
stopped_cli=""
wait "$drain" || true
exec 3<&-
scale_expect "a shard's exit status after SIGTERM midway (75: retry it)" "$rc" 75
report=$REPORTS/shard-$shard-of-$SCALE_SHARDS.jsonl
last=$(tail -n 1 "$report" 2>/dev/null) || cluster_fail "the stopped shard wrote no report"
[[ $last == *'"event":"shard-finished"'* ]] ||
    cluster_fail "the stopped shard's report does not end with shard-finished: $last"
scale_expect "the stopped shard's report: exit" "$(scale_json_number exit "$last")" 75
done_count=$(scale_hashes "$OUT" | wc -l)
size=$(wc -l <"$WORK/shard-$shard.txt")
((done_count >= 1 && done_count < size)) ||
    cluster_fail "shard $shard stopped with $done_count of its $size outputs: not midway"
scale_expect "the stopped shard's report: left" "$(scale_json_number left "$last")" \
    "$((size - done_count))"
left=$(scale_temporaries "$OUT" "$REPORTS")
[[ -z $left ]] || cluster_fail "temporaries left after SIGTERM: $left"
rc=0
"$CLI" "${SCALE_SETTINGS[@]}" --files-from "$LIST" --root "$TREE" --output "$OUT" \
    --shard "$shard/$SCALE_SHARDS" --report "$REPORTS" >"$WORK/rerun.log" 2>&1 || rc=$?
scale_expect "the stopped shard's exit status, run again" "$rc" 0
last=$(tail -n 1 "$report")
scale_expect "the shard run again: skipped" "$(scale_json_number skipped "$last")" "$done_count"
scale_expect "the shard run again: ok" "$(scale_json_number ok "$last")" "$((size - done_count))"
scale_expect "the shard run again: skipped lines that say output exists" \
    "$(grep '"status":"skipped"' "$report" | grep -c 'output exists')" "$done_count"
cluster_note "SIGTERM midway: exit 75 with $done_count of $size done; run again: the rest, 0"
cluster_note "PASS in $(scale_since "$t_all") s"
