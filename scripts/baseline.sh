#!/usr/bin/env bash
# The node-count baseline that CI holds every change to.
#
# Usage:
#   scripts/baseline.sh check    run the baseline suite and compare it with results/baseline.json
#                                and the bench signature with results/bench-signature.txt
#   scripts/baseline.sh update   regenerate both (commit them with a reason when counts change)
#
# Any change in any node count fails `check`: a change that means to move the
# counts regenerates the baseline in the same commit and says why.
source "$(dirname "$0")/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail
cd "$(dirname "$0")/.."

PRUNEBENCH=${PRUNEBENCH:-build/harness/prunebench}
SUITES=(--suite positions/seed.epd --suite positions/bratko-kopec.epd)
DEPTHS=1-4
MODES=minimax,unordered,canonical,fail-hard,mvv-lva,mvv-lva-canonical,quiet-pst,pvs,mtdf,id-tt,id-tt-killers,pvs-id-tt-killers,oracle,minimal,id-tt+tt-draft=ge

run_suite() {  # $1: output file
  rm -f "$1" "$1.journal"
  "$PRUNEBENCH" run "${SUITES[@]}" --depths "$DEPTHS" --modes "$MODES" --threads "$(nproc)" --out "$1"
}

bench_signature() { "$PRUNEBENCH" bench | grep '^Nodes searched:'; }

case "${1:-}" in
  check)
    mkdir -p build
    run_suite build/baseline-check.json
    "$PRUNEBENCH" compare results/baseline.json build/baseline-check.json
    expected=$(cat results/bench-signature.txt)
    actual=$(bench_signature)
    if [ "$actual" != "$expected" ]; then
      echo "error: bench signature changed: expected '$expected', got '$actual'" >&2
      exit 1
    fi
    echo "bench: $actual (unchanged)"
    ;;
  update)
    run_suite results/baseline.json
    bench_signature > results/bench-signature.txt
    echo "updated results/baseline.json and results/bench-signature.txt ($(cat results/bench-signature.txt))"
    ;;
  *)
    echo "usage: scripts/baseline.sh check|update" >&2
    exit 2
    ;;
esac
