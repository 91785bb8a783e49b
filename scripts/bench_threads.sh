#!/usr/bin/env bash
# Thread scaling of 'prunebench run' (positions spread across threads): times
# the same run with --threads 1 and --threads 2, checks the records are
# identical outside timing fields, and prints the speed-up.
# Usage: scripts/bench_threads.sh [SUITE] [DEPTHS] [MODES]
source "$(dirname "$0")/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-positions/bratko-kopec.epd}
depths=${2:-1-5}
modes=${3:-unordered,mvv-lva,pvs,mtdf,id-tt-killers}
prunebench=${PRUNEBENCH:-build/harness/prunebench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

seconds() {  # threads -> wall seconds of the run
  local start end
  start=$(date +%s%N)
  "$prunebench" run --suite "$suite" --depths "$depths" --modes "$modes" --threads "$1" --out "$tmp/t$1.json"
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 ))"
}

one=$(seconds 1)
two=$(seconds 2)
/usr/bin/python3 - "$tmp/t1.json" "$tmp/t2.json" "$one" "$two" <<'PY'
import json, sys
def records(path):
    rs = json.load(open(path))["records"]
    for r in rs:
        r.pop("seconds"); r.pop("nodes_per_second")
    return rs
a, b = records(sys.argv[1]), records(sys.argv[2])
if a != b:
    sys.exit("error: records differ between --threads 1 and --threads 2")
one, two = int(sys.argv[3]), int(sys.argv[4])
print(f"{len(a)} records identical; 1 thread {one / 1000:.2f} s, 2 threads {two / 1000:.2f} s, speed-up {one / two:.2f}x")
PY
