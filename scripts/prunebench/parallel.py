"""Parallel alpha-beta, measured: the parallel model's speed-up, search
overhead and efficiency on P virtual processors (smp=model, README glossary:
parallel model), over the positions of a run, beside the published figures;
and, when given, real runs on threads (smp=ybwc, smp=lazy) beside the model
on as many processors.

Per base mode (the mode without its smp= and processors= items), depth and
P, over the positions that have the record:

  speedup     geometric mean of serial nodes ÷ virtual time, with the study's
              95 % percentile bootstrap interval over positions
  overhead    geometric mean of the processors' nodes ÷ serial nodes, with its interval
  efficiency  speedup ÷ P
  estimate    geometric mean of the work/critical-path speed-up, serial nodes ÷ (serial nodes ÷ P + C)

Real runs: per scheme, mode, depth and thread count, the geometric mean over
positions of each record's median overhead and median speed-up over its
--repeat runs (seconds: they depend on the machine and its load).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from prunebench import load, study

MODEL = "model"
SMP_ITEMS = ("smp=", "processors=")


@dataclass
class Parallel:
    table: pd.DataFrame            # one row per base mode, depth and P: the model
    real: pd.DataFrame | None      # one row per scheme, mode, depth, threads: real runs, beside the model
    published: list[dict]          # scripts/reference_figures.json's "parallel" schemes
    seed: int
    resamples: int
    notes: list[str] = field(default_factory=list)


def base_mode(mode: str) -> str:
    """'pvs-id-tt-killers+smp=model+processors=8' -> 'pvs-id-tt-killers'."""
    return "+".join(item for item in mode.split("+") if not item.startswith(SMP_ITEMS))


def _model_rows(run: dict) -> pd.DataFrame:
    rows = []
    for record in run["records"]:
        figures = record.get("parallel", {})
        model = figures.get("model")
        if model is None:
            continue
        serial = figures["serial_nodes"]
        rows.append({"mode": base_mode(record["mode"]), "depth": record["depth"], "position": record["position_id"],
                     "processors": model["processors"], "serial_nodes": serial, "nodes": figures["nodes"],
                     "time": model["time"], "span": model["span"], "speedup": model["speedup"],
                     "overhead": figures["overhead"], "estimate": model["work_span_speedup"],
                     "value_differs": record.get("value_differs_from_serial", False)})
    return pd.DataFrame(rows)


def _interval(values: pd.Series, rng: np.random.Generator, resamples: int) -> tuple[float, float]:
    return study.bootstrap_interval(np.log(values.to_numpy(dtype="float64")), rng, resamples)


def model_table(rows: pd.DataFrame, seed: int, resamples: int) -> pd.DataFrame:
    table = []
    for (mode, depth, processors), cell in rows.groupby(["mode", "depth", "processors"], sort=False):
        speedup = study.geometric_mean(cell["speedup"])
        low, high = _interval(cell["speedup"], study.depth_rng(seed, depth), resamples)
        o_low, o_high = _interval(cell["overhead"], study.depth_rng(seed, depth), resamples)
        table.append({"mode": mode, "depth": depth, "processors": processors, "positions": len(cell),
                      "speedup": speedup, "speedup_low": low, "speedup_high": high,
                      "overhead": study.geometric_mean(cell["overhead"]), "overhead_low": o_low,
                      "overhead_high": o_high, "efficiency": speedup / processors,
                      "estimate": study.geometric_mean(cell["estimate"]),
                      "pooled_speedup": cell["serial_nodes"].sum() / cell["time"].sum(),
                      "values_differ": int(cell["value_differs"].sum())})
    columns = ["mode", "depth", "processors"]
    return pd.DataFrame(table).sort_values(columns, kind="stable").reset_index(drop=True)


def _median(values: list[float]) -> float:
    """The lower middle for an even count, as prunebench's own spread."""
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2]


def real_table(run: dict, model: pd.DataFrame) -> pd.DataFrame:
    """Each real scheme's medians over repeats, by mode, depth and threads, beside the model on as many processors."""
    rows = []
    for record in run["records"]:
        figures = record.get("parallel")
        if not figures or "model" in figures:
            continue
        serial, seconds = figures["serial_seconds"], figures["repeat_seconds"]
        overheads = [nodes / figures["serial_nodes"] for nodes in figures["repeat_nodes"]]
        speedups = [serial / s for s in seconds if s > 0]
        rows.append({"scheme": record["spec"].get("smp"), "mode": base_mode(record["mode"]),
                     "depth": record["depth"], "threads": figures["threads"], "repeats": len(seconds),
                     "overhead": _median(overheads), "speedup": _median(speedups) if speedups else math.nan})
    if not rows:
        return pd.DataFrame()
    frame = pd.DataFrame(rows)
    table = (frame.groupby(["scheme", "mode", "depth", "threads"], sort=False)
             .agg(positions=("overhead", "size"), repeats=("repeats", "min"),
                  overhead=("overhead", study.geometric_mean), speedup=("speedup", study.geometric_mean))
             .reset_index())
    beside = model.rename(columns={"processors": "threads", "speedup": "model_speedup",
                                   "overhead": "model_overhead"})[
        ["mode", "depth", "threads", "model_speedup", "model_overhead"]]
    return table.merge(beside, on=["mode", "depth", "threads"], how="left")


def parallel(run: dict, seed: int, resamples: int, real: dict | None = None,
             reference: dict | None = None) -> Parallel:
    rows = _model_rows(run)
    if rows.empty:
        raise load.DataError("no smp=model records: run modes such as pvs-id-tt-killers+smp=model+processors=4")
    notes = []
    differing = int(rows["value_differs"].sum())
    if differing:
        notes.append(f"{differing} model records have a value other than the serial search's")
    table = model_table(rows, seed, resamples)
    published = (reference or load.load_reference()).get("parallel", {}).get("schemes", [])
    return Parallel(table, real_table(real, table) if real else None, published, seed, resamples, notes)
