#!/usr/bin/env bash
# README command 1: set up this machine, build, and run the main job.
#   - installs any missing Debian packages (scripts/install-deps.sh)
#   - configures and builds the Release build in build/
#   - runs perft over the perft suite and checks every published count
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/build.sh build

echo "== perft over positions/perft.epd (counts up to 10 M leaves)"
start=$(date +%s%N)
build/harness/prunebench perft --suite positions/perft.epd --max-leaves 10000000
end=$(date +%s%N)
echo "main job: $(( (end - start) / 1000000 )) ms"
