# shellcheck shell=bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# Helpers for the scale-out tests, sourced (bash): a one-node Slurm cluster on localhost that the
# test starts and stops itself, and the checks the tests share.
#
#     source tests/cluster/cluster.sh
#     cluster_require_tools          # fails loudly unless root with slurm, munge and parallel
#     cluster_start                  # munged, slurmctld, slurmd; returns when the node is idle
#     sbatch ...                     # the clients find the cluster through SLURM_CONF
#     (cluster_stop runs from the EXIT trap that cluster_start sets)
#
# Everything the cluster needs lives in one temporary folder (CLUSTER_DIR): its own munge key,
# socket and log, slurm.conf, the controller's state, the node's spool, pidfiles and logs; the
# ports are free ones picked at start. So a test run leaves nothing behind in /etc, /run or
# /var, and does not disturb a munged or Slurm that the machine runs for itself. Only the
# daemons started here are stopped, by the PIDs their pidfiles gave, and only while that PID
# is still the same program.
#
# Why the settings: docs in ../shared/docs/slurm-one-node.md (checked on Debian 12's slurm-wlm
# 22.05 and munge 0.5.15). Set CLUSTER_KEEP=1 to keep the folder after the test.

CLUSTER_DIR=""
CLUSTER_HOST=""
CLUSTER_PIDS=() # "pid:program" of each daemon started here
CLUSTER_TEST_TRAPS=() # commands the test adds (cluster_on_exit), run before the cluster stops

cluster_fail()
{
    echo "FAIL: $*" >&2
    exit 1
}

cluster_note()
{
    echo "-- $*" >&2
}

# Root, and every program the tests run. Missing ones fail the test, with what to install: a
# scale-out test that quietly skips proves nothing.
cluster_require_tools()
{
    if [[ $(id -u) -ne 0 ]]; then
        cluster_fail "the cluster tests start munged, slurmctld and slurmd and must run as root" \
            "(they are off unless DROPSIZE_CLUSTER_TESTS=ON)"
    fi
    local missing=()
    local p
    for p in munged munge unmunge slurmctld slurmd sbatch squeue scontrol sinfo scancel parallel \
        sha256sum runuser; do
        command -v "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if ((${#missing[@]} > 0)); then
        cluster_fail "missing: ${missing[*]}; install the Debian packages slurm-wlm, munge and" \
            "parallel (bash .ci/setup does: apt-get install --no-install-recommends slurm-wlm" \
            "munge parallel)"
    fi
    id munge >/dev/null 2>&1 || cluster_fail "no user munge: reinstall the package munge"
    id slurm >/dev/null 2>&1 || cluster_fail "no user slurm: reinstall the package slurm-wlm"
}

# A TCP port on 127.0.0.1 that nothing listens on, from a range away from the usual ones.
cluster_free_port()
{
    local tries port
    for ((tries = 0; tries < 200; tries++)); do
        port=$((20000 + RANDOM % 20000))
        # A refused connection means nothing listens there.
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    cluster_fail "no free TCP port found for the cluster"
}

# Runs a command with a timeout in seconds; used for every client call, so that a daemon that
# does not answer fails the test instead of hanging it.
cluster_client()
{
    timeout 20 "$@"
}

