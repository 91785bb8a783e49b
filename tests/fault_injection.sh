#!/usr/bin/env bash
# Fault injection for `prunebench run`: kills and --resume, a full
# disk, a read-only folder, two runs on one --out, stdout on a full device,
# and out of memory. Each case asserts the exit code and the one-line error.
# Cleans up after itself (trap) and ends by itself (every command is under
# `timeout`). The full-disk and read-only cases mount a small tmpfs, which
# needs root; without it they use /dev/full and chmod instead, or say skipped.
#
# Usage: tests/fault_injection.sh [PRUNEBENCH]   (default build/harness/prunebench)
source "$(dirname "$0")/../scripts/help.sh"  # -h/--help: print the usage above, exit 0
set -uo pipefail
cd "$(dirname "$0")/.."
B=$(realpath "${1:-${PRUNEBENCH:-build/harness/prunebench}}")
[ -x "$B" ] || { echo "error: $B not built" >&2; exit 2; }
SUITE=positions/bratko-kopec.epd
work=$(mktemp -d /tmp/prunebench-faults-XXXXXX)
mounted=""
background=()
cleanup() {
  for pid in "${background[@]}"; do kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  [ -n "$mounted" ] && umount "$mounted" 2>/dev/null
  chmod -R u+w "$work" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
failures=0
pass() { echo "ok   $1 [${SECONDS}s]"; }
fail() { echo "FAIL $1" >&2; failures=$((failures + 1)); }
# expect NAME CODE PATTERN: the last command's exit code and its stderr ($work/err).
expect() {
  local name=$1 want=$2 pattern=$3 got=$4
  if [ "$got" != "$want" ]; then fail "$name: exit $got, expected $want ($(head -c 300 "$work/err"))"; return; fi
  if ! grep -q -- "$pattern" "$work/err"; then fail "$name: stderr lacks '$pattern': $(head -c 300 "$work/err")"; return; fi
  if [ "$(grep -c '^error: ' "$work/err")" -gt 1 ]; then fail "$name: more than one error line"; return; fi
  pass "$name"
}

# Every search of the engine "gate" waits at a gate in $gate until this script
# lays out a token (tests/scripts/task_gate.py, gated_uci_engine.py), so a
# signal lands while the run provably has a search left, on any machine.
gate=$work/gate
mkdir -p "$gate"
RUN=(run --suite "$SUITE" --depths 1-3 --modes unordered,mvv-lva,pvs,mtdf --threads 2
     --engine "gate=tests/scripts/gated_uci_engine.py $gate" --engine-repeat 1 --engine-timeout 600)
# A run that fills the disk below: no gate, about a second on 2 cores.
FULL=(run --suite "$SUITE" --depths 1-5 --modes unordered,mvv-lva,pvs,mtdf --threads 2)
release() {  # release N: let N more searches through
  local i token
  for i in $(seq "$1"); do token=$(mktemp "$gate/.token-XXXXXX") && mv "$token" "$gate/token-${token##*-}"; done
}
held() {  # how many searches wait at the gate now
  local n=0 f
  for f in "$gate"/arrived-*; do [ -e "$f" ] && [ ! -e "$gate/took-${f##*/arrived-}" ] && n=$((n + 1)); done
  echo "$n"
}
some_held() { [ "$(held)" -ge 1 ]; }
tokens_left() { compgen -G "$gate/token-*" | wc -l; }
records() { local n=0; [ -f "$1" ] && n=$(grep -c '^{"record"' "$1"); echo "${n:-0}"; }
reset_gate() {  # kill the engines a killed run left (they end by themselves, but not at once) and forget them
  local f pid
  for f in "$gate"/arrived-*; do [ -e "$f" ] || continue; pid=${f##*/arrived-}; kill -KILL "${pid%%.*}" 2>/dev/null; done
  rm -f "$gate"/arrived-* "$gate"/took-* "$gate"/token-* "$gate"/open
}
await() {  # await WHAT CONDITION...: poll the condition; fail (and stop waiting) after 120 s, never pass on time
  local what=$1 deadline=$((SECONDS + 120)); shift
  until "$@"; do
    [ $SECONDS -ge $deadline ] && { fail "timed out waiting for $what"; return 1; }
    sleep 0.05
  done
}
start_run() {  # start_run OUT [ARGS...]: a run in the background; its pid in $run_pid
  local out=$1; shift
  "$B" "${RUN[@]}" --out "$out" "$@" 2>"$work/err" &
  run_pid=$!
  background+=("$run_pid")
}
end_run() { kill -KILL "$run_pid" 2>/dev/null; wait "$run_pid" 2>/dev/null; background=(); }

# 1. Kill -9 and Ctrl-C, each followed by --resume, must end in exactly the
#    records of an uninterrupted run.
touch "$gate/open"
timeout 600 "$B" "${RUN[@]}" --out "$work/reference.json" 2>/dev/null || fail "reference run"
reset_gate

# Ctrl-C while a search is held: the run says it finishes the current
# searches, and once they may end, exits 130 with its journal.
start_run "$work/interrupted.json"
if await "a held search" some_held; then
  kill -INT "$run_pid"
  await "the 'finishing' message" grep -q "finishing the current search" "$work/err"
  touch "$gate/open"
  wait "$run_pid"; code=$?; background=()
  expect "sigint: exit 130, journal kept" 130 "interrupted" $code
  grep -q "finishing the current search, Ctrl-C again to abort" "$work/err" && pass "sigint: says it is finishing" ||
    fail "sigint: no 'finishing the current search' message"
  timeout 600 "$B" "${RUN[@]}" --out "$work/interrupted.json" --resume 2>"$work/err" &&
    timeout 60 "$B" compare "$work/reference.json" "$work/interrupted.json" >"$work/out" 2>&1 &&
    pass "sigint, then --resume: $(head -1 "$work/out")" || fail "sigint/resume: $(head -3 "$work/out" "$work/err")"
fi
end_run
reset_gate

# Kill -9 four times, each once a search more has been let through and journalled
# and another is held; then let everything through and resume to the end.
kills=0
for round in 1 2 3 4; do
  resume=()
  [ -f "$work/killed.json.journal" ] && resume=(--resume)
  before=$(records "$work/killed.json.journal")
  start_run "$work/killed.json" "${resume[@]}"
  release 1
  progressed() { [ "$(tokens_left)" = 0 ] && [ "$(records "$work/killed.json.journal")" -gt "$before" ] && [ "$(held)" -ge 1 ]; }
  await "kill round $round: a journalled record and a held search" progressed || break
  end_run
  reset_gate
  kills=$((kills + 1))
done
touch "$gate/open"
if [ "$kills" != 4 ]; then
  fail "kill/resume: only $kills of 4 kills landed"
elif timeout 600 "$B" "${RUN[@]}" --out "$work/killed.json" --resume 2>"$work/err" &&
     timeout 60 "$B" compare "$work/reference.json" "$work/killed.json" >"$work/out" 2>&1; then
  pass "kill -9 four times mid-run, then --resume to the end: $(head -1 "$work/out")"
else
  fail "kill/resume: $(head -3 "$work/out" "$work/err")"
fi
reset_gate

# 2. Two runs on one --out: the second is refused while the first runs (held at the gate).
start_run "$work/shared.json"
if await "a held search" some_held; then
  timeout 60 "$B" "${RUN[@]}" --out "$work/shared.json" --resume 2>"$work/err"; code=$?
  expect "concurrent run refused" 2 "another run is using" $code
fi
end_run
reset_gate

# 3. Standard output on a full device: an I/O error, not success.
timeout 60 "$B" run --suite positions/seed.epd --depths 1-3 --modes minimax,pvs >/dev/full 2>"$work/err"; code=$?
expect "stdout on /dev/full (run)" 3 "could not write the output" $code
timeout 60 "$B" perft --fen startpos --depth 3 >/dev/full 2>"$work/err"; code=$?
expect "stdout on /dev/full (perft)" 3 "could not write the output" $code

# 4. A full disk while journalling, and a read-only folder: a tiny tmpfs.
disk="$work/disk"
mkdir -p "$disk"
if mount -t tmpfs -o size=12k tmpfs "$disk" 2>/dev/null; then
  mounted=$disk
  timeout 600 "$B" "${FULL[@]}" --out "$disk/run.json" 2>"$work/err"; code=$?
  expect "full disk: an I/O error (exit 3), not a failed check" 3 "No space left on device" $code
  rm -f "$disk"/*
  mount -o remount,ro "$disk"
  timeout 60 "$B" "${FULL[@]}" --out "$disk/run.json" 2>"$work/err"; code=$?
  expect "read-only folder refused before searching" 3 "Read-only file system" $code
else
  echo "skip full disk and read-only mount (cannot mount tmpfs: not root?)"
  if [ "$(id -u)" != 0 ]; then
    mkdir -p "$work/ro" && chmod a-w "$work/ro"
    timeout 60 "$B" "${FULL[@]}" --out "$work/ro/run.json" 2>"$work/err"; code=$?
    expect "read-only folder refused before searching" 3 "Permission denied" $code
  fi
fi

# 5. Out of memory: a table the address-space limit cannot hold.
(ulimit -v 2000000; timeout 60 "$B" search --fen startpos --depth 1 --mode tt=65536 2>"$work/err"); code=$?
expect "out of memory is an error, not an abort" 3 "out of memory" $code

# 6. More threads than the address space can hold: a resource error naming
#    the threads (exit 3), not "internal error, please report it" (exit 70).
(ulimit -v 150000; timeout 60 "$B" run --suite positions/bratko-kopec.epd --depths 1-2 --modes minimax \
  --threads 256 >/dev/null 2>"$work/err"); code=$?
expect "a thread that cannot be created is a resource error (run)" 3 "cannot start a thread of --threads 256" $code
(ulimit -v 150000; timeout 60 "$B" perft --fen startpos --depth 5 --threads 256 >/dev/null 2>"$work/err"); code=$?
expect "a thread that cannot be created is a resource error (perft)" 3 "cannot start a thread" $code

echo "fault injection: $failures failure(s)"
[ $failures = 0 ]
