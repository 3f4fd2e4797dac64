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
    trap cluster_exit_trap EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM

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

    # The node's line as slurmd sees this machine (its first line; the second is the uptime),
    # with the address that keeps every daemon and client off name resolution.
    local node_line
    node_line=$(slurmd -C | head -n 1)
    [[ $node_line == NodeName=* ]] || cluster_fail "slurmd -C gave no node line: $node_line"
    node_line="${node_line/NodeName=[^ ]*/NodeName=$CLUSTER_HOST} NodeAddr=127.0.0.1 State=UNKNOWN"

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

# A command for the EXIT trap, run before the cluster stops (the test's own clean-up).
cluster_on_exit()
{
    CLUSTER_TEST_TRAPS+=("$1")
}

cluster_exit_trap()
{
    local status=$?
    local t
    for t in "${CLUSTER_TEST_TRAPS[@]}"; do
        eval "$t" || true
    done
    if ((status != 0)) && [[ -n $CLUSTER_DIR ]]; then
        cluster_print_logs
        local f
        for f in "$CLUSTER_DIR"/jobs/*; do
            [[ -f $f ]] || continue
            echo "===== $f" >&2
            tail -n 30 "$f" >&2
        done
    fi
    cluster_stop
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
