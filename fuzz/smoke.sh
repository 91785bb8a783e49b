#!/usr/bin/env bash
# Runs every fuzz target for a fixed number of executions, starting from its
# committed seeds (fuzz/corpus/<target>, copied: the repository is never
# written), and prints one line per target. Fails on the first crash, leaving
# the input that caused it (crash-*) in the work directory.
#
# Usage: fuzz/smoke.sh [BUILD_DIR [RUNS [WORK_DIR]]]
#   BUILD_DIR  a -DPRUNEBENCH_FUZZ=ON build (default build-fuzz)
#   RUNS       executions per target (default 50000: the test command's smoke run, under a minute)
#   WORK_DIR   kept afterwards (default: a temporary directory, removed on success)
source "$(dirname "$0")/../scripts/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-fuzz}
runs=${2:-50000}
work=${3:-}
keep=1
if [ -z "$work" ]; then
  work=$(mktemp -d /tmp/prunebench-fuzz-XXXXXX)
  keep=0
fi
mkdir -p "$work"
work=$(realpath "$work")
# The command-line target runs `compare` on names in its working directory.
mkdir -p "$work/cwd"
cp tests/harness/fixtures/run_base.json "$work/cwd/base.json"
cp tests/harness/fixtures/run_changed.json "$work/cwd/new.json"

for target in fen epd run_json journal mode_spec cli_args; do
  binary=$(realpath "$build/fuzz/${target}_fuzz")
  corpus="$work/corpus/$target"
  mkdir -p "$corpus"
  cp -n fuzz/corpus/$target/* "$corpus/"
  log="$work/$target.log"
  # -seed fixes libFuzzer's choices; -timeout and -rss_limit_mb turn a hang
  # or a runaway allocation into a reported failure.
  if ! (cd "$work/cwd" && "$binary" -runs="$runs" -seed=1 -max_len=4096 -timeout=30 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$work/" "$corpus" >"$log" 2>&1); then
    echo "fuzz $target: FAILED, see $log and $work/crash-* (add the input to fuzz/corpus/$target/ with the fix)" >&2
    tail -30 "$log" >&2
    exit 1
  fi
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
  echo "fuzz $target: $executed executions in ${seconds:-?} s, 0 crashes"
done
[ $keep = 1 ] || rm -rf "$work"
