#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The command line as the 4 tasks of a Slurm job array, on a one-node cluster this test starts on
# localhost (tests/cluster/cluster.sh): each task runs one shard of a manifest, with the index
# Slurm gives it (--shard auto/4). Checks that every task ends as it should (1 where the damaged
# file is, 0 elsewhere), that the union of the outputs is byte for byte a single run's, each
# written once, and that the merged report agrees with that run. Then two tasks end midway: one
# killed (SIGKILL: no report, the merge says it is missing) and one cancelled with scancel
# (SIGTERM: exit 75, its report says what is left, the merge says it is unfinished). Running
# those two indices again finishes the job, byte for byte, skipping what they had written.
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

# One task of the array: a shard of the manifest, its index from Slurm. A task whose index is in
# PAUSE_INDEXES runs on one thread and is stopped (SIGSTOP) right after its first output is
# written, so that the test can end it midway however fast the machine is.
task=$WORK/task.sh
{
    echo '#!/usr/bin/env bash'
    printf 'args=(%q' "$CLI"
    printf ' %q' "${SCALE_SETTINGS[@]}" --files-from "$LIST" --root "$TREE" --output "$OUT" \
        --shard "auto/$SCALE_SHARDS" --report "$REPORTS"
    echo ')'
    printf 'work=%q\n' "$WORK"
    cat <<'EOF'
if [[ " ${PAUSE_INDEXES:-} " == *" $SLURM_ARRAY_TASK_ID "* ]]; then
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
                echo "$cli" >"$work/pid-$SLURM_ARRAY_TASK_ID"
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

# 2. Two tasks ended midway, then run again: task 1's program killed (SIGKILL, as the OOM
# killer or a lost node would: no report), task 2 cancelled with scancel (SIGTERM, as for a
# preempted task: it stops, exits 75 and its report says what is left).
lost=1
cancelled=2
scale_clear
t=$(scale_now)
job=$(cluster_submit "$task" --array=0-3 --export=ALL,PAUSE_INDEXES="$lost $cancelled")
for i in $lost $cancelled; do
    for ((n = 0; n < 600; n++)); do
        [[ -f $WORK/paused-$i ]] && break
        [[ -n $(cluster_client squeue -h -j "${job}_$i" -o %i 2>/dev/null) ]] ||
            cluster_fail "task $i ended before it could be stopped midway"
        sleep 0.1
    done
    [[ -f $WORK/paused-$i ]] || cluster_fail "task $i wrote no output in 60 s"
    first=$(sed -n 's/.*"status":"ok","input":"[^"]*","output":"\([^"]*\)".*/\1/p' \
        "$WORK/paused-$i")
    [[ -n $first && -f $first ]] || cluster_fail "task $i's first output is not there: '$first'"
done
lost_pid=$(cat "$WORK/pid-$lost")
kill -KILL "$lost_pid"
cluster_client scancel "${job}_$cancelled"
cluster_wait_job "$job" 90
cluster_note "array job $job, task $lost killed and task $cancelled cancelled: $(scale_since "$t") s"
# The killed program's task fails with its status (137); a cancelled task's status is whatever
# the signal left, so only its state is checked.
{
    for i in 0 1 2 3; do
        if ((i == lost)); then
            echo "$i FAILED 137"
        elif ((i == cancelled)); then
            echo "$i CANCELLED"
        else
            expected_states "$i"
        fi
    done
} >"$WORK/expected-states"
got=$(cluster_task_states "$job" | awk -v k="$cancelled" '$1 == k { print $1, $2; next } { print }')
[[ $got == "$(cat "$WORK/expected-states")" ]] ||
    cluster_fail "job $job's tasks: expected $(cat "$WORK/expected-states"), got $got"
scale_expect "the cancelled shard's exit status (SIGTERM: 75, run it again)" \
    "$(cat "$WORK/exit-$cancelled" 2>/dev/null)" 75
[[ ! -e $REPORTS/shard-$lost-of-$SCALE_SHARDS.jsonl ]] ||
    cluster_fail "the killed shard $lost has a report: $(tail -n 1 \
        "$REPORTS/shard-$lost-of-$SCALE_SHARDS.jsonl")"
last=$(tail -n 1 "$REPORTS/shard-$cancelled-of-$SCALE_SHARDS.jsonl" 2>/dev/null) ||
    cluster_fail "the cancelled shard $cancelled wrote no report"
[[ $last == *'"event":"shard-finished"'* ]] ||
    cluster_fail "the cancelled shard's report does not end with shard-finished: $last"
scale_expect "the cancelled shard's report: exit" "$(scale_json_number exit "$last")" 75
(($(scale_json_number left "$last") > 0)) ||
    cluster_fail "the cancelled shard's report says no file is left: $last"
rc=0
merged=$("$CLI" --merge-reports "$REPORTS" --json) || rc=$?
scale_expect "--merge-reports' exit status, a shard missing and one unfinished" "$rc" 75
scale_expect "merged: missing" "$(scale_json_list missing "$merged")" "$lost"
scale_expect "merged: unfinished" "$(scale_json_list unfinished "$merged")" "$cancelled"
rc=0
text=$("$CLI" --merge-reports "$REPORTS" 2>&1) || rc=$?
scale_expect "--merge-reports' exit status (text)" "$rc" 75
grep -q "missing: shard $lost\b" <<<"$text" ||
    cluster_fail "--merge-reports does not say that shard $lost is missing: $text"
grep -q "unfinished: shard $cancelled\b" <<<"$text" ||
    cluster_fail "--merge-reports does not say that shard $cancelled is unfinished: $text"

# What the two tasks had written: the outputs that the two whole shards did not.
scale_ok_outputs()
{
    sed -n 's/.*"status":"\(ok\|skipped\)","input":"[^"]*","output":"\([^"]*\)".*/\1 \2/p' "$@" |
        awk '$1 == "ok" { print $2 }' | sed "s|^$OUT/||" | LC_ALL=C sort
}
whole=()
for i in 0 1 2 3; do
    ((i == lost || i == cancelled)) || whole+=("$REPORTS/shard-$i-of-$SCALE_SHARDS.jsonl")
done
scale_ok_outputs "${whole[@]}" >"$WORK/others-done.txt"
(cd "$OUT" && find . -type f ! -name '.dropsize-output*' | sed 's|^\./||' | LC_ALL=C sort) \
    >"$WORK/all-done.txt"
LC_ALL=C comm -13 "$WORK/others-done.txt" "$WORK/all-done.txt" >"$WORK/killed-done.txt"
done_before=$(wc -l <"$WORK/killed-done.txt")
parts=$(($(wc -l <"$WORK/shard-$lost.txt") + $(wc -l <"$WORK/shard-$cancelled.txt")))
((done_before >= 2 && done_before < parts)) ||
    cluster_fail "the two tasks ended midway had written $done_before of their $parts outputs"
# The killed run's report temporary stays (named after this machine and its process) until the
# shard's next run, which removes it, as the outputs' next runs remove theirs (checked below).
shopt -s nullglob
dead=("$REPORTS/.shard-$lost-of-$SCALE_SHARDS.jsonl.dropsize-"*"-$lost_pid-"*".tmp")
shopt -u nullglob
scale_expect "report temporaries of the killed run" "${#dead[@]}" 1

t=$(scale_now)
job=$(cluster_submit "$task" --array="$lost,$cancelled")
cluster_wait_job "$job" 90
cluster_note "tasks $lost and $cancelled run again (job $job): $(scale_since "$t") s"
expected_states "$lost" "$cancelled" | check_tasks "$job"
scale_check_outputs
scale_check_reports "$done_before"
grep -h '"status":"skipped"' "$REPORTS/shard-$lost-of-$SCALE_SHARDS.jsonl" \
    "$REPORTS/shard-$cancelled-of-$SCALE_SHARDS.jsonl" |
    sed -n 's/.*"status":"skipped","input":"[^"]*","output":"\([^"]*\)".*/\1/p' |
    sed "s|^$OUT/||" | LC_ALL=C sort >"$WORK/skipped.txt"
cmp -s "$WORK/skipped.txt" "$WORK/killed-done.txt" ||
    cluster_fail "the re-run skipped $(wc -l <"$WORK/skipped.txt") outputs, not the" \
        "$done_before the two tasks had written"
cluster_note "re-run of tasks $lost and $cancelled: complete, identical, skipped the $done_before outputs done"
cluster_note "PASS in $(scale_since "$t_all") s"
