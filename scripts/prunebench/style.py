"""One colour, marker and line style per mode, the same in every plot, run and notebook.

A reader learns once that pvs is a green triangle and finds it so in every
figure; a mode's style never depends on which other modes a run holds or in
which order. Every mode the project names has a fixed entry (STYLES); a mode
composed on one of them ("id-tt+tt-draft=ge") keeps its base's colour with a
dashed line and a marker of its own; any other name (an external engine, a
composition without a named base) gets a colour and marker chosen by a hash of
the name (CRC-32, not Python's salted hash()), so it too is the same on every
run.
"""

from __future__ import annotations

import zlib
from typing import NamedTuple


class Style(NamedTuple):
    colour: str
    marker: str
    linestyle: str = "-"


# Named modes (README "Modes"; engine/search/spec.cpp) and the packaged UCI
# engines (results/engines.md). Related modes share a hue family: the
# generator-order searches blues, MVV-LVA oranges and browns, the table
# searches reds. Every (colour, marker) pair is distinct.
STYLES: dict[str, Style] = {
    "minimax": Style("black", "o"),
    "negamax": Style("dimgrey", "s"),
    "unordered": Style("tab:blue", "^"),
    "alphabeta": Style("tab:blue", "x"),  # the same search as unordered, under its other name
    "fail-hard": Style("tab:cyan", "v"),
    "canonical": Style("midnightblue", "D"),
    "mvv-lva": Style("tab:orange", "o"),
    "mvv-lva-fail-hard": Style("darkgoldenrod", "v"),
    "mvv-lva-canonical": Style("tab:brown", "D"),
    "quiet-pst": Style("tab:olive", "s"),
    "pvs": Style("tab:green", "^"),
    "mtdf": Style("tab:purple", "P"),
    "id-tt": Style("tab:red", "o"),
    "id-tt-killers": Style("darkred", "s"),
    "pvs-id-tt-killers": Style("tab:pink", "^"),
    "oracle": Style("teal", "*"),
    "minimal": Style("tab:gray", "X"),
    "stockfish": Style("darkgreen", "<"),
    "ethereal-chess": Style("royalblue", ">"),
    "toga2": Style("peru", "d"),
    "glaurung": Style("mediumvioletred", "p"),
}

# Markers no named mode uses, for the variants of a named mode.
VARIANT_MARKERS = ("h", "8", "H", "d", "p", "<", ">")
# Colours no entry above uses, for names with no named base.
FALLBACK_COLOURS = ("deepskyblue", "yellowgreen", "orchid", "slategray", "mediumseagreen", "indianred",
                    "darkkhaki", "cadetblue", "sandybrown", "mediumpurple")
FALLBACK_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "p")


def _hash(name: str) -> int:
    return zlib.crc32(name.encode("utf-8"))


def _named_base(mode: str) -> str | None:
    """The named mode a composed mode starts with ("id-tt" of "id-tt+tt-draft=ge"), if any."""
    for separator in ("+", ","):
        head = mode.split(separator, 1)[0]
        if head != mode and head in STYLES:
            return head
    return None


def mode_style(mode) -> Style:
    """The style of one mode, a function of its name alone."""
    mode = str(mode)
    if mode in STYLES:
        return STYLES[mode]
    base = _named_base(mode)
    if base is not None:
        return Style(STYLES[base].colour, VARIANT_MARKERS[_hash(mode) % len(VARIANT_MARKERS)], "--")
    code = _hash(mode)
    return Style(FALLBACK_COLOURS[code % len(FALLBACK_COLOURS)],
                 FALLBACK_MARKERS[(code // len(FALLBACK_COLOURS)) % len(FALLBACK_MARKERS)], ":")


def mode_colours(modes) -> dict:
    """{mode: colour} for the given modes; each colour is the mode's own, not its place."""
    return {mode: mode_style(mode).colour for mode in modes}


def mode_markers(modes) -> dict:
    return {mode: mode_style(mode).marker for mode in modes}
