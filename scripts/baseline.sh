#!/usr/bin/env bash
# A node-count baseline for any suites, depths, modes and UCI engines: record
# it once, then check every later build against it.
#
# Usage:
#   scripts/baseline.sh check  [options]   run the plan, compare it with the baseline,
#                                          and check the bench signature
#   scripts/baseline.sh update [options]   record the baseline (and the bench signature)
#
# Without options it is prunebench's own baseline, the one CI holds every
# change to: positions/seed.epd and positions/bratko-kopec.epd, depths 1-4,
# every mode, results/baseline.json and results/bench-signature.txt. Any change
# in any node count fails it: a change that means to move the counts updates
# the baseline in the same commit and says why. A record marked
# "deterministic": false (an smp= mode: a parallel search, whose counts vary
# with the threads' timing) is reported as "changed" and never fails.
#
# `check` runs every check (the run with its own consistency checks, the
# comparison, the bench signature) even when one fails, prints each failure,
# and exits non-zero at the end when any failed. It writes to the report
# directory: run.json (the new run), compare.md and compare.json (the report,
# see 'prunebench compare --help') and, when compare found the runs
# comparable, benchmark.json (github-action-benchmark's customSmallerIsBetter).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  cat <<'EOF'
usage: scripts/baseline.sh check|update [options]

  --suite FILE            an EPD/FEN suite (repeatable; default: positions/seed.epd and
                          positions/bratko-kopec.epd)
  --depths LIST           depths, e.g. 1-4 or 2,4 (default: 1-4)
  --modes LIST            modes, as 'prunebench run --modes' (default: see below)
  --engine NAME=COMMAND   an external UCI engine, as 'prunebench run --engine' (repeatable)
  --engine-option NAME:OPTION=VALUE, --each-option OPTION=VALUE, --engine-arg NAME=ARG
                          passed to 'prunebench run' as they are (repeatable), e.g. to pin Hash
  --baseline FILE         the baseline run (default: results/baseline.json)
  --bench-signature FILE  also check 'prunebench bench' against FILE (default:
                          results/bench-signature.txt when no --suite is given, else none)
  --max-increase PCT      a regression above PCT percent fails (default 0; 'any': none fails)
  --max-decrease PCT      an improvement beyond PCT percent fails (default 0; 'any': none fails)
  --report-dir DIR        where check writes its files (default: build/baseline-report)
  --threads N             positions searched in parallel (default: every core)

--modes defaults to prunebench's baseline modes when neither --suite nor --engine
is given, otherwise to 'prunebench run's default (none when --engine is given:
only the engines are measured).
PRUNEBENCH (default build/harness/prunebench) names the binary.
Exit status: 0 every check passed, 1 a check failed, 2 bad usage or input (e.g. no
baseline file), 3 an I/O error; with several failures, the highest.
EOF
}

PRUNEBENCH=${PRUNEBENCH:-build/harness/prunebench}
BASELINE_MODES=minimax,unordered,canonical,fail-hard,mvv-lva,mvv-lva-canonical,quiet-pst,pvs,mtdf,id-tt,id-tt-killers,pvs-id-tt-killers,oracle,minimal,id-tt+tt-draft=ge

action=${1:-}
case $action in
  check | update) shift ;;
  -h | --help) usage; exit 0 ;;
  *) echo "error: the first argument must be check or update (see scripts/baseline.sh --help)" >&2; exit 2 ;;
esac

suites=() engines=() depths=1-4 modes= modes_given=false baseline=results/baseline.json
bench_signature= bench_given=false report_dir=build/baseline-report threads=$(nproc)
compare_options=()
while [ $# -gt 0 ]; do
  option=$1
  case $option in
    -h | --help) usage; exit 0 ;;
    --suite | --depths | --modes | --engine | --engine-option | --each-option | --engine-arg | --baseline | \
      --bench-signature | --max-increase | --max-decrease | --report-dir | --threads)
      [ $# -ge 2 ] || { echo "error: $option needs a value (see scripts/baseline.sh --help)" >&2; exit 2; }
      value=$2
      shift 2 ;;
    *) echo "error: unknown option '$option' (see scripts/baseline.sh --help)" >&2; exit 2 ;;
  esac
  case $option in
    --suite) suites+=(--suite "$value") ;;
    --engine | --engine-option | --each-option | --engine-arg) engines+=("$option" "$value") ;;
    --depths) depths=$value ;;
    --modes) modes=$value modes_given=true ;;
    --baseline) baseline=$value ;;
    --bench-signature) bench_signature=$value bench_given=true ;;
    --max-increase | --max-decrease) compare_options+=("$option" "$value") ;;
    --report-dir) report_dir=$value ;;
    --threads) threads=$value ;;
  esac
