#!/usr/bin/env bash
# README command 1: set up this machine, build, and regenerate results/.
# Usage: scripts/reproduce.sh [--deep] [--campaigns] [--scan-orders]
#
#
#   1. installs any missing Debian packages and builds the Release build
#   2. the reference articles' chess tables: the start position and the
#      Semi-Slav middlegame, minimax to depth 6 (start) and 5 (middlegame),
#      every alpha-beta mode to depth 6  -> results/reproduction.json
#   3. the synthetic-tree experiments of reference 001 (20 random trees,
#      b = 6, d = 6, every order, algorithm and MTD(f) guess) and the
#      standing tree and theory table of reference 002  -> results/trees/
#   4. the ordering study on real suites: Bratko-Kopec and every 10th position
#      of WAC and of STS 1 (lines 1, 11, 21, ...), depths 1-5, every mode but
#      minimax (its nodes are Σ perft(0..d), which the run holds),
#      against unordered  -> results/study/
#   5. the packaged UCI engines (Stockfish, Ethereal, Toga II, Glaurung) on
#      the same positions, depths 1-6, beside prunebench's exact search with
#      quiescence, null move, LMR and futility added one at a time
#      -> results/engines.json, engine-steps.json, engines.md
#   6. reference 003's extra runs (tt-draft=ge, MVV-LVA with a table)
#      -> results/ref003.json, results/study/ref003.json
#   6a. the enhancement experiments of Schaeffer (1989) and Plaat et al.
#      (1996): every combination of tt, id, killers, history, pvs and an
#      aspiration window over MVV-LVA alpha-beta, and MTD(f) with iterative
#      deepening, on the study's positions at depths 4-5, against the exact
#      minimal tree -> results/study/enhancements.json, enhancements.md
#   6b. the bug museum: each named alpha-beta bug planted in the search, and
#      the checks that catch it -> results/museum.md, results/museum.csv
#   6c. the minimal graph of reference 000's two positions, exact by integer
#      programming (CBC) where a solve ends within its limit, else bounded
#      -> results/minimal_graph.json, results/minimal_graph.md
#   6d. the price of pruning: null move, late move reductions and futility,
#      alone and combined, over PVS with quiescence (and null move with LMR
#      over the fixed-depth search), on the study's positions at depths 2-4,
#      against each mode's exact reference, and one ply deeper against the
#      exact search two plies deeper -> results/study/pruning.json, pruning.md
#   6e. parallel alpha-beta: the parallel model (YBWC on 1-16 virtual
#      processors, exact) on Bratko-Kopec at depth 4 -> results/study/parallel.md;
#      and YBWC and lazy SMP on this machine's 2 threads at depth 5, 3 repeats,
#      beside the model -> results/provenance/parallel/ (times: not tracked)
#   7. what differs from one reproduction to the next (times, commit, CPU)
#      moved out of those files into results/provenance/, which git ignores
#      (scripts/split_provenance.py): the tracked files change only with a count
#   8. tables (Markdown, CSV) and plots (PNG, SVG) from those files, and
#      results/README.md presenting them beside the articles' figures
# The page scripts run on one core each: they run in the background beside the
# next searches, and each step's heading shows the seconds spent so far.
#
# With --deep (about half a minute more), step 2 also goes one ply beyond the
# article: the start position at depth 7 and the middlegame at depth 6, every
# mode, full-width searches split across threads (engine/search/split.h)
# -> results/deep/, shown in results/README.md as rows beyond the article.
#
# With --campaigns (about 25 minutes on 2 cores), the study-wide runs deeper
# than the main job: the exact minimal tree alone two plies beyond the article
# (start depth 8, middlegame depth 7, one thread each, about three minutes)
# -> results/deep/, beside the --deep rows; the ordering study at depth 6,
# every mode but minimax and oracle -> results/deep/study-d6.json; the
# enhancement experiments at depth 6 on Bratko-Kopec
# -> results/deep/enhancements-bratko-kopec-d6.json; the price of pruning at
# depths 5 and 6 -> results/deep/pruning/d5.json, d6.json (a folder of its
# own: the rows beyond the article are the other runs there); the parallel
# model at depths 5-6 on 1-64 processors -> results/deep/parallel/; and the
# minimal graph of reference 000's positions at depth 3, every instance
# attempted -> results/deep/minimal_graph/ (its own folder: results/deep/*.json
# are runs).
#
# The main job's pages read these tracked files when they exist, so its output
# is the same with or without either flag.
#
# Reference 000's generator order: every run measures the closest
# scan order found on every figure -> results/scan_order_closest.txt. With
# --scan-orders it also searches the whole family of about a million orders
# again (about 4 CPU minutes) -> results/scan_orders.txt.
#
# Prints the time the reproduction took, the build excluded.
source "$(dirname "$0")/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail
cd "$(dirname "$0")/.."

