// Mode strings -> SearchSpec, and the named modes.
#include "engine/search/spec.h"

#include <array>
#include <cstdint>
#include <optional>

#include "engine/text.h"

namespace prunebench {

namespace {

constexpr std::array<NamedMode, 17> NAMED_MODES = {{
    {"minimax", "algo=minimax", "two-sided minimax, full width"},
    {"negamax", "algo=negamax", "negamax, full width"},
    {"unordered", "algo=alphabeta", "alpha-beta fail-soft, moves as generated"},
    {"alphabeta", "algo=alphabeta", "same as unordered"},
    {"fail-hard", "algo=alphabeta,fail=hard", "alpha-beta fail-hard, moves as generated"},
    {"mvv-lva", "algo=alphabeta,order=mvv-lva", "alpha-beta fail-soft, captures by MVV-LVA first"},
    {"mvv-lva-fail-hard", "algo=alphabeta,order=mvv-lva,fail=hard", "alpha-beta fail-hard, MVV-LVA"},
    {"quiet-pst", "algo=alphabeta,order=quiet-pst", "alpha-beta, MVV-LVA then quiets by piece-square gain"},
    {"canonical", "algo=alphabeta,order=canonical",
     "alpha-beta fail-soft, moves by UCI string: the portable unordered"},
    {"mvv-lva-canonical", "algo=alphabeta,order=mvv-lva,tiebreak=canonical",
     "alpha-beta fail-soft, MVV-LVA, ties by UCI string: the portable MVV-LVA"},
    {"pvs", "algo=pvs,order=mvv-lva", "principal variation search (NegaScout), MVV-LVA"},
    {"mtdf", "algo=mtdf,order=mvv-lva,tt,guess=0",
     "MTD(f) over alpha-beta with memory, first guess 0, MVV-LVA"},
    {"id-tt", "algo=alphabeta,order=mvv-lva,tt,pv-move,id",
     "iterative deepening, alpha-beta, hash move, PV move, MVV-LVA"},
    {"id-tt-killers", "algo=alphabeta,order=mvv-lva,tt,pv-move,id,killers,history",
     "id-tt plus killers and history"},
    {"pvs-id-tt-killers", "algo=pvs,order=mvv-lva,tt,pv-move,id,killers,history", "id-tt-killers with PVS"},
    {"minimal", "algo=minimal", "the exact minimal tree: the cheapest proof of the value (nodes, leaves)"},
    {"oracle", "algo=alphabeta,order=oracle",
     "alpha-beta fail-soft, children by their exact value, best first"},
}};

constexpr std::array<std::pair<std::string_view, Algorithm>, 6> ALGORITHMS = {{
    {"minimax", Algorithm::MINIMAX},
    {"negamax", Algorithm::NEGAMAX},
    {"alphabeta", Algorithm::ALPHABETA},
    {"pvs", Algorithm::PVS},
    {"mtdf", Algorithm::MTDF},
    {"minimal", Algorithm::MINIMAL},
}};

constexpr std::array<std::pair<std::string_view, BaseOrdering>, 8> ORDERINGS = {{
    {"natural", BaseOrdering::NATURAL},
    {"mvv-lva", BaseOrdering::MVV_LVA},
    {"quiet-pst", BaseOrdering::QUIET_PST},
    {"canonical", BaseOrdering::CANONICAL},
    {"best", BaseOrdering::BEST_FIRST},
    {"worst", BaseOrdering::WORST_FIRST},
    {"random", BaseOrdering::RANDOM},
    {"oracle", BaseOrdering::ORACLE},
}};

template <typename Value, std::size_t N>
std::optional<Value> lookup(const std::array<std::pair<std::string_view, Value>, N>& table,
                            std::string_view name) {
  for (const auto& [key, value] : table)
    if (key == name) return value;
  return std::nullopt;
}

template <typename Value, std::size_t N>
std::string_view name_of(const std::array<std::pair<std::string_view, Value>, N>& table, Value value) {
  for (const auto& [key, v] : table)
    if (v == value) return key;
  return "?";
}

// "a, b, c": a table's names as an error message lists the choices.
template <typename Value, std::size_t N>
std::string joined_names(const std::array<std::pair<std::string_view, Value>, N>& table,
                         std::string_view separator) {
  std::string names;
  for (const auto& entry : table) names.append(names.empty() ? "" : separator).append(entry.first);
  return names;
}

const NamedMode* find_named_mode(std::string_view name) {
  for (const NamedMode& mode : NAMED_MODES)
    if (mode.name == name) return &mode;
  return nullptr;
}

// One option item of a mode, "order=mvv-lva" or "tt", split at its '='.
struct OptionItem {
  std::string_view key;
  std::string_view value;
  bool has_value = false;
};

// Sets one option on the spec; returns an error or "".
using OptionHandler = std::string (*)(SearchSpec& spec, const OptionItem& item);

std::string bad_value(const OptionItem& item) {
  return "bad value '" + quote_input(item.value) + "' for '" + quote_input(item.key) + "'";
}

std::string set_flag(const OptionItem& item, bool& field, bool on) {
  if (item.has_value) return "option '" + quote_input(item.key) + "' takes no value";
  field = on;
  return "";
}

// A value named in one of the tables above ("algo=pvs", "order=mvv-lva").
template <typename Value, std::size_t N>
std::string set_named(const std::array<std::pair<std::string_view, Value>, N>& table, std::string_view what,
                      const OptionItem& item, Value& field) {
  const auto value = lookup(table, item.value);
  if (!value)
    return "unknown " + std::string(what) + " '" + quote_input(item.value) + "' (" +
           joined_names(table, ", ") + ")";
  field = *value;
  return "";
}

std::string set_fail(SearchSpec& spec, const OptionItem& item) {
  if (item.value != "soft" && item.value != "hard") return bad_value(item) + " (soft or hard)";
  spec.fail = item.value == "hard" ? Fail::HARD : Fail::SOFT;
  return "";
}

std::string set_tiebreak(SearchSpec& spec, const OptionItem& item) {
  spec.ordering.canonical_tiebreak = false;
  spec.ordering.scan_tiebreak = 0;
  if (item.value.starts_with("scan")) {
    const ScanOrderParse scan = parse_scan_order(item.value.substr(4));
    if (!scan.ok()) return scan.error;
    spec.ordering.scan_tiebreak = scan.value.code();
  } else if (item.value != "generator" && item.value != "canonical") {
    return bad_value(item) + " (generator, canonical or scan:...)";
  }
  spec.ordering.canonical_tiebreak = item.value == "canonical";
  return "";
}

std::string set_seed(SearchSpec& spec, const OptionItem& item) {
  const auto seed = parse_whole_integer<std::uint64_t>(item.value);
  if (!seed.ok()) return bad_value(item);
  spec.ordering.seed = seed.value;
  return "";
}

std::string set_tt(SearchSpec& spec, const OptionItem& item) {
  if (item.has_value) {
    const auto megabytes = parse_whole_integer<std::size_t>(item.value);
    if (!megabytes.ok() || megabytes.value == 0 || megabytes.value > 65536)
      return bad_value(item) + " (megabytes, 1..65536)";
    spec.tt_megabytes = megabytes.value;
  }
  spec.tt = spec.ordering.tt_move_first = true;
  return "";
}

std::string set_tt_draft(SearchSpec& spec, const OptionItem& item) {
  if (item.value != "eq" && item.value != "ge") return bad_value(item) + " (eq or ge)";
  spec.tt_draft = item.value == "ge" ? TtDraft::AT_LEAST : TtDraft::EQUAL;
  return "";
}

std::string set_no_tt(SearchSpec& spec, const OptionItem& item) {
  if (std::string error = set_flag(item, spec.tt, false); !error.empty()) return error;
  spec.ordering.tt_move_first = false;
  return "";
}

std::string set_aspiration(SearchSpec& spec, const OptionItem& item) {
  const auto width = parse_whole_integer<Score>(item.value);
  if (!width.ok() || width.value < 0 || width.value >= MATE) return bad_value(item) + " (a width >= 0)";
  spec.aspiration = width.value;
  return "";
}

std::string set_guess(SearchSpec& spec, const OptionItem& item) {
  const auto guess = parse_whole_integer<Score>(item.value);
  if (!guess.ok() || guess.value <= -INFINITE_SCORE || guess.value >= INFINITE_SCORE) return bad_value(item);
  spec.mtdf_guess = guess.value;
  return "";
}

std::string set_qsearch(SearchSpec& spec, const OptionItem& item) {
  if (item.has_value && item.value != "checks")
    return bad_value(item) + " (qsearch or qsearch=checks: quiet checks at the first quiescence ply too)";
  spec.qsearch = true;
  spec.qsearch_checks = item.has_value;
  return "";
}

// A whole number in least..MAX_PLY (nullmove=R, lmr=K): more than any line has plies means nothing more.
std::string set_at_least(const OptionItem& item, int least, const std::string& what, int& field) {
  const auto number = parse_whole_integer<int>(item.value);
  if (!item.has_value || !number.ok() || number.value < least || number.value > MAX_PLY)
    return bad_value(item) + " (" + what + ")";
  field = number.value;
  return "";
}

std::string set_null_move(SearchSpec& spec, const OptionItem& item) {
  spec.null_move_rule = item.value == "adaptive"   ? NullMoveRule::ADAPTIVE
                        : item.value == "verified" ? NullMoveRule::VERIFIED
                                                   : NullMoveRule::FIXED;
  if (spec.null_move_rule == NullMoveRule::ADAPTIVE) spec.null_move_reduction = SearchSpec::ADAPTIVE_NULL_MOVE_BASE;
  if (spec.null_move_rule == NullMoveRule::VERIFIED)
    spec.null_move_reduction = SearchSpec::VERIFIED_NULL_MOVE_REDUCTION;
  if (spec.null_move_rule != NullMoveRule::FIXED) return "";
  return set_at_least(item, 1, "a reduction R, 1.." + std::to_string(MAX_PLY) + ", adaptive or verified",
                      spec.null_move_reduction);
}

std::string set_lmr(SearchSpec& spec, const OptionItem& item) {
  spec.lmr = true;
  if (!item.has_value) return "";
  return set_at_least(item, 1, "the moves searched unreduced first, 1.." + std::to_string(MAX_PLY),
                      spec.lmr_full_depth_moves);
}

// futility=M, extended-futility=E: a margin in centipawns, 0..MATE - 1.
std::string set_margin(const OptionItem& item, Score& field) {
  const auto margin = parse_whole_integer<Score>(item.value);
  if (!item.has_value || !margin.ok() || margin.value < 0 || margin.value >= MATE)
    return bad_value(item) + " (a margin in centipawns, 0.." + std::to_string(MATE - 1) + ")";
  field = margin.value;
  return "";
}

std::string set_minimal_memory(SearchSpec& spec, const OptionItem& item) {
  const auto megabytes = parse_whole_integer<std::size_t>(item.value);
  if (!megabytes.ok() || megabytes.value == 0 || megabytes.value > 1048576)
    return bad_value(item) + " (megabytes, 1..1048576)";
  spec.minimal_megabytes = megabytes.value;
  return "";
}

std::string set_smp(SearchSpec& spec, const OptionItem& item) {
  if (item.value == "ybwc") {
    spec.smp = Smp::YBWC;
  } else if (item.value == "lazy") {
    spec.smp = Smp::LAZY;
  } else if (item.value == "model") {
    spec.smp = Smp::MODEL;
  } else {
    return "unknown parallel scheme '" + quote_input(item.value) + "' for 'smp' (ybwc, lazy, model)";
  }
  return "";
}

std::string set_processors(SearchSpec& spec, const OptionItem& item) {
  const auto processors = parse_whole_integer<int>(item.value);
  if (!processors.ok() || processors.value < 1 || processors.value > 256)
    return bad_value(item) + " (virtual processors, 1..256)";
  spec.processors = processors.value;
  return "";
}

// Every option a mode may carry, by key: the one list parse_mode and
// first_item_kind read, so an option is added in one row. "algo" starts a mode.
constexpr std::array<std::pair<std::string_view, OptionHandler>, 24> OPTIONS = {{
    {"algo",
     [](SearchSpec& s, const OptionItem& i) { return set_named(ALGORITHMS, "algorithm", i, s.algorithm); }},
    {"fail", set_fail},
    {"order",
     [](SearchSpec& s, const OptionItem& i) { return set_named(ORDERINGS, "ordering", i, s.ordering.base); }},
    {"tiebreak", set_tiebreak},
    {"seed", set_seed},
    {"tt", set_tt},
    {"tt-draft", set_tt_draft},
    {"no-tt", set_no_tt},
    {"no-tt-move",
     [](SearchSpec& s, const OptionItem& i) { return set_flag(i, s.ordering.tt_move_first, false); }},
    {"pv-move",
     [](SearchSpec& s, const OptionItem& i) { return set_flag(i, s.ordering.pv_move_first, true); }},
    {"killers", [](SearchSpec& s, const OptionItem& i) { return set_flag(i, s.ordering.killers, true); }},
    {"history", [](SearchSpec& s, const OptionItem& i) { return set_flag(i, s.ordering.history, true); }},
    {"id", [](SearchSpec& s, const OptionItem& i) { return set_flag(i, s.iterative_deepening, true); }},
    {"mate-distance", [](SearchSpec& s, const OptionItem& i) { return set_flag(i, s.mate_distance, true); }},
    {"aspiration", set_aspiration},
    {"guess", set_guess},
    {"minimal-memory", set_minimal_memory},
    {"qsearch", set_qsearch},
    {"nullmove", set_null_move},
    {"lmr", set_lmr},
    {"futility", [](SearchSpec& s, const OptionItem& i) { return set_margin(i, s.futility_margin); }},
    {"extended-futility",
     [](SearchSpec& s, const OptionItem& i) { return set_margin(i, s.extended_futility_margin); }},
    {"smp", set_smp},
    {"processors", set_processors},
}};

// Applies one option item ("tt", "order=mvv-lva", ...); returns an error or "".
std::string apply_option(SearchSpec& spec, std::string_view text) {
  const std::size_t eq = text.find('=');
  const OptionItem item{text.substr(0, eq),
                        eq == std::string_view::npos ? std::string_view{} : text.substr(eq + 1),
                        eq != std::string_view::npos};
  if (const auto handler = lookup(OPTIONS, item.key)) return (*handler)(spec, item);
  if (find_named_mode(text)) return "named mode '" + quote_input(text) + "' must come first";
  return "unknown mode or option '" + quote_input(text) + "'";
}

// A parallel scheme on a mode that cannot take it; empty if none.
std::string smp_error(const SearchSpec& spec) {
  if (spec.processors != 0 && spec.smp != Smp::MODEL) return "processors applies to smp=model only";
  if (spec.smp == Smp::MODEL && spec.processors == 0) return "smp=model needs processors=P (1..256)";
  if (spec.smp == Smp::NONE) return "";
  const std::string scheme = "smp=" + std::string(to_string(spec.smp));
  if (spec.algorithm != Algorithm::ALPHABETA && spec.algorithm != Algorithm::PVS)
    return scheme + (spec.smp != Smp::LAZY ? " shares alpha-beta's younger brothers" : " runs alpha-beta searches") +
           ": it applies to alphabeta and pvs only (minimax and negamax split across --threads without it)";
  // Every bound a thread shares must bound the one fixed-depth value the main thread searches.
  if (spec.smp == Smp::LAZY && (!spec.tt || !spec.iterative_deepening || spec.tt_draft != TtDraft::EQUAL))
    return scheme + " runs iterative-deepening searches that share one table: it needs tt, id and tt-draft=eq";
  if (is_selective(spec)) return scheme + " does not take nullmove, lmr or futility";
  // Its unit of time is one node of `nodes`; quiescence nodes are counted apart.
  if (spec.smp == Smp::MODEL && spec.qsearch) return scheme + " does not take qsearch";
  if (spec.ordering.base == BaseOrdering::ORACLE) return scheme + " does not take order=oracle";
  return "";
}

}  // namespace

std::string_view to_string(Algorithm algorithm) { return name_of(ALGORITHMS, algorithm); }
std::string_view to_string(Fail fail) { return fail == Fail::HARD ? "hard" : "soft"; }
std::string_view to_string(BaseOrdering ordering) { return name_of(ORDERINGS, ordering); }
std::string_view to_string(Smp smp) {
  switch (smp) {
    case Smp::YBWC: return "ybwc";
    case Smp::LAZY: return "lazy";
    case Smp::MODEL: return "model";
    case Smp::NONE: break;
  }
  return "none";
}
std::string_view tiebreak_name(bool canonical_tiebreak) {
  return canonical_tiebreak ? "canonical" : "generator";
}

std::span<const NamedMode> named_modes() { return NAMED_MODES; }

std::string algorithm_names(std::string_view separator) { return joined_names(ALGORITHMS, separator); }

std::string spec_error(const SearchSpec& spec) {
  const bool full_width = spec.algorithm == Algorithm::MINIMAX || spec.algorithm == Algorithm::NEGAMAX;
  if (full_width && (spec.ordering.reorders() || spec.tt || spec.fail == Fail::HARD))
    return std::string(to_string(spec.algorithm)) +
           " searches every move with no window: ordering, tt and fail=hard do not apply";
  if (spec.algorithm == Algorithm::MINIMAL &&
      (spec.ordering.reorders() || spec.tt || spec.fail == Fail::HARD || spec.iterative_deepening))
    return "minimal is a proof-tree computation, not a search: ordering, tt, id and fail=hard do not apply";
  if (spec.qsearch && spec.algorithm == Algorithm::MINIMAL)
    return "qsearch does not apply to minimal: the minimal tree of the Q-value is not defined";
  if (is_selective(spec) && (full_width || spec.algorithm == Algorithm::MINIMAL))
    return "nullmove, lmr and futility prune within a window: they apply to alphabeta, pvs and mtdf only";
  if (spec.extended_futility_margin >= 0 && spec.futility_margin < 0)
    return "extended-futility needs futility: it extends frontier futility pruning to depth 2";
  if (spec.minimal_megabytes != SearchSpec::DEFAULT_MINIMAL_MEGABYTES && spec.algorithm != Algorithm::MINIMAL)
    return "minimal-memory applies to minimal only";
  if (spec.ordering.tt_move_first && !spec.tt) return "the hash move needs the transposition table (tt)";
  if (spec.tt_draft != TtDraft::EQUAL && !spec.tt) return "tt-draft needs the transposition table (tt)";
  if (spec.ordering.pv_move_first && !spec.iterative_deepening)
    return "pv-move needs iterative deepening (id)";
  if (spec.aspiration != 0 && !spec.iterative_deepening) return "aspiration needs iterative deepening (id)";
  if (spec.aspiration != 0 && spec.algorithm != Algorithm::ALPHABETA && spec.algorithm != Algorithm::PVS)
    return "aspiration applies to alphabeta and pvs only";
  if (spec.mtdf_guess != 0 && spec.algorithm != Algorithm::MTDF) return "guess applies to mtdf only";
  if (spec.ordering.canonical_tiebreak && spec.ordering.scan_tiebreak != 0)
    return "one tie-break at a time: canonical or scan";
  if (spec.ordering.seed != 0 && spec.ordering.base != BaseOrdering::RANDOM)
    return "seed applies to order=random only";
  return smp_error(spec);
}

ModeParse parse_mode(std::string_view mode) {
  ModeParse result;
  if (mode.empty()) {
    result.error = "empty mode";
    return result;
  }
  bool first = true;
  while (true) {
    const std::size_t end = mode.find_first_of(",+");
    const std::string_view item = mode.substr(0, end);
    if (item.empty()) {
      result.error = "empty item in mode '" + quote_input(mode) + "'";
      return result;
    }
    if (const NamedMode* named = first ? find_named_mode(item) : nullptr) {
      result.value = parse_mode(named->definition).value;
    } else if (std::string error = apply_option(result.value, item); !error.empty()) {
      result.error = error;
      return result;
    }
    first = false;
    if (end == std::string_view::npos) break;
    mode.remove_prefix(end + 1);
  }
  result.error = spec_error(result.value);
  return result;
}

ModeItem first_item_kind(std::string_view mode) {
  const std::string_view first = mode.substr(0, mode.find_first_of(",+"));
  if (find_named_mode(first) != nullptr || first.starts_with("algo=")) return ModeItem::MODE_HEAD;
  const std::string_view key = first.substr(0, first.find('='));
  return key != "algo" && lookup(OPTIONS, key) ? ModeItem::OPTION : ModeItem::UNKNOWN;
}

std::vector<std::pair<std::string, std::string>> describe(const SearchSpec& spec) {
  const auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  std::vector<std::pair<std::string, std::string>> fields = {
      {"algorithm", std::string(to_string(spec.algorithm))},
      {"fail", std::string(to_string(spec.fail))},
      {"ordering", std::string(to_string(spec.ordering.base))},
  };
  if (spec.ordering.base == BaseOrdering::RANDOM)
    fields.emplace_back("order_seed", std::to_string(spec.ordering.seed));
  fields.emplace_back("tt", flag(spec.tt));
  if (spec.tt) fields.emplace_back("tt_megabytes", std::to_string(spec.tt_megabytes));
  if (spec.tt) fields.emplace_back("tt_draft", spec.tt_draft == TtDraft::EQUAL ? "eq" : "ge");
  fields.emplace_back("tt_move", flag(spec.ordering.tt_move_first));
  fields.emplace_back("pv_move", flag(spec.ordering.pv_move_first));
  fields.emplace_back("killers", flag(spec.ordering.killers));
  fields.emplace_back("history", flag(spec.ordering.history));
  // order=oracle breaks ties canonically wherever the tree has a canonical order (node.h).
  const bool canonical = spec.ordering.canonical_tiebreak || spec.ordering.base == BaseOrdering::ORACLE;
  fields.emplace_back("tiebreak", spec.ordering.scan_tiebreak != 0
                                      ? to_string(ScanOrder::from_code(spec.ordering.scan_tiebreak))
                                      : std::string(tiebreak_name(canonical)));
  fields.emplace_back("iterative_deepening", flag(spec.iterative_deepening));
  fields.emplace_back("aspiration", std::to_string(spec.aspiration));
  if (spec.algorithm == Algorithm::MTDF) fields.emplace_back("mtdf_guess", std::to_string(spec.mtdf_guess));
  fields.emplace_back("mate_distance", flag(spec.mate_distance));
  if (spec.algorithm == Algorithm::MINIMAL)
    fields.emplace_back("minimal_megabytes", std::to_string(spec.minimal_megabytes));
  // Only when on, so that the specs of every record written before it are unchanged.
  if (spec.qsearch) fields.emplace_back("qsearch", flag(true));
  if (spec.qsearch_checks) fields.emplace_back("qsearch_checks", flag(true));
  if (spec.null_move_reduction > 0)
    fields.emplace_back("nullmove", spec.null_move_rule == NullMoveRule::ADAPTIVE   ? "adaptive"
                                    : spec.null_move_rule == NullMoveRule::VERIFIED ? "verified"
                                                                                    : std::to_string(spec.null_move_reduction));
  if (spec.lmr) fields.emplace_back("lmr", std::to_string(spec.lmr_full_depth_moves));
  if (spec.futility_margin >= 0) fields.emplace_back("futility", std::to_string(spec.futility_margin));
  if (spec.extended_futility_margin >= 0)
    fields.emplace_back("extended_futility", std::to_string(spec.extended_futility_margin));
  if (spec.smp != Smp::NONE) fields.emplace_back("smp", std::string(to_string(spec.smp)));
  if (spec.processors != 0) fields.emplace_back("processors", std::to_string(spec.processors));
  return fields;
}

std::string without_selective_items(std::string_view mode) {
  std::string kept;
  char separator = '+';  // the one written before the next kept item: the one the mode had there
  while (true) {
    const std::size_t end = mode.find_first_of(",+");
    const std::string_view item = mode.substr(0, end);
    const std::string_view key = item.substr(0, item.find('='));
    if (key != "nullmove" && key != "lmr" && key != "futility" && key != "extended-futility") {
      if (!kept.empty()) kept += separator;
      kept.append(item);
    }
    if (end == std::string_view::npos) break;
    separator = mode[end];
    mode.remove_prefix(end + 1);
  }
  return kept;
}

}  // namespace prunebench