done

# prunebench's own plan, unless the caller named suites or engines.
project_plan=true
if [ ${#suites[@]} -gt 0 ] || [ ${#engines[@]} -gt 0 ]; then project_plan=false; fi
if [ ${#suites[@]} -eq 0 ]; then suites=(--suite positions/seed.epd --suite positions/bratko-kopec.epd); fi
if ! $modes_given && $project_plan; then modes=$BASELINE_MODES modes_given=true; fi
if ! $bench_given && $project_plan; then bench_signature=results/bench-signature.txt; fi
mode_options=()
if $modes_given; then mode_options=(--modes "$modes"); fi

run_plan() {  # $1: output file
  rm -f "$1" "$1.journal"
  "$PRUNEBENCH" run "${suites[@]}" --depths "$depths" "${mode_options[@]}" "${engines[@]}" \
    --threads "$threads" --out "$1"
}

bench_line() { "$PRUNEBENCH" bench | grep '^Nodes searched:'; }

if [ "$action" = update ]; then
  run_plan "$baseline"
  echo "updated $baseline"
  if [ -n "$bench_signature" ]; then
    bench_line > "$bench_signature"
    echo "updated $bench_signature ($(cat "$bench_signature"))"
  fi
  exit 0
fi

# check: every step runs; failures are collected and reported at the end.
mkdir -p "$report_dir"
rm -f "$report_dir"/{run.json,compare.md,compare.json,benchmark.json}  # never a stale report
failures=() status=0
fail() {  # $1: exit code, $2: what failed
  failures+=("$2")
  if [ "$1" -gt "$status" ]; then status=$1; fi
}

if [ ! -f "$baseline" ]; then
  fail 2 "no baseline at $baseline: record one with 'scripts/baseline.sh update' and the same options"
fi
code=0
run_plan "$report_dir/run.json" || code=$?
[ $code -eq 0 ] || fail "$code" "prunebench run exited $code (its error is above)"

if [ -f "$baseline" ] && [ -f "$report_dir/run.json" ]; then
  code=0
  "$PRUNEBENCH" compare "$baseline" "$report_dir/run.json" "${compare_options[@]}" \
    --markdown "$report_dir/compare.md" --json "$report_dir/compare.json" || code=$?
  [ $code -eq 0 ] || fail "$code" "$(head -n 1 "$report_dir/compare.md" 2>/dev/null || echo "compare exited $code")"
  if [ $code -le 1 ] && "$PRUNEBENCH" export --help >/dev/null 2>&1; then
    "$PRUNEBENCH" export --format github-action-benchmark "$report_dir/run.json" --out "$report_dir/benchmark.json" ||
      fail $? "export of $report_dir/run.json failed"
  fi
fi

if [ -n "$bench_signature" ]; then
  expected=$(cat "$bench_signature" 2>/dev/null) || expected="(no file $bench_signature)"
  actual=$(bench_line) || actual="(prunebench bench failed)"
  if [ "$actual" = "$expected" ]; then
    echo "bench: $actual (unchanged)"
  else
    fail 1 "bench signature changed: expected '$expected', got '$actual'"
  fi
fi

if [ ${#failures[@]} -gt 0 ]; then
  echo "baseline check failed (${#failures[@]} of its checks):" >&2
  for failure in "${failures[@]}"; do echo "  - $failure" >&2; done
  exit "$status"
fi
echo "baseline check passed (report: $report_dir/compare.md)"
