#!/usr/bin/python3
"""Measures the figures of docs/scaling.md and writes them between its markers.

usage: scripts/scaling_figures.py [--prunebench PATH] [--write docs/scaling.md]

1. Overhead: the same shallow run (positions/wac.epd, depth 1, one mode: the
   searches are nearly free, so the time is overhead) by `prunebench run
   --threads 2` and by scripts/dask_run.py on a local cluster of 2 workers;
   a 2-position dask run gives the cluster's fixed start-up cost.
2. Rate: `prunebench run --threads 1` of positions/bratko-kopec.epd at depths
   1-4 in the study's 12 modes, against the cost model's estimate of the same
   run (`run --list-plan`): seconds per unit of estimated cost.
   The calibration run's own record times, summed per shard of a 4-way cut,
   show how well the model balances shards.
3. The study: the cost model's estimate for depths 1-6 in 12 modes, averaged
   over bratko-kopec's positions and scaled to 10,000 positions, times the
   rate, on 1, 8 and 100 machines like this one.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from prunebench import output

REPO = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- scaling-figures:begin -->", "<!-- scaling-figures:end -->"
STUDY_MODES = ("minimax,negamax,unordered,fail-hard,mvv-lva,mvv-lva-fail-hard,quiet-pst,pvs,mtdf,"
               "id-tt,id-tt-killers,pvs-id-tt-killers")
STUDY_POSITIONS, STUDY_DEPTHS, MACHINES = 10_000, "1-6", (1, 8, 100)
CORES = 2  # workers per machine, as measured here
WAC, BK, SEED = (str(REPO / "positions" / name) for name in ("wac.epd", "bratko-kopec.epd", "seed.epd"))


def timed(command):
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"error: {' '.join(command)} failed: {done.stderr.strip()}")
    return time.monotonic() - started, done.stdout


def list_plan(prunebench, suite, depths, modes, *options):
    _, listing = timed([prunebench, "run", "--suite", suite, "--depths", depths, "--modes", modes, "--list-plan",
                        *options])
    return json.loads(listing)["positions"]


def estimated_cost(prunebench, suite, depths, modes):
    return [position["estimated_cost"] for position in list_plan(prunebench, suite, depths, modes)]


def busiest_shares(prunebench, calibration_run):
    """The busiest of 4 shards' share of the measured search time: cut by the cost model, and by count."""
    seconds = {}
    for record in json.loads(Path(calibration_run).read_text(encoding="utf-8"))["records"]:
        seconds[record["position_id"]] = seconds.get(record["position_id"], 0.0) + record["seconds"]
    positions = list_plan(prunebench, BK, "1-4", STUDY_MODES, "--shard", "1/4")
    by_model, by_count = [0.0] * 4, [0.0] * 4
    for index, position in enumerate(positions):
        by_model[position["shard"] - 1] += seconds[position["id"]]
        by_count[index * 4 // len(positions)] += seconds[position["id"]]
    total = sum(seconds.values())
    return max(by_model) / total, max(by_count) / total


def measure(prunebench, scratch):
    dask = [sys.executable, str(REPO / "scripts" / "dask_run.py"), "--prunebench", prunebench, "--workers", "2",
            "--depths", "1", "--modes", "pvs"]
    run_seconds, _ = timed([prunebench, "run", "--suite", WAC, "--depths", "1", "--modes", "pvs", "--threads", "2",
                            "--out", f"{scratch}/run.json"])
    startup_seconds, _ = timed(dask + ["--suite", SEED, "--out", f"{scratch}/seed.json"])
    dask_seconds, _ = timed(dask + ["--suite", WAC, "--out", f"{scratch}/dask.json"])
    calibration_seconds, _ = timed([prunebench, "run", "--suite", BK, "--depths", "1-4", "--modes", STUDY_MODES,
                                    "--threads", "1", "--out", f"{scratch}/bk.json"])
    return {"run": run_seconds, "startup": startup_seconds, "dask": dask_seconds, "calibration": calibration_seconds,
            "calibration_cost": sum(estimated_cost(prunebench, BK, "1-4", STUDY_MODES)),
            "busiest": busiest_shares(prunebench, f"{scratch}/bk.json"),
            "study_costs": estimated_cost(prunebench, BK, STUDY_DEPTHS, STUDY_MODES)}


def duration(seconds):
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def report(m, load):
    wac_records = 300
    per_record_run = m["run"] / wac_records
    per_task_dask = (m["dask"] - m["startup"]) / (wac_records - 2)
    overhead = per_task_dask - per_record_run
    rate = m["calibration"] / m["calibration_cost"]
    mean_cost = sum(m["study_costs"]) / len(m["study_costs"])
    study_cost = mean_cost * STUDY_POSITIONS
    cpu_seconds = study_cost * rate
    records = STUDY_POSITIONS * 6 * len(STUDY_MODES.split(","))
    loaded = f"load average {load:.1f} on {os.cpu_count()} cores" + (
        " — **a loaded machine: the times are pessimistic**" if load > os.cpu_count() else "")
    lines = [
        f"Measured by `scripts/scaling_figures.py --write docs/scaling.md` ({loaded}).",
        "",
        "| what | measured |",
        "|---|---|",
        f"| `run --threads 2`, wac.epd depth 1, pvs (300 records) | {m['run']:.2f} s, "
        f"{1000 * per_record_run:.1f} ms per record |",
        f"| `dask_run.py --workers 2`, seed.epd (2 tasks): cluster start-up | {m['startup']:.1f} s |",
        f"| `dask_run.py --workers 2`, wac.epd (300 tasks) | {m['dask']:.1f} s, "
        f"{1000 * per_task_dask:.1f} ms per task after start-up |",
        f"| **Dask overhead per task** (= per record here) over `run --threads 2` | **{1000 * overhead:.1f} ms** |",
        f"| `run --threads 1`, bratko-kopec.epd depths 1-4, 12 modes | {m['calibration']:.1f} s for "
        f"{m['calibration_cost']:.3g} cost units: **{1e9 * rate:.1f} s per 10⁹ units** |",
        f"| the same run cut into 4 shards: the busiest shard's share of the search time | by the cost model "
        f"{100 * m['busiest'][0]:.0f} %, by position count {100 * m['busiest'][1]:.0f} % (ideal 25 %) |",
        "",
        f"The study: {STUDY_POSITIONS:,} positions × depths {STUDY_DEPTHS} × 12 modes = {records:,} records. "
        f"The cost model gives bratko-kopec's positions a mean of {mean_cost:.3g} units at depths {STUDY_DEPTHS} "
        f"in the 12 modes, so the study costs {study_cost:.3g} units, {cpu_seconds / 3600:,.0f} CPU-hours at the "
        f"measured rate. A task per position is {records // STUDY_POSITIONS} records, so the Dask overhead is "
        f"{1000 * overhead / (records // STUDY_POSITIONS):.2f} ms per record. Wall time on M machines of "
        f"{CORES} cores: CPU-time ÷ ({CORES} M), plus for Dask one task per position × the overhead per task ÷ M "
        "and the start-up once:",
        "",
        "| machines | `run --shard K/M` + `merge` | `dask_run.py` (a task per position) |",
        "|---|---|---|",
    ]
    for machines in MACHINES:
        search = cpu_seconds / (CORES * machines)
        dask_extra = STUDY_POSITIONS * overhead / machines + m["startup"]
        lines.append(f"| {machines} | {duration(search)} | {duration(search + dask_extra)} |")
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prunebench", default=str(REPO / "build" / "harness" / "prunebench"))
    parser.add_argument("--write", metavar="DOC", help="replace the text between the markers of DOC")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        figures = report(measure(args.prunebench, scratch), os.getloadavg()[0])
    if not args.write:
        sys.stdout.write(figures)
        return 0
    doc = Path(args.write).read_text(encoding="utf-8")
    if BEGIN not in doc or END not in doc:
        sys.exit(f"error: {args.write} has no {BEGIN} ... {END} markers")
    head, rest = doc.split(BEGIN, 1)
    output.write_text(args.write, head + BEGIN + "\n" + figures + END + rest.split(END, 1)[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
