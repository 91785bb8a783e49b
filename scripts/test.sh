#!/usr/bin/env bash
# README command 2: builds and runs every test.
# Usage: scripts/test.sh
#   1. the Release build (g++): GoogleTest (default label "fast"; `ctest -L slow` for the rest)
#   2. the node-count baseline: any changed count fails (scripts/baseline.sh)
#   3. one clang++ build with warnings as errors, AddressSanitizer + UndefinedBehaviorSanitizer,
#      libFuzzer's coverage and the magic-bitboard fallback (-DPRUNEBENCH_PEXT=OFF, so it
#      cannot rot): the same tests, the same node counts (another compiler, build type and
#      slider lookup), and a smoke run of every fuzz target
#   3b. ThreadSanitizer on the parallel alpha-beta tests alone (ybwc_test: many short searches
#      on 1-8 threads; lazy_smp_test: on 1-4 threads sharing one lock-free table), about 3
#      minutes on 2 cores (build ~2, the two runs under 1 together)
#   4. pytest for the Python scripts (and the notebook, executed headless)
#   5. fault injection: kill/resume, full disk, read-only folder, concurrent runs
# Each stage's heading shows the time spent so far.
source "$(dirname "$0")/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage's heading carries the time spent so far, so a CI log shows where the minutes go.
stage() { printf '== %s  [%dm%02ds elapsed]\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }
trap 'stage "end (exit $?)"' EXIT

scripts/install-deps.sh

stage "Release build and tests"
scripts/build.sh build
ctest --test-dir build -L fast --output-on-failure -j "$(nproc)"

stage "Node-count baseline (results/baseline.json, results/bench-signature.txt)"
scripts/baseline.sh check

stage "clang++ build: warnings are errors, ASan + UBSan + fuzzing coverage, magic bitboards; its tests, counts and fuzz targets"
# One build serves four checks that each used to take a build of their own.
# The Release build above uses PEXT where the CPU has it, so this one takes
# the magic-bitboard lookup: between them both paths pass every test and give
# the baseline's counts, and the table-indexing one runs under AddressSanitizer.
# Line tables are all a sanitizer's report needs (file and line of each
# frame); full debug information made the build a fifth slower.
SANITIZER_BUILD_FLAGS="-O2 -gline-tables-only -DNDEBUG"
CXX=clang++ scripts/build.sh build-clang -DCMAKE_CXX_FLAGS=-Werror -DPRUNEBENCH_FUZZ=ON -DPRUNEBENCH_PEXT=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$SANITIZER_BUILD_FLAGS" \
  -DPRUNEBENCH_BUILD_BENCHMARKS=OFF
build-clang/harness/prunebench --version | grep -x 'pext off'  # the lookup this build exists to check
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-clang -L fast --output-on-failure -j "$(nproc)"
PRUNEBENCH=build-clang/harness/prunebench scripts/baseline.sh check
fuzz/smoke.sh build-clang 50000

stage "ThreadSanitizer: the parallel alpha-beta tests (ybwc_test, lazy_smp_test) alone"
# One test binary, not the whole tree: a data race or a deadlock in smp= fails here, in minutes.
CXX=clang++ cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPRUNEBENCH_BUILD_BENCHMARKS=OFF \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$SANITIZER_BUILD_FLAGS" \
  "-DCMAKE_CXX_FLAGS=-fsanitize=thread -fno-omit-frame-pointer" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread >/dev/null
cmake --build build-tsan -j "$(nproc)" --target ybwc_test lazy_smp_test
TSAN_OPTIONS=halt_on_error=1 timeout 600 build-tsan/tests/engine/search/ybwc_test
TSAN_OPTIONS=halt_on_error=1 timeout 600 build-tsan/tests/engine/search/lazy_smp_test

if [ -d tests/scripts ] && ls tests/scripts/test_*.py >/dev/null 2>&1; then
  stage "Python scripts"
  /usr/bin/python3 -m pytest tests/scripts -q
fi

stage "Fault injection (kill/resume, full disk, read-only folder, concurrent runs)"
tests/fault_injection.sh build/harness/prunebench
