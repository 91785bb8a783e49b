// What to run: the search specification and the named modes.
//
// A SearchSpec says which algorithm runs, with which policies (fail-soft or
// fail-hard, move ordering, transposition table, iterative deepening,
// aspiration, mate scoring). The CLI names specs with mode strings:
//
//   a named mode          mvv-lva, pvs, id-tt-killers, ...   (see named_modes())
//   options               algo=pvs,order=mvv-lva,tt,killers
//   a mode plus options   mvv-lva+killers+history   ('+' and ',' both separate items)
//
// In a list of modes (--modes) commas separate the modes, so there a mode's
// options are joined with '+' only (harness/options/mode_list.h).
//
// A named mode may only come first; options then change it. Without one the
// base is plain fail-soft alpha-beta in natural order ("unordered"). Options:
//
//   algo=minimax|negamax|alphabeta|pvs|mtdf|minimal   fail=soft|hard
//   order=natural|mvv-lva|quiet-pst|canonical|best|worst|random|oracle   seed=N (random order)
//   tiebreak=generator|canonical|scan:...   equal ordering keys in generator
//                     order (the default), in canonical order (ascending UCI
//                     string) or in a scan order (engine/scan_order.h)
//   tt | tt=MB        transposition table (default 16 MB), hash move first
//   tt-draft=eq|ge    an entry ends a node when its draft equals the remaining
//                     depth (default, exact) or is at least it (reference 003)
//   no-tt-move        keep the table, but not its move first;   no-tt
//   pv-move           previous iteration's PV move first (needs id)
//   killers  history  id  aspiration=W (needs id)  guess=N (mtdf)  mate-distance
//   minimal-memory=MB the exact minimal tree's memory (default 1024 MB; minimal only)
//   qsearch           quiescence search at the horizon (quiescence.h): the
//                     search returns the Q-value instead of the fixed-depth value
//   qsearch=checks    the same, with quiet checks at the first quiescence ply
//   nullmove=R        null-move pruning, reduction R >= 1 (selective.h);
//   nullmove=adaptive R = 2 or 3 by depth and pieces (Heinz 1999);
//   nullmove=verified R = 3, a fail-high verified by a shallower search (David-Tabibi
//                     and Netanyahu 2002)
//   lmr | lmr=K       late move reductions after the first K moves, default 3
//   futility=MARGIN   futility pruning at frontier nodes, centipawns >= 0
//   extended-futility=MARGIN   the same at pre-frontier nodes (depth 2; needs futility)
//                     nullmove, lmr and futility are unsound (is_selective): not value-preserving.
//   smp=ybwc          Young Brothers Wait on --threads threads (ybwc.h):
//                     alphabeta and pvs only; the value is kept, the counts vary
//   smp=lazy          lazy SMP on --threads threads sharing one table (lazy_smp.h):
//                     alphabeta and pvs with tt, id and tt-draft=eq only; the
//                     value is kept, the counts vary
//   smp=model+processors=P   the parallel model: smp=ybwc on P virtual
//                     processors (1-256) in virtual time, on one thread
//                     (virtual_processors.h); exact counts and time; not with qsearch
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/search/ordering.h"
#include "engine/text.h"
#include "engine/types.h"

namespace prunebench {

// MINIMAL is not a search but the exact minimal tree (minimal.h): its
// counters describe the cheapest proof of the value, not work done.
enum class Algorithm { MINIMAX, NEGAMAX, ALPHABETA, PVS, MTDF, MINIMAL };
// Fail-soft returns the best value found even outside the window; fail-hard
// clamps every result into [alpha, beta] (reference 001).
enum class Fail { SOFT, HARD };
// When a table entry may end a node: only when its draft EQUALS the remaining
// depth (prunebench's rule, value-preserving), or when it is AT_LEAST as deep
// (reference 003's rule, what playing engines do: the search then returns
// values of deeper searches, no longer the fixed-depth value). See tt.h.
enum class TtDraft { EQUAL, AT_LEAST };
// How nullmove chooses R and what a null move's fail-high does (selective.h):
// a FIXED R and a cut-off; R by depth and pieces (ADAPTIVE, Heinz 1999) and a
// cut-off; R = 3 and, where the path's verify flag is on, a search one ply
// shallower instead of the cut-off (VERIFIED, David-Tabibi and Netanyahu 2002).
enum class NullMoveRule { FIXED, ADAPTIVE, VERIFIED };
// A parallel alpha-beta scheme on --threads threads (README glossary: smp):
// none (the search is serial, or split full width: search/split.h), Young
// Brothers Wait (search/ybwc.h), or lazy SMP, independent searches sharing
// one table (search/lazy_smp.h). Their counts depend on the threads' timing.
// The parallel model runs YBWC on --threads virtual processors in virtual
// time (search/virtual_processors.h): its counts are exact.
enum class Smp { NONE, YBWC, LAZY, MODEL };

struct SearchSpec {
  static constexpr std::size_t DEFAULT_TT_MEGABYTES = 16;
  static constexpr std::size_t DEFAULT_MINIMAL_MEGABYTES = 1024;

