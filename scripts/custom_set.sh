#!/usr/bin/env bash
# Ordering heuristics on your own positions: the ordering study, and the main
# job's tables and plots, for any EPD/FEN file.
#
# Usage: scripts/custom_set.sh SUITE.epd MODES DEPTHS OUT_DIR [extra 'prunebench run' options]
#   e.g. scripts/custom_set.sh positions/wac.epd mvv-lva,pvs,id-tt-killers 1-4 out/wac
# unordered, minimal and the study's baseline are added to MODES (the
# baselines of the ordering-gain and minimal-tree tables). Minimax is not
# searched unless MODES names it: its nodes are Σ perft(0..d), which the run
# holds anyway, and its full-width pass usually costs more than the rest together.
# Writes OUT_DIR/run.json; OUT_DIR/study.md, which answers "is each mode better
# than the baseline (STUDY_BASELINE, default unordered) on these positions, by
# how much, how sure?"; and the per-position tables and plots.
source "$(dirname "$0")/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
suite=$1 modes=$2 depths=$3 out=$4
shift 4
root=$(cd "$(dirname "$0")/.." && pwd)
prunebench=${PRUNEBENCH:-$root/build/harness/prunebench}
[ -x "$prunebench" ] || { echo "error: $prunebench not built (run scripts/build.sh)" >&2; exit 2; }

# the baselines first, then the user's modes without repeats.
baseline=${STUDY_BASELINE:-unordered}
all_modes=$(printf 'unordered,minimal,%s,%s' "$baseline" "$modes" | tr ',' '\n' | awk 'NF && !seen[$0]++' | paste -sd, -)
mkdir -p "$out"
"$prunebench" run --suite "$suite" --depths "$depths" --modes "$all_modes" \
  --threads "$(nproc)" --out "$out/run.json" "$@"
/usr/bin/python3 "$root/scripts/make_tables.py" "$out/run.json" --out "$out"
/usr/bin/python3 "$root/scripts/study.py" "$out/run.json" --baseline "$baseline" --out "$out"
