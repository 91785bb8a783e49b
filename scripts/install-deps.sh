#!/usr/bin/env bash
# Installs the Debian packages prunebench needs, only those missing.
# Usage: scripts/install-deps.sh
source "$(dirname "$0")/help.sh"  # -h/--help: print the usage above, exit 0
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build clang git
  libclang-rt-14-dev  # libFuzzer and the sanitizer runtimes of Debian 12's clang (fuzz/)
  libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev
  libboost-context-dev  # the parallel model's fibers (engine/search/fiber.h)
  nettle-dev pkg-config  # SHA-256 of the suite files a run reads (harness/io/sha256.*)
  python3-matplotlib python3-pandas python3-scipy python3-pytest
  python3-distributed  # scripts/dask_run.py and its tests (dask-scheduler, dask-worker)
  python3-jsonschema python3-fastjsonschema  # docs/schema/*.json, read by scripts/prunebench/load.py and the tests
  python3-yaml        # tests/scripts/test_ci_examples.py parses examples/ci/*.yml
  python3-pulp coinor-cbc  # scripts/minimal_graph.py: the minimal graph as an integer program, solved by CBC
  jupyter-nbconvert python3-ipykernel
  stockfish ethereal-chess toga2 glaurung polyglot
  valgrind  # scripts/instruction_counts.py (instruction counts, a speed proxy on a busy machine)
)

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing missing packages: ${missing[*]}" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 2; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