deep=false campaigns=false scan_orders=false
for arg in "$@"; do
  case $arg in
    --deep) deep=true ;;
    --campaigns) campaigns=true ;;
    --scan-orders) scan_orders=true ;;
    *) echo "error: unknown option '$arg' (usage: scripts/reproduce.sh [--deep] [--campaigns] [--scan-orders])" >&2
       exit 2 ;;
  esac
done

scripts/install-deps.sh
scripts/build.sh build
PRUNEBENCH=build/harness/prunebench
# The minimal graph's depths, the hard limit of each CBC run (killed at it),
# and the largest instance solved: chosen so that every solve attempted ends
# well within the limit (the page then has no interval that depends on the
# machine) and the step takes seconds. The depth-3 instances (8,023 and
# 17,639 nodes) take minutes: --campaigns solves them.
GRAPH_DEPTHS=1-3 GRAPH_TIME_LIMIT=20 GRAPH_MAX_INSTANCE_NODES=2000 GRAPH_DEEP_TIME_LIMIT=120

start=$(date +%s%N)
mkdir -p results/trees

# Each step's heading carries the time spent so far, so a log shows where the seconds go.
step() { echo "== $1  [$(( ($(date +%s%N) - start) / 1000000000 )) s]"; }

# The page scripts (and the museum) run on one core: each runs in the
# background, beside the next step's searches, and its output is printed when
# wait_pages collects it. A page that fails stops the reproduction there.
page_dir=$(mktemp -d)
page_pids=() page_names=()
stop_pages() {  # on exit: no page outlives the reproduction; the exit status stays
  local status=$?
  local pid
  for pid in "${page_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  rm -rf "$page_dir"
  exit "$status"
}
trap stop_pages EXIT
split_provenance() {  # FILE...: times, commit and CPU out of them (results/provenance/, git-ignored)
  /usr/bin/python3 scripts/split_provenance.py --into results/provenance "$@"
}
page() {  # command...: run it in the background
  local log="$page_dir/${#page_pids[@]}"
  set -m  # a process group of its own: stop_pages ends it and whatever it started
  "$@" < /dev/null > "$log.out" 2> "$log.err" &
  set +m
  page_pids+=($!) page_names+=("$*")
}
wait_pages() {  # every page started so far, in order; exit at the first that failed
  local i status
  for i in "${!page_pids[@]}"; do
    status=0
    wait "${page_pids[$i]}" || status=$?
    cat "$page_dir/$i.out"
    cat "$page_dir/$i.err" >&2
    if [ "$status" -ne 0 ]; then
      echo "error: exit $status from: ${page_names[$i]}" >&2
      exit "$status"
    fi
  done
  page_pids=() page_names=()
  rm -f "$page_dir"/*
}

step "chess: reference 000's two positions, depths 1-6, every mode"
MODES=minimax,unordered,canonical,fail-hard,mvv-lva,mvv-lva-canonical,mvv-lva-fail-hard,quiet-pst,pvs,mtdf,id-tt,id-tt-killers,pvs-id-tt-killers,oracle,minimal
rm -f results/reproduction.json.journal
# --max-nodes 200000000 keeps minimax at start depth 6 (124,132,537 nodes) and
# leaves out the middlegame's depth 6 (about 1.1e9 nodes), as the article did.
"$PRUNEBENCH" run --suite positions/seed.epd --depths 1-6 --modes "$MODES" \
  --max-nodes 200000000 --threads 2 --out results/reproduction.json

step "the minimal graph's footing: the table modes and the minimal tree with --distinct-nodes"
# The table modes' distinct (position, remaining depth) pairs and the minimal
# graph's upper bounds (README glossary: graph yardstick), at every depth the
# minimal-tree pages show; the counter turns leaf shortcuts off, so it is a
# run of its own and reproduction.json's searches stay as they were.
DISTINCT_MODES=mtdf,id-tt,id-tt-killers,pvs-id-tt-killers,minimal
rm -f results/reproduction-distinct.json.journal
"$PRUNEBENCH" run --suite positions/seed.epd --depths 1-6 --modes "$DISTINCT_MODES" --distinct-nodes \
  --threads 2 --out results/reproduction-distinct.json

step "reference 003: the table modes with the tutorial's draft rule, and MVV-LVA with a table but no ID"
# The enhancement experiments: MTD(f) with iterative deepening as Plaat et
# al. ran it (with and without killers and history), and every combination of
# six enhancements over MVV-LVA alpha-beta (README: Factorials). Their
# yardstick, the exact minimal tree of the same positions and depths, is the
# ordering study's (--minimal-from): computed once.
ENHANCEMENT_MODES='algo=mtdf+order=mvv-lva+tt+id+pv-move,algo=mtdf+order=mvv-lva+tt+id+pv-move+killers+history,factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50'
REF003_MODES=mvv-lva+tt,id-tt+tt-draft=ge,mtdf+tt-draft=ge,pvs-id-tt-killers+tt-draft=ge
# The price of pruning: each selective option alone and combined over PVS with
# quiescence, the null move's adaptive and verified variants and extended
# futility (with frontier futility), and null move with LMR over the
# fixed-depth search; each exact reference (the mode without nullmove, lmr,
# futility) is in the list, as scripts/pruning.py needs (README glossary:
# reference).
PRUNING_BASE=pvs-id-tt-killers+qsearch
PRUNING_MODES="$PRUNING_BASE,$PRUNING_BASE+nullmove=2,$PRUNING_BASE+lmr,$PRUNING_BASE+futility=100"
PRUNING_MODES+=",$PRUNING_BASE+nullmove=2+lmr,$PRUNING_BASE+nullmove=2+lmr+futility=100"
PRUNING_MODES+=",pvs-id-tt-killers,pvs-id-tt-killers+nullmove=2+lmr"
PRUNING_MODES+=",$PRUNING_BASE+nullmove=adaptive,$PRUNING_BASE+nullmove=verified"
PRUNING_MODES+=",$PRUNING_BASE+futility=100+extended-futility=500"
# Parallel alpha-beta: the parallel model (YBWC on P virtual processors, exact)
# over these bases, and the real schemes on this machine's threads.
PARALLEL_BASES=pvs-id-tt-killers,mvv-lva
PARALLEL_REAL_MODES=pvs-id-tt-killers+smp=ybwc,pvs-id-tt-killers+smp=lazy
parallel_modes() {  # BASES P...: the model's mode of every base (comma-separated) on each P processors
  local bases modes=() base p
  IFS=, read -ra bases <<< "$1"
  shift
  for p in "$@"; do
    for base in "${bases[@]}"; do modes+=("$base+smp=model+processors=$p"); done
  done
  (IFS=,; echo "${modes[*]}")
}
rm -f results/ref003.json.journal
"$PRUNEBENCH" run --suite positions/seed.epd --depths 1-6 --modes "$REF003_MODES" --threads 2 --out results/ref003.json

step "packaged UCI engines on the same two positions, depths 1-6"
# Each engine installed is measured (prunebench run --engine); one missing is
# named in results/engines.md as skipped.
engines=() table_args=()
for engine in stockfish ethereal-chess toga2 glaurung; do
  if [ -x "/usr/games/$engine" ]; then engines+=(--engine "$engine=/usr/games/$engine"); else table_args+=(--missing "$engine"); fi
done
rm -f results/engines.json results/engines.json.journal
if [ ${#engines[@]} -gt 0 ]; then
  "$PRUNEBENCH" run --suite positions/seed.epd --depths 1-6 "${engines[@]}" --out results/engines.json
  table_args+=(--engines results/engines.json)
fi
# Beside them, prunebench's exact search with one technique added at a time,
# the steps from the exact count to what engines count (README glossary:
# qsearch, selective options).
STEPS_BASE=pvs-id-tt-killers
STEPS_MODES="$STEPS_BASE,$STEPS_BASE+qsearch,$STEPS_BASE+qsearch+nullmove=2"
STEPS_MODES+=",$STEPS_BASE+qsearch+nullmove=2+lmr,$STEPS_BASE+qsearch+nullmove=2+lmr+futility=100"
rm -f results/engine-steps.json.journal
"$PRUNEBENCH" run --suite positions/seed.epd --depths 1-6 --modes "$STEPS_MODES" --threads 2 \
  --out results/engine-steps.json
# What differs from one reproduction to the next moves out of these files now
# (step 7), so the pages made from them in the background read what they will keep.
made=(results/reproduction.json results/reproduction-distinct.json results/ref003.json results/engine-steps.json)
[ -f results/engines.json ] && made+=(results/engines.json)
split_provenance "${made[@]}"
page /usr/bin/python3 scripts/engine_table.py results/reproduction.json "${table_args[@]}" \
  --steps results/engine-steps.json --out results/engines.md

# The study's positions: Bratko-Kopec and every 10th of WAC and of STS 1.
mkdir -p results/study
awk 'NR % 10 == 1' positions/wac.epd > results/study/wac-every-10th.epd
awk 'NR % 10 == 1' positions/sts1-undermining.epd > results/study/sts1-undermining-every-10th.epd
STUDY_SUITES=(--suite positions/bratko-kopec.epd --suite results/study/wac-every-10th.epd
  --suite results/study/sts1-undermining-every-10th.epd)

deep_start=$(date +%s%N)
mkdir -p results/deep
deep_run() {  # position id, depth[, modes]: a one-position suite, so each search gets every thread
  local modes=${3:-$MODES}
  grep "id \"$1\"" positions/seed.epd > "results/deep/$1.epd"
  rm -f "results/deep/$1-d$2.json" "results/deep/$1-d$2.json.journal"
  "$PRUNEBENCH" run --suite "results/deep/$1.epd" --depths "$2" --modes "$modes" --threads "$(nproc)" \
    --out "results/deep/$1-d$2.json"
}
if $deep; then
  step "beyond the article (--deep): start depth 7, middlegame depth 6, every mode"
  # Both at once: the cores stay busy while one position's single-thread
  # (alpha-beta) searches run.
  deep_run start 7 &
  start_pid=$!
  deep_run middlegame 6
  wait "$start_pid"
fi
if $campaigns; then
  step "the exact minimal tree alone, two plies beyond the article (--campaigns): start depth 8, middlegame depth 7"
  deep_run start 8 minimal &
  start_pid=$!
  deep_run middlegame 7 minimal
  wait "$start_pid"
  step "the ordering study one ply deeper: depth 6, every mode but minimax and oracle"
  # Minimax's nodes are Σ perft(0..6), which the run's position facts hold;
  # oracle's exact values of every child are left to the main job's depths.
  rm -f results/deep/study-d6.json results/deep/study-d6.json.journal
  "$PRUNEBENCH" run "${STUDY_SUITES[@]}" --depths 6 \
    --modes unordered,canonical,fail-hard,mvv-lva,mvv-lva-canonical,mvv-lva-fail-hard,quiet-pst,pvs,mtdf,id-tt,id-tt-killers,pvs-id-tt-killers,minimal \
    --threads "$(nproc)" --out results/deep/study-d6.json
  step "the enhancement experiments one ply deeper: Bratko-Kopec at depth 6"
  rm -f results/deep/enhancements-bratko-kopec-d6.json results/deep/enhancements-bratko-kopec-d6.json.journal
  "$PRUNEBENCH" run --suite positions/bratko-kopec.epd --depths 6 --modes "$ENHANCEMENT_MODES" \
    --threads "$(nproc)" --out results/deep/enhancements-bratko-kopec-d6.json
  step "the price of pruning one and two plies deeper: depths 5 and 6"
  mkdir -p results/deep/pruning
  for depth in 5 6; do
    rm -f "results/deep/pruning/d$depth.json" "results/deep/pruning/d$depth.json.journal"
    "$PRUNEBENCH" run "${STUDY_SUITES[@]}" --depths "$depth" --modes "$PRUNING_MODES" \
      --threads "$(nproc)" --out "results/deep/pruning/d$depth.json"
  done
  step "parallel alpha-beta deeper: the parallel model on Bratko-Kopec at depths 5-6, 1-64 processors"
  # About five minutes a depth on 2 cores; depth 7, even with the table mode
  # alone, would take one to two hours (each processor's node is a switch of
  # fibers, and 64 processors search about three times the serial nodes).
  mkdir -p results/deep/parallel
  for depth in 5 6; do
    rm -f "results/deep/parallel/d$depth.json" "results/deep/parallel/d$depth.json.journal"
    "$PRUNEBENCH" run --suite positions/bratko-kopec.epd --depths "$depth" \
      --modes "$(parallel_modes "$PARALLEL_BASES" 1 2 4 8 16 32 64)" --threads "$(nproc)" \
      --out "results/deep/parallel/d$depth.json"
  done
  step "the minimal graph at depth 3: both positions, every instance, $GRAPH_DEEP_TIME_LIMIT s a CBC run"
  # The exact solves do not end (CBC is killed at the limit); the LP relaxation
  # does, well within it: the lower bounds of the minimal-tree pages at depth 3.
  /usr/bin/python3 scripts/minimal_graph.py --prunebench "$PRUNEBENCH" --depths 3 \
    --time-limit "$GRAPH_DEEP_TIME_LIMIT" --out results/deep/minimal_graph > /dev/null
fi
if $deep || $campaigns; then echo "deep rows: $(( ($(date +%s%N) - deep_start) / 1000000 )) ms"; fi

step "reference 000's generator order: the closest scan order, figure by figure"
# The order scripts/reproduce.sh --scan-orders found closest (results/scan_orders.txt).
CLOSEST_SCAN_ORDER=scan:pieces=NKBPRQ/captures=last/split=piece/from=h1h8/to=h8a8
"$PRUNEBENCH" scan-orders --order "$CLOSEST_SCAN_ORDER" > results/scan_order_closest.txt
if $scan_orders; then
  "$PRUNEBENCH" scan-orders --threads "$(nproc)" > results/scan_orders.txt
fi

step "synthetic trees: reference 001 (b=6, d=6, 20 trees) and reference 002"
tree_random() {  # name, then options for 'prunebench tree random'
  local name=$1
  shift
  "$PRUNEBENCH" tree random --branching 6 --depth 6 --trees 20 --seed 1 --json "$@" > "results/trees/$name.json"
}
rm -f results/trees/*.json
for order in natural random best worst; do
  tree_random "alphabeta-$order" --order "$order" --algo alphabeta
  tree_random "pvs-$order" --order "$order" --algo pvs
done
tree_random "minimax-natural" --order natural --algo minimax
tree_random "minimal-natural" --order natural --algo minimal
tree_random "alphabeta-oracle" --order oracle --algo alphabeta
for guess in 0 true true+1 true-1 true+5 true-5 true+20 true-20 poor; do
  tree_random "mtdf-natural-guess-$guess" --order natural --algo mtdf --guess "$guess"
done
for order in ABC ACB BAC BCA CAB CBA; do
  "$PRUNEBENCH" tree standing --order "$order" --json > "results/trees/standing-$order.json"
done
"$PRUNEBENCH" tree theory --json > results/trees/theory.json
split_provenance results/trees/*.json

step "the minimal graph: reference 000's positions, exact by integer programming, $GRAPH_TIME_LIMIT s a solve; the tables and plots of steps 2-3"
# Table modes against the minimal graph: its bounds from the --distinct-nodes
# run, tightened where integer programming solved an instance (depth 3 comes
# from --campaigns and is tracked, so the pages are the same without it).
# Everything it reads is written by now: it runs in the background beside
# the study's searches, not after them (a quarter of a minute of solves and
# plots, one core).
graph_files=(--graph results/minimal_graph.json)
[ -f results/deep/minimal_graph/minimal_graph.json ] && graph_files+=(--graph results/deep/minimal_graph/minimal_graph.json)
minimal_graph_and_tables() {
  /usr/bin/python3 scripts/minimal_graph.py --prunebench "$PRUNEBENCH" --depths "$GRAPH_DEPTHS" \
    --time-limit "$GRAPH_TIME_LIMIT" --max-instance-nodes "$GRAPH_MAX_INSTANCE_NODES" --out results > /dev/null
  /usr/bin/python3 scripts/make_tables.py results/reproduction.json --tree-dir results/trees --out results --reference \
    --distinct results/reproduction-distinct.json "${graph_files[@]}"
}
page minimal_graph_and_tables

step "the ordering study: Bratko-Kopec, every 10th of WAC and of STS 1, depths 1-5, every mode but minimax"
rm -f results/study/run.json.journal
# Every mode but minimax: the study and its tables read minimax's nodes as
# Σ perft(0..d), which the run's facts hold (README glossary: reduction), and
# a full-width pass would be the run's costliest search. The minimal tree is
# computed without one, so every position has it.
"$PRUNEBENCH" run "${STUDY_SUITES[@]}" --depths 1-5 --modes "${MODES#minimax,}" \
  --threads 2 --out results/study/run.json
rm -f results/study/ref003.json.journal
"$PRUNEBENCH" run "${STUDY_SUITES[@]}" --depths 1-5 --modes "$REF003_MODES" \
  --threads 2 --out results/study/ref003.json
# Depth 6 comes from --campaigns (results/deep/study-d6.json); once made it is
# tracked, so the study is the same whether or not this run made it again.
study_runs=(results/study/run.json)
[ -f results/deep/study-d6.json ] && study_runs+=(results/deep/study-d6.json)
page /usr/bin/python3 scripts/study.py "${study_runs[@]}" --baseline unordered --out results/study
page /usr/bin/python3 scripts/study.py "${study_runs[@]}" --baseline unordered \
  --suite positions/bratko-kopec.epd --out results/study/bratko-kopec

step "the enhancement experiments (Schaeffer 1989, Plaat et al. 1996): every combination, depths 4-5"
rm -f results/study/enhancements.json.journal
"$PRUNEBENCH" run "${STUDY_SUITES[@]}" --depths 4-5 --modes "$ENHANCEMENT_MODES" \
  --threads 2 --out results/study/enhancements.json
# The depth-6 rows come from --campaigns; once made they are tracked, so the page
# is the same whether or not this run made them again.
deeper=()
[ -f results/deep/enhancements-bratko-kopec-d6.json ] && deeper=(results/deep/enhancements-bratko-kopec-d6.json)
minimal_from=(--minimal-from results/study/run.json)
[ -f results/deep/study-d6.json ] && minimal_from+=(--minimal-from results/deep/study-d6.json)
page /usr/bin/python3 scripts/enhancements.py results/study/enhancements.json "${deeper[@]}" "${minimal_from[@]}" \
  --out results/study

step "the price of pruning: selective modes against their exact references, depths 2-4"
# Depth 5 (14 CPU seconds) would more than double this step: it comes from
# --campaigns, with depth 6; once made they are tracked, so the page is the same
# whether or not this run made them again.
rm -f results/study/pruning.json.journal
"$PRUNEBENCH" run "${STUDY_SUITES[@]}" --depths 2-4 --modes "$PRUNING_MODES" \
  --threads 2 --out results/study/pruning.json
pruning_runs=(results/study/pruning.json)
for depth in 5 6; do
  if [ -f "results/deep/pruning/d$depth.json" ]; then pruning_runs+=("results/deep/pruning/d$depth.json"); fi
done
page /usr/bin/python3 scripts/pruning.py "${pruning_runs[@]}" --out results/study

step "parallel alpha-beta: the parallel model on Bratko-Kopec at depth 4, 1-16 processors"
# The model's counts are exact: its runs are tracked, and depths 5-6 on up to
# 64 processors come from --campaigns. Real threads' times and counts change every
# run: that run and its page go to results/provenance/parallel/ (git-ignored).
rm -f results/study/parallel-model.json.journal
"$PRUNEBENCH" run --suite positions/bratko-kopec.epd --depths 4 \
  --modes "$(parallel_modes "$PARALLEL_BASES" 1 2 4 8 16)" --threads 2 --out results/study/parallel-model.json
parallel_runs=(results/study/parallel-model.json)
for depth in 5 6; do
  if [ -f "results/deep/parallel/d$depth.json" ]; then parallel_runs+=("results/deep/parallel/d$depth.json"); fi
done
page /usr/bin/python3 scripts/parallel.py "${parallel_runs[@]}" --out results/study

step "the bug museum: each named bug planted in the search, and which check catches it"
# Exit 1 when a check misses a bug: the reproduction stops there (at wait_pages).
museum() { "$PRUNEBENCH" museum --csv results/museum.csv --markdown results/museum.md > /dev/null; }
page museum

step "the pages written in the background: the tables and plots of steps 1-6"
wait_pages

step "parallel alpha-beta on this machine's threads: YBWC and lazy SMP, 3 repeats (times: not tracked)"
# Last, with nothing beside it: its times are the measurement.
mkdir -p results/provenance/parallel
rm -f results/provenance/parallel/real.json results/provenance/parallel/real.json.journal
"$PRUNEBENCH" run --suite positions/bratko-kopec.epd --depths 5 --modes "$PARALLEL_REAL_MODES" --threads 2 \
  --repeat 3 --out results/provenance/parallel/real.json
/usr/bin/python3 scripts/parallel.py "${parallel_runs[@]}" --real results/provenance/parallel/real.json \
  --out results/provenance/parallel > /dev/null

step "provenance of the remaining runs: times, commit and CPU out of the tracked files (results/provenance/, git-ignored)"
# Running this script twice on one commit must leave results/ as it was.
shopt -s nullglob
# (results/baseline.json is scripts/baseline.sh's, and keeps its provenance.)
split_provenance results/study/*.json results/deep/*.json results/deep/pruning/*.json results/deep/parallel/*.json
shopt -u nullglob

step "results/README.md"
/usr/bin/python3 scripts/results_readme.py results

end=$(date +%s%N)
echo "reproduction: $(( (end - start) / 1000000 )) ms (build excluded)"
