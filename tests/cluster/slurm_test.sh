#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The command line as the 4 tasks of a Slurm job array, on a one-node cluster this test starts on
# localhost (tests/cluster/cluster.sh): each task runs one shard of a manifest, with the index
# Slurm gives it (--shard auto/4). Checks that every task ends as it should (1 where the damaged
# file is, 0 elsewhere), that the union of the outputs is byte for byte a single run's, each
# written once, and that the merged report agrees with that run. Then one task is cancelled
# midway: its report is missing, the merge says so (75), and re-running that index alone
# finishes the job, skipping what the cancelled task had written.
#
#     tests/cluster/slurm_test.sh CLI_PATH [MAKE_SAMPLES_PATH]
#
# Root only; fails (does not skip) when Slurm, munge or GNU parallel are missing.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=tests/cluster/cluster.sh
source "$here/cluster.sh"

[[ $# -ge 1 ]] || cluster_fail "usage: $0 CLI_PATH [MAKE_SAMPLES_PATH]"
cli_path=$(realpath "$1")
cluster_require_tools
t_all=$(scale_now)
scale_setup "$cli_path" "${2:-}"
t=$(scale_now)
cluster_start
cluster_note "cluster up: $(scale_since "$t") s"

# One task of the array: a shard of the manifest, its index from Slurm. With PAUSE_INDEX set, that
# task runs on one thread and is stopped (SIGSTOP) right after its first output is written, so
# that the test can cancel it midway however fast the machine is.
task=$WORK/task.sh
{
    echo '#!/usr/bin/env bash'
    printf 'args=(%q' "$CLI"
    printf ' %q' "${SCALE_SETTINGS[@]}" --files-from "$LIST" --root "$TREE" --output "$OUT" \
        --shard "auto/$SCALE_SHARDS" --report "$REPORTS"
    echo ')'
    printf 'work=%q\n' "$WORK"
    cat <<'EOF'
if [[ $SLURM_ARRAY_TASK_ID == "${PAUSE_INDEX:-none}" ]]; then
    events=$work/events-$SLURM_ARRAY_TASK_ID
    mkfifo "$events"
    "${args[@]}" --threads 1 --json >"$events" &
    cli=$!
    # This script keeps reading the events when Slurm's SIGTERM comes: the program must stop
    # for the signal, not for a closed pipe.
    trap '' TERM
    {
        while IFS= read -r line; do
            if [[ $line == *'"event":"job-finished"'*'"status":"ok"'* ]]; then
                kill -STOP "$cli"
                echo "$line" >"$work/paused-$SLURM_ARRAY_TASK_ID"
                break
            fi
        done
        cat >/dev/null
    } <"$events"
    status=0
    wait "$cli" || status=$?
    echo "$status" >"$work/exit-$SLURM_ARRAY_TASK_ID"
    exit "$status"
fi
exec "${args[@]}"
EOF
} >"$task"
chmod 755 "$task"

# Fails unless each task of job $1 ended as expected: "INDEX STATE EXIT" lines on stdin.
check_tasks()
{
    local job=$1 expected got
    expected=$(cat)
    got=$(cluster_task_states "$job")
    if [[ $got != "$expected" ]]; then
        echo "expected (index, state, exit status):" >&2
        echo "$expected" >&2
        echo "got:" >&2
        echo "$got" >&2
        cluster_fail "job $job's tasks did not end as expected"
    fi
}

# What every task of a whole run should end as.
expected_states()
{
    local i code
    for i in "$@"; do
        code=$(scale_expected_exit "$i")
        if ((code == 0)); then echo "$i COMPLETED 0"; else echo "$i FAILED $code"; fi
    done
}

# 1. The whole job as an array of 4.
scale_clear
t=$(scale_now)
job=$(cluster_submit "$task" --array=0-3)
cluster_wait_job "$job" 90
cluster_note "array job $job (4 shards): $(scale_since "$t") s"
expected_states 0 1 2 3 | check_tasks "$job"
scale_check_outputs
scale_check_reports 0
cluster_note "array job: outputs identical to the reference, merged report agrees"

# 2. Task 2 cancelled midway (scancel, as for a preempted or lost node), then run again alone.
killed=2
scale_clear
t=$(scale_now)
job=$(cluster_submit "$task" --array=0-3 --export=ALL,PAUSE_INDEX=$killed)
for ((i = 0; i < 600; i++)); do
    [[ -f $WORK/paused-$killed ]] && break
    [[ -n $(cluster_client squeue -h -j "${job}_$killed" -o %i 2>/dev/null) ]] ||
        cluster_fail "task $killed ended before it could be stopped midway"
    sleep 0.1
done
[[ -f $WORK/paused-$killed ]] || cluster_fail "task $killed wrote no output in 60 s"
first=$(sed -n 's/.*"status":"ok","input":"[^"]*","output":"\([^"]*\)".*/\1/p' \
    "$WORK/paused-$killed")
[[ -n $first && -f $first ]] || cluster_fail "task $killed's first output is not there: '$first'"
cluster_client scancel "${job}_$killed"
cluster_wait_job "$job" 90
cluster_note "array job $job with task $killed cancelled: $(scale_since "$t") s"
{
    for i in 0 1 2 3; do
        if ((i == killed)); then echo "$i CANCELLED"; else expected_states "$i"; fi
    done
} >"$WORK/expected-states"
# A cancelled task's exit status is the signal's, which Slurm reports one way or another: only
# its state is checked.
got=$(cluster_task_states "$job" | awk -v k="$killed" '$1 == k { print $1, $2; next } { print }')
[[ $got == "$(cat "$WORK/expected-states")" ]] ||
    cluster_fail "job $job's tasks: expected $(cat "$WORK/expected-states"), got $got"
[[ -f $WORK/exit-$killed ]] || cluster_fail "task $killed's program did not end by itself"
scale_expect "the cancelled shard's exit status (SIGTERM: 75, retry)" "$(cat "$WORK/exit-$killed")" 75
[[ ! -e $REPORTS/shard-$killed-of-$SCALE_SHARDS.jsonl ]] ||
    cluster_fail "the cancelled shard $killed has a report: $(tail -n 1 \
        "$REPORTS/shard-$killed-of-$SCALE_SHARDS.jsonl")"
rc=0
merged=$("$CLI" --merge-reports "$REPORTS" --json) || rc=$?
scale_expect "--merge-reports' exit status with shard $killed missing" "$rc" 75
scale_expect "merged: missing" "$(scale_json_list missing "$merged")" "$killed"
rc=0
text=$("$CLI" --merge-reports "$REPORTS" 2>&1) || rc=$?
scale_expect "--merge-reports' exit status (text)" "$rc" 75
grep -qi "missing.*$killed\|$killed.*missing" <<<"$text" ||
    cluster_fail "--merge-reports does not say that shard $killed is missing: $text"

# What the cancelled task had written: the outputs no other shard reported.
# shellcheck disable=SC2046 # the reports' names
sed -n 's/.*"status":"ok","input":"[^"]*","output":"\([^"]*\)".*/\1/p' \
    "$REPORTS"/shard-*.jsonl | sed "s|^$OUT/||" | LC_ALL=C sort >"$WORK/others-done.txt"
(cd "$OUT" && find . -type f ! -name '.dropsize-output*' | sed 's|^\./||' | LC_ALL=C sort) \
    >"$WORK/all-done.txt"
LC_ALL=C comm -13 "$WORK/others-done.txt" "$WORK/all-done.txt" >"$WORK/killed-done.txt"
done_before=$(wc -l <"$WORK/killed-done.txt")
((done_before >= 1)) || cluster_fail "no output of the cancelled task $killed is there"
((done_before < $(wc -l <"$WORK/shard-$killed.txt"))) ||
    cluster_fail "the cancelled task $killed had written all its outputs"
left=$(scale_temporaries "$OUT")
[[ -z $left ]] || cluster_note "temporaries of the cancelled task: $left"

t=$(scale_now)
job=$(cluster_submit "$task" --array=$killed)
cluster_wait_job "$job" 90
cluster_note "task $killed run again (job $job): $(scale_since "$t") s"
expected_states "$killed" | check_tasks "$job"
scale_check_outputs
scale_check_reports "$done_before"
grep '"status":"skipped"' "$REPORTS/shard-$killed-of-$SCALE_SHARDS.jsonl" |
    sed -n 's/.*"status":"skipped","input":"[^"]*","output":"\([^"]*\)".*/\1/p' |
    sed "s|^$OUT/||" | LC_ALL=C sort >"$WORK/skipped.txt"
cmp -s "$WORK/skipped.txt" "$WORK/killed-done.txt" ||
    cluster_fail "the re-run skipped $(wc -l <"$WORK/skipped.txt") outputs, not the" \
        "$done_before the cancelled task had written"
cluster_note "re-run of task $killed: complete, identical, skipped the $done_before outputs done"
cluster_note "PASS in $(scale_since "$t_all") s"