  Algorithm algorithm = Algorithm::ALPHABETA;
  Fail fail = Fail::SOFT;
  OrderingSpec ordering;
  bool tt = false;
  std::size_t tt_megabytes = DEFAULT_TT_MEGABYTES;
  TtDraft tt_draft = TtDraft::EQUAL;
  bool iterative_deepening = false;
  Score aspiration = 0;        // half-width of the window around the previous score; 0 = off
  Score mtdf_guess = 0;        // MTD(f)'s first guess (with iterative deepening: depth 1's)
  bool mate_distance = false;  // mates scored MATE - ply instead of a constant MATE
  // algo=minimal: the most memory its table of proofs may take (minimal.h).
  std::size_t minimal_megabytes = DEFAULT_MINIMAL_MEGABYTES;
  // Horizon nodes scored by a quiescence search (quiescence.h) rather than by
  // the static evaluation: the value searched becomes the Q-value.
  bool qsearch = false;
  // qsearch=checks: quiet checks at the horizon node too (the Q-value with checks).
  bool qsearch_checks = false;
  // The unsound options (README glossary): 0 / false / -1 is off.
  int null_move_reduction = 0;  // nullmove=R: the null child searched R plies shallower than a move's
  // nullmove=adaptive: R is null_move_reduction (2) or one more; verified: R = 3, fail-highs verified.
  NullMoveRule null_move_rule = NullMoveRule::FIXED;
  bool lmr = false;             // late move reductions
  int lmr_full_depth_moves = DEFAULT_LMR_FULL_DEPTH_MOVES;  // lmr=K: moves searched unreduced first
  Score futility_margin = -1;   // futility=MARGIN, centipawns
  Score extended_futility_margin = -1;  // extended-futility=MARGIN, at depth 2 (needs futility)
  Smp smp = Smp::NONE;          // smp=ybwc|lazy|model: parallel alpha-beta
  int processors = 0;           // processors=P: smp=model's virtual processors, 1..256

  static constexpr int DEFAULT_LMR_FULL_DEPTH_MOVES = 3;
  // nullmove=adaptive's smaller reduction (Heinz: 2, or 3 deep enough) and nullmove=verified's R.
  static constexpr int ADAPTIVE_NULL_MOVE_BASE = 2;
  static constexpr int VERIFIED_NULL_MOVE_REDUCTION = 3;

  bool operator==(const SearchSpec&) const = default;
};

// Whether the spec prunes or reduces by guesswork (nullmove, lmr, futility):
// its value may differ from its value function's, so its records carry the
// exact reference (search.h) of without_selective(spec).
inline bool is_selective(const SearchSpec& spec) {
  return spec.null_move_reduction > 0 || spec.lmr || spec.futility_margin >= 0;
}

// The spec with nullmove, lmr and futility off, everything else (qsearch
// included: it is part of the value function) kept.
inline SearchSpec without_selective(SearchSpec spec) {
  spec.null_move_reduction = 0;
  spec.null_move_rule = NullMoveRule::FIXED;
  spec.lmr = false;
  spec.lmr_full_depth_moves = SearchSpec::DEFAULT_LMR_FULL_DEPTH_MOVES;
  spec.futility_margin = -1;
  spec.extended_futility_margin = -1;
  return spec;
}

// False for specs that do not return the fixed-depth minimax value by design
// (tt-draft=ge, and the selective options): their records carry
// value_differs_from_minimax instead of being checked against minimax.
inline bool is_value_preserving(const SearchSpec& spec) {
  return (!spec.tt || spec.tt_draft == TtDraft::EQUAL) && !is_selective(spec);
}

// The value a spec's search returns: "fixed-depth" (minimax to the depth,
// horizon nodes evaluated statically), "quiescence" (the Q-value: horizon
// nodes scored by the quiescence search) or "quiescence-checks" (the Q-value
// with checks, qsearch=checks). Only specs of one value function may be
// checked against each other.
inline const char* value_function(const SearchSpec& spec) {
  if (!spec.qsearch) return "fixed-depth";
  return spec.qsearch_checks ? "quiescence-checks" : "quiescence";
}

// A mode's spec in `value`, or one line naming the offending item.
using ModeParse = Parsed<SearchSpec>;

ModeParse parse_mode(std::string_view mode);

// What a mode string's first item is: a named mode or "algo=..." (what may
// begin a mode in a list), an option ("history", "tt=64": in a list, a
// misplaced part of the mode before it), or neither (a typo).
enum class ModeItem { MODE_HEAD, OPTION, UNKNOWN };
ModeItem first_item_kind(std::string_view mode);

// Combinations that make no sense whatever the tree (e.g. aspiration without
// iterative deepening); empty if none. parse_mode already applies it.
std::string spec_error(const SearchSpec& spec);

// The spec as ordered (key, value) pairs: the JSON `spec` object. Values are
// text: "true"/"false" for flags, decimal for numbers, names otherwise.
std::vector<std::pair<std::string, std::string>> describe(const SearchSpec& spec);

// The mode string with its nullmove, lmr, futility and extended-futility items dropped: the
// mode of a selective record's exact reference (named modes and every
// other item kept as written).
std::string without_selective_items(std::string_view mode);

struct NamedMode {
  std::string_view name;
  std::string_view definition;  // the options it stands for
  std::string_view summary;     // one line for --help and the README
};
std::span<const NamedMode> named_modes();

// Every algo= name in table order, joined by `separator`: the one list that
// error messages and --help texts show.
std::string algorithm_names(std::string_view separator);

std::string_view to_string(Algorithm algorithm);
std::string_view to_string(Fail fail);
std::string_view to_string(BaseOrdering ordering);
std::string_view to_string(Smp smp);
// "generator" or "canonical": the tiebreak= value for OrderingSpec::canonical_tiebreak.
std::string_view tiebreak_name(bool canonical_tiebreak);

}  // namespace prunebench
