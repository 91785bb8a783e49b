#!/usr/bin/env bash
# Fault injection for `prunebench run` (issue 18): kills and --resume, a full
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

# Long enough (about a second on 2 cores) for the kills below to land mid-run.
RUN=(run --suite "$SUITE" --depths 1-5 --modes unordered,mvv-lva,pvs,mtdf --threads 2)

# 1. Kill -9 and Ctrl-C at growing delays, each followed by --resume, must end
#    in exactly the records of an uninterrupted run.
timeout 600 "$B" "${RUN[@]}" --out "$work/reference.json" 2>/dev/null || fail "reference run"
timeout --preserve-status -s INT 0.5 "$B" "${RUN[@]}" --out "$work/interrupted.json" 2>"$work/err"; code=$?
if [ $code = 0 ]; then
  pass "sigint (run finished before the signal)"
else
  expect "sigint: exit 130, journal kept" 130 "interrupted" $code
  grep -q "finishing the current search, Ctrl-C again to abort" "$work/err" && pass "sigint: says it is finishing" ||
    fail "sigint: no 'finishing the current search' message"
fi
kills=0
for delay in 0.05 0.1 0.15 0.2 0.25 0.3 0.35 0.4 0.45 0.5 0.6 0.7 0.8 1 1.5 2 3 5 600; do
  [ -f "$work/killed.json" ] && break
  resume=()
  [ -f "$work/killed.json.journal" ] && resume=(--resume)  # a kill before the journal existed: start afresh
  timeout -s KILL "$delay" "$B" "${RUN[@]}" --out "$work/killed.json" "${resume[@]}" 2>/dev/null
  kills=$((kills + 1))
done 2>/dev/null  # the shell's "Killed" notices
if [ "$kills" -lt 3 ]; then
  fail "kill/resume: the run ended after $kills start(s): too short for the kills to land mid-run"
elif timeout 60 "$B" compare "$work/reference.json" "$work/killed.json" >"$work/out" 2>&1; then
  pass "kill -9 at growing delays, $kills runs to the end: $(head -1 "$work/out")"
else
  fail "kill/resume: $(head -3 "$work/out")"
fi

# 2. Two runs on one --out: the second is refused while the first runs.
# (no `timeout` wrapper: killing it would leave the run itself behind.)
"$B" run --suite "$SUITE" --depths 1-5 --modes minimax --out "$work/shared.json" 2>/dev/null &
background+=($!)
for _ in $(seq 100); do [ -s "$work/shared.json.journal" ] && break; sleep 0.05; done
timeout 60 "$B" "${RUN[@]}" --out "$work/shared.json" --resume 2>"$work/err"; code=$?
expect "concurrent run refused" 2 "another run is using" $code
kill -KILL "${background[0]}" 2>/dev/null; wait "${background[0]}" 2>/dev/null; background=()

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
  timeout 600 "$B" "${RUN[@]}" --out "$disk/run.json" 2>"$work/err"; code=$?
  expect "full disk: an I/O error (exit 3), not a failed check" 3 "No space left on device" $code
  rm -f "$disk"/*
  mount -o remount,ro "$disk"
  timeout 60 "$B" "${RUN[@]}" --out "$disk/run.json" 2>"$work/err"; code=$?
  expect "read-only folder refused before searching" 3 "Read-only file system" $code
else
  echo "skip full disk and read-only mount (cannot mount tmpfs: not root?)"
  if [ "$(id -u)" != 0 ]; then
    mkdir -p "$work/ro" && chmod a-w "$work/ro"
    timeout 60 "$B" "${RUN[@]}" --out "$work/ro/run.json" 2>"$work/err"; code=$?
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