# Prints the daemons' logs (on failure).
cluster_print_logs()
{
    local f
    for f in "$CLUSTER_DIR"/munge/munged.log "$CLUSTER_DIR"/log/*.log; do
        [[ -f $f ]] || continue
        echo "===== $f (last 60 lines)" >&2
        tail -n 60 "$f" >&2
    done
}

# Waits until the file $1 exists and holds a PID; prints the PID. $2: a name for the message.
cluster_wait_pidfile()
{
    local file=$1 name=$2 i
    for ((i = 0; i < 200; i++)); do
        if [[ -s $file ]]; then
            local pid
            pid=$(tr -dc '0-9' <"$file")
            if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
                echo "$pid"
                return 0
            fi
        fi
        sleep 0.05
    done
    cluster_print_logs
    cluster_fail "$name did not start (no live PID in $file after 10 s)"
}

# Remembers a daemon this test started: its PID and the program it runs now, so that cluster_stop
# never signals a PID that has been reused by another program.
cluster_remember()
{
    local pid=$1 program
    program=$(readlink "/proc/$pid/exe" 2>/dev/null) || program=""
    CLUSTER_PIDS+=("$pid:$program")
}

cluster_start()
{
    CLUSTER_HOST=$(hostname -s)
    [[ -n $CLUSTER_HOST ]] || cluster_fail "hostname -s gives no name"
    CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/dropsize-cluster.XXXXXX")
    # The daemons run as munge and slurm: they need to reach their folders in here.
    chmod 755 "$CLUSTER_DIR"
    cluster_install_trap

    local d=$CLUSTER_DIR
    mkdir -p "$d/munge" "$d/state" "$d/spool" "$d/run" "$d/log" "$d/jobs"
    chmod 755 "$d/munge" "$d/run" "$d/log" "$d/spool"
    chmod 777 "$d/jobs" # the tasks' output files (-o), whoever runs them
    # munged refuses a key, socket or log folder that others could write, and a key that others
    # can read: all of it belongs to munge. A key of our own, so that none is needed in /etc.
    head -c 1024 /dev/urandom >"$d/munge/munge.key"
    chmod 400 "$d/munge/munge.key"
    chown -R munge:munge "$d/munge"
    chown slurm:slurm "$d/state" "$d/log" "$d/run"
    chmod 700 "$d/state"

    local ctld_port node_port
    ctld_port=$(cluster_free_port)
    node_port=$(cluster_free_port)
    while [[ $node_port == "$ctld_port" ]]; do node_port=$(cluster_free_port); done

    # The node as slurmd sees this machine (the first line of slurmd -C; the second is the
    # uptime) for its memory, with the address that keeps every daemon and client off name
    # resolution. At least 4 CPUs, so that the 4 tasks of an array run at once whatever the
    # machine (a task stopped midway keeps its CPU): config_overrides lets slurmd take more CPUs
    # than it finds.
    local node_line memory cpus
    node_line=$(slurmd -C | head -n 1)
    [[ $node_line == NodeName=* ]] || cluster_fail "slurmd -C gave no node line: $node_line"
    memory=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$node_line")
    cpus=$(nproc)
    ((cpus >= 4)) || cpus=4
    node_line="NodeName=$CLUSTER_HOST NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=${memory:-1000}"
    node_line+=" State=UNKNOWN"

    cat >"$d/slurm.conf" <<EOF
# Written by tests/cluster/cluster.sh for one test run.
ClusterName=dropsize-test
SlurmctldHost=$CLUSTER_HOST(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=slurm
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge/munge.socket
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/run/slurmctld.pid
SlurmdPidFile=$d/run/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$d/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SchedulerParameters=batch_sched_delay=0
SlurmdParameters=config_overrides
# A cancelled task gets SIGTERM, then SIGKILL this many seconds later (30 by default).
KillWait=5
$node_line
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    : >"$d/plugstack.conf" # none of the system's SPANK plugins
    chmod 644 "$d/slurm.conf" "$d/plugstack.conf"
    export SLURM_CONF=$d/slurm.conf

    runuser -u munge -- munged --force --socket="$d/munge/munge.socket" \
        --key-file="$d/munge/munge.key" --pid-file="$d/munge/munged.pid" \
        --log-file="$d/munge/munged.log" --seed-file="$d/munge/munged.seed" ||
        { cluster_print_logs; cluster_fail "munged did not start"; }
    cluster_remember "$(cluster_wait_pidfile "$d/munge/munged.pid" munged)"
    if ! munge -n -S "$d/munge/munge.socket" | unmunge -S "$d/munge/munge.socket" >/dev/null; then
        cluster_print_logs
        cluster_fail "munge does not work: munge -n | unmunge failed"
    fi

    slurmctld -f "$d/slurm.conf" || { cluster_print_logs; cluster_fail "slurmctld did not start"; }
    cluster_remember "$(cluster_wait_pidfile "$d/run/slurmctld.pid" slurmctld)"
    slurmd -f "$d/slurm.conf" || { cluster_print_logs; cluster_fail "slurmd did not start"; }
    cluster_remember "$(cluster_wait_pidfile "$d/run/slurmd.pid" slurmd)"

    local i state=""
    for ((i = 0; i < 300; i++)); do
        state=$(cluster_client sinfo -h -n "$CLUSTER_HOST" -o %T 2>/dev/null || true)
        [[ $state == idle ]] && break
        sleep 0.1
    done
    if [[ $state != idle ]]; then
        cluster_print_logs
        cluster_fail "the node $CLUSTER_HOST is not idle after 30 s (sinfo says '${state}')"
    fi
    cluster_note "cluster up in $CLUSTER_DIR (node $CLUSTER_HOST, ports $ctld_port/$node_port)"
}

# The clean-up at exit, also when a check fails or the test is interrupted.
cluster_install_trap()
{
    trap cluster_exit_trap EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# A command for the EXIT trap, run before the cluster stops (the test's own clean-up).
cluster_on_exit()
{
    CLUSTER_TEST_TRAPS+=("$1")
}

cluster_exit_trap()
{
    local status=$?
    if ((status != 0)) && [[ -n $CLUSTER_DIR ]]; then
        cluster_print_logs
        local f
        for f in "$CLUSTER_DIR"/jobs/*; do
            [[ -f $f ]] || continue
            echo "===== $f" >&2
            tail -n 30 "$f" >&2
        done
    fi
    if ((status != 0)) && [[ -n ${WORK:-} ]]; then
        local f
        for f in "$WORK"/*.log; do
            [[ -f $f ]] || continue
            echo "===== $f (last 30 lines)" >&2
            tail -n 30 "$f" >&2
        done
    fi
    cluster_stop
    # The test's clean-up after the cluster's: no task writes into its folders any more.
    local t
    for t in "${CLUSTER_TEST_TRAPS[@]}"; do
        eval "$t" || true
    done
    exit "$status"
}

# Stops the daemons started here, newest first: SIGTERM, then SIGKILL after 10 s. A PID that
# runs another program by now (reused) is left alone.
cluster_stop()
{
    [[ -n $CLUSTER_DIR ]] || return 0
    # Jobs still there (a test that failed midway) would keep processes of their own.
    if ((${#CLUSTER_PIDS[@]} >= 2)); then
        timeout 10 scancel --full --quiet --user=root >/dev/null 2>&1 || true
    fi
    local i entry pid program now
    for ((i = ${#CLUSTER_PIDS[@]} - 1; i >= 0; i--)); do
        entry=${CLUSTER_PIDS[i]}
        pid=${entry%%:*}
        program=${entry#*:}
        now=$(readlink "/proc/$pid/exe" 2>/dev/null) || continue
        [[ $now == "$program" ]] || continue
        local t0=$SECONDS
        kill -TERM "$pid" 2>/dev/null || continue
        local n
        for ((n = 0; n < 200; n++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.05
        done
        if kill -0 "$pid" 2>/dev/null; then
            echo "-- $program ($pid) ignored SIGTERM for 10 s: SIGKILL" >&2
            kill -KILL "$pid" 2>/dev/null || true
        fi
        echo "-- stopped $program ($pid) in $((SECONDS - t0)) s" >&2
    done
    CLUSTER_PIDS=()
    if [[ ${CLUSTER_KEEP:-0} == 1 ]]; then
        cluster_note "kept $CLUSTER_DIR"
    else
        rm -rf "$CLUSTER_DIR"
    fi
    CLUSTER_DIR=""
}

# Submits a batch script ($1; the remaining arguments go to sbatch first) and prints the job id.
cluster_submit()
{
    local script=$1
    shift
    local id
    id=$(cluster_client sbatch --parsable --chdir="$CLUSTER_DIR/jobs" \
        -o "$CLUSTER_DIR/jobs/slurm-%A_%a.out" "$@" "$script") ||
        { cluster_print_logs; cluster_fail "sbatch refused the job"; }
    echo "${id%%;*}"
}

# Waits until the job $1 has left the queue (timeout $2 seconds, 60 by default).
cluster_wait_job()
{
    local id=$1 limit=${2:-60} i
    for ((i = 0; i < limit * 10; i++)); do
        if [[ -z $(cluster_client squeue -h -j "$id" -o %i 2>/dev/null) ]]; then
            return 0
        fi
        sleep 0.1
    done
    cluster_client squeue -j "$id" >&2 || true
    cluster_fail "job $id still in the queue after $limit s"
}

# "INDEX STATE EXIT" for each task of the array job $1, sorted by index (EXIT is the task's
# exit status, or 128+signal when a signal ended it).
cluster_task_states()
{
    cluster_client scontrol -o show job "$1" | while read -r line; do
        local index state code
        index=$(sed -n 's/.* ArrayTaskId=\([0-9]*\) .*/\1/p' <<<"$line")
        state=$(sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' <<<"$line")
        code=$(sed -n 's/.* ExitCode=\([0-9]*\):\([0-9]*\) .*/\1 \2/p' <<<"$line")
        local status=${code% *} signal=${code#* }
        ((signal != 0)) && status=$((128 + signal))
        echo "$index $state $status"
    done | sort -n
}

# ---------------------------------------------------------------------------------------------
# The shards' run and checks, shared by slurm_test.sh and parallel_test.sh.
#
# scale_setup writes a tree of images (TREE), runs the whole batch once on this machine into REF
# (the reference), writes the manifest (LIST, by --list) and each shard's part of it
# (SHARD_LIST_i), and finds the shard that holds the damaged file (BAD_SHARD). The shards then
# run with the same settings (SCALE_SETTINGS) into OUT, with reports in REPORTS.

SCALE_SHARDS=4
SCALE_COUNT=${SCALE_COUNT:-300}
# PNG outputs: x.jpg and x.png in one folder then want the same output name.
SCALE_SETTINGS=(--format png --long-edge 160)

scale_now() { date +%s.%N; }
scale_since() { awk -v a="$1" -v b="$(scale_now)" 'BEGIN { printf "%.1f", b - a }'; }

# A number field of the one-line JSON object $2 ("total":12 -> 12); empty when absent.
scale_json_number()
{
    sed -n "s/.*\"$1\":\([0-9][0-9]*\).*/\1/p" <<<"$2"
}

# A list of numbers of the JSON object $2 ("missing":[1,3] -> "1 3"); "none" when absent.
scale_json_list()
{
    local v
    v=$(sed -n "s/.*\"$1\":\[\([0-9, ]*\)\].*/\1/p" <<<"$2")
    if ! grep -q "\"$1\":\[" <<<"$2"; then
        echo none
        return
    fi
    tr ',' ' ' <<<"$v" | xargs
}

# Fails unless $1 (what) equals $2 (expected); $3 says where.
scale_expect()
{
    [[ $2 == "$3" ]] || cluster_fail "$1: expected '$3', got '$2'"
}

# "sha256  path" of every output under $1, sorted by path; the folder's own marker files
# (.dropsize-output*) are not outputs.
scale_hashes()
{
    (cd "$1" && find . -type f ! -name '.dropsize-output*' -print0 | LC_ALL=C sort -z |
        xargs -0 -r sha256sum)
}

# Temporaries left under the folders given: the engine's (.dropsize-<pid>-<n>.tmp) and any
# other *.tmp (a report's before it is renamed).
scale_temporaries()
{
    find "$@" \( -name '*.tmp' -o -name '.dropsize-*' \) ! -name '.dropsize-output*' -print
}

# scale_setup CLI [MAKE_SAMPLES]: the program under test and the tree generator (by default
# beside it in the build folder: tests/tools/dropsize-make-samples).
scale_setup()
{
    CLI=$1
    local make=${2:-}
    [[ -x $CLI ]] || cluster_fail "usage: $0 CLI_PATH [MAKE_SAMPLES_PATH]; no program at '$CLI'"
    if [[ -z $make ]]; then
        make=$(dirname "$CLI")/../tests/tools/dropsize-make-samples
    fi
    [[ -x $make ]] || cluster_fail "no tree generator at '$make' (build dropsize-make-samples)"
    command -v sha256sum >/dev/null || cluster_fail "sha256sum (coreutils) is missing"

    WORK=$(mktemp -d "${TMPDIR:-/tmp}/dropsize-shards.XXXXXX")
    chmod 755 "$WORK"
    cluster_install_trap
    # shellcheck disable=SC2016 # expanded when the trap runs
    cluster_on_exit 'if [[ ${CLUSTER_KEEP:-0} == 1 ]]; then cluster_note "kept $WORK"; else rm -rf "$WORK"; fi'
    TREE=$WORK/tree
    REF=$WORK/reference
    LIST=$WORK/list.txt
    OUT=$WORK/out
    REPORTS=$WORK/reports

    local t0
    t0=$(scale_now)
    "$make" --tree "$TREE" "$SCALE_COUNT" >/dev/null || cluster_fail "the tree generator failed"
    cluster_note "tree of $SCALE_COUNT+ images: $(scale_since "$t0") s"

    # The reference: one run of the whole tree on this machine. The damaged file fails: 1.
    t0=$(scale_now)
    local rc=0
    "$CLI" "${SCALE_SETTINGS[@]}" --json --output "$REF" "$TREE" >"$WORK/reference.jsonl" || rc=$?
    scale_expect "the reference run's exit status" "$rc" 1
    REF_SUMMARY=$(grep '"event":"batch-finished"' "$WORK/reference.jsonl") ||
        cluster_fail "the reference run printed no batch-finished event"
    REF_TOTAL=$(scale_json_number total "$REF_SUMMARY")
    REF_OK=$(scale_json_number ok "$REF_SUMMARY")
    REF_FAILED=$(scale_json_number failed "$REF_SUMMARY")
    scale_expect "the reference run's failures (the damaged file)" "$REF_FAILED" 1
    REF_FILES=$(scale_hashes "$REF" | wc -l)
    scale_expect "the reference's files (one per image done)" "$REF_FILES" "$REF_OK"
    cluster_note "reference run, $REF_TOTAL images: $(scale_since "$t0") s"

    # The manifest, and each shard's part of it: disjoint, none empty, together the manifest.
    "$CLI" "${SCALE_SETTINGS[@]}" --list "$TREE" >"$LIST" || cluster_fail "--list failed"
    scale_expect "the manifest's lines (every image, not notes.txt)" "$(wc -l <"$LIST")" "$REF_TOTAL"
    LC_ALL=C sort -c "$LIST" 2>/dev/null || cluster_fail "the manifest is not sorted"
    grep -qx 'a/b/bad.jpg' "$LIST" || cluster_fail "the manifest lacks a/b/bad.jpg (relative paths?)"
    grep -q 'notes.txt' "$LIST" && cluster_fail "the manifest lists notes.txt, not an image"
    local i
    BAD_SHARD=""
    : >"$WORK/shards-union.txt"
    for ((i = 0; i < SCALE_SHARDS; i++)); do
        "$CLI" "${SCALE_SETTINGS[@]}" --list --files-from "$LIST" --root "$TREE" \
            --shard "$i/$SCALE_SHARDS" >"$WORK/shard-$i.txt" ||
            cluster_fail "--list --shard $i/$SCALE_SHARDS failed"
        [[ -s $WORK/shard-$i.txt ]] || cluster_fail "shard $i of $SCALE_SHARDS is empty"
        cat "$WORK/shard-$i.txt" >>"$WORK/shards-union.txt"
        if grep -qx 'a/b/bad.jpg' "$WORK/shard-$i.txt"; then
            [[ -z $BAD_SHARD ]] || cluster_fail "a/b/bad.jpg is in shards $BAD_SHARD and $i"
            BAD_SHARD=$i
        fi
    done
    [[ -n $BAD_SHARD ]] || cluster_fail "no shard holds a/b/bad.jpg"
    LC_ALL=C sort "$WORK/shards-union.txt" | cmp -s - "$LIST" ||
        cluster_fail "the shards' parts are not the manifest, each file once"
    cluster_note "manifest: $(wc -l <"$LIST") files; shard sizes $(wc -l "$WORK"/shard-?.txt |
        awk '!/total/ { printf "%s ", $1 }'); a/b/bad.jpg in shard $BAD_SHARD"
}

# The exit status a shard should have: 1 where the damaged file is, 0 elsewhere.
scale_expected_exit()
{
    if (($1 == BAD_SHARD)); then echo 1; else echo 0; fi
}

# Clears the shards' outputs and reports.
scale_clear()
{
    rm -rf "$OUT" "$REPORTS"
    mkdir -p "$OUT" "$REPORTS"
}

# The union of the shards' outputs is the reference, byte for byte, with no temporary left.
scale_check_outputs()
{
    if ! diff <(scale_hashes "$REF") <(scale_hashes "$OUT") >"$WORK/outputs.diff"; then
        head -n 40 "$WORK/outputs.diff" >&2
        cluster_fail "the shards' outputs differ from the reference run's ($(grep -c '^[<>]' \
            "$WORK/outputs.diff") lines of sha256sum differ, above)"
    fi
    local left
    left=$(scale_temporaries "$OUT" "$REPORTS" | grep -vxF -f <(printf '%s\n' \
        "${SCALE_DEAD_TEMPORARIES[@]}") || true)
    [[ -z $left ]] || cluster_fail "temporaries left: $left"
}

# Temporaries that may stay when scale_check_outputs looks: a report's that a run killed outright
# (SIGKILL) left, while its shard has not run again on this machine (a run on another machine
# removes it only once it is a day old). --merge-reports reads them to say that a run died.
SCALE_DEAD_TEMPORARIES=()

# The ok, skipped and failed lines of the shards' reports, and their last lines.
# scale_check_reports SKIPPED: every shard's report is there and finished, each input is
# reported once, SKIPPED of them skipped as "output exists" and the others as the reference
# run had them; the merged summary says the same, with no shard missing and no duplicate.
scale_check_reports()
{
    local skipped=$1 i report last
    for ((i = 0; i < SCALE_SHARDS; i++)); do
        report=$REPORTS/shard-$i-of-$SCALE_SHARDS.jsonl
        [[ -f $report ]] || cluster_fail "no report of shard $i: $report"
        last=$(tail -n 1 "$report")
        [[ $last == *'"event":"shard-finished"'* ]] ||
            cluster_fail "shard $i's report does not end with shard-finished: $last"
        scale_expect "shard $i's report: shard" "$(scale_json_number shard "$last")" "$i"
        scale_expect "shard $i's report: shards" "$(scale_json_number shards "$last")" "$SCALE_SHARDS"
        scale_expect "shard $i's report: total" "$(scale_json_number total "$last")" \
            "$(wc -l <"$WORK/shard-$i.txt")"
        scale_expect "shard $i's report: left" "$(scale_json_number left "$last")" 0
        scale_expect "shard $i's report: exit" "$(scale_json_number exit "$last")" \
            "$(scale_expected_exit "$i")"
    done
    grep -h '"event":"job-finished"' "$REPORTS"/*.jsonl >"$WORK/finished.jsonl" || true
    local dups
    dups=$(sed -n 's/.*"event":"job-finished".*"input":"\([^"]*\)".*/\1/p' "$WORK/finished.jsonl" |
        sed 's/","output.*//' | sort | uniq -d)
    [[ -z $dups ]] || cluster_fail "inputs reported by two shards: $dups"
    scale_expect "job-finished lines of all shards" "$(wc -l <"$WORK/finished.jsonl")" "$REF_TOTAL"
    local ok failed skip
    ok=$(grep -c '"status":"ok"' "$WORK/finished.jsonl" || true)
    failed=$(grep -c '"status":"failed"' "$WORK/finished.jsonl" || true)
    skip=$(grep '"status":"skipped"' "$WORK/finished.jsonl" | grep -c 'output exists' || true)
    scale_expect "ok lines (each written once)" "$ok" "$((REF_OK - skipped))"
    scale_expect "skipped lines that say output exists" "$skip" "$skipped"
    scale_expect "failed lines" "$failed" "$REF_FAILED"
    scale_expect "outputs written" "$(scale_hashes "$OUT" | wc -l)" "$REF_FILES"

    local rc=0 merged
    merged=$("$CLI" --merge-reports "$REPORTS" --json) || rc=$?
    scale_expect "--merge-reports' exit status (all shards, one file failed)" "$rc" 1
    scale_expect "merged: shards" "$(scale_json_number shards "$merged")" "$SCALE_SHARDS"
    scale_expect "merged: missing" "$(scale_json_list missing "$merged")" ""
    scale_expect "merged: finished" "$(scale_json_list finished "$merged")" "0 1 2 3"
    scale_expect "merged: total" "$(scale_json_number total "$merged")" "$REF_TOTAL"
    scale_expect "merged: ok" "$(scale_json_number ok "$merged")" "$((REF_OK - skipped))"
    scale_expect "merged: skipped" "$(scale_json_number skipped "$merged")" "$skipped"
    scale_expect "merged: failed" "$(scale_json_number failed "$merged")" "$REF_FAILED"
    scale_expect "merged: left" "$(scale_json_number left "$merged")" 0
    # A count, or the list of the inputs reported twice.
    [[ $merged == *'"duplicates":0'* || $merged == *'"duplicates":[]'* ]] ||
        cluster_fail "merged: duplicates: $merged"
}
