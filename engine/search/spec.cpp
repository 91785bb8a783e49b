// Mode strings -> SearchSpec, and the named modes.
#include "engine/search/spec.h"

#include <array>
#include <charconv>
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
    {"oracle", "algo=alphabeta,order=oracle", "alpha-beta fail-soft, children by their exact value, best first"},
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

// Every key apply_option accepts besides algo (which starts a mode).
constexpr std::array<std::string_view, 17> OPTION_KEYS = {
    "fail", "order", "tiebreak", "seed", "tt", "tt-draft", "no-tt", "no-tt-move", "pv-move",
    "killers", "history", "id", "mate-distance", "aspiration", "guess", "minimal-memory", "qsearch"};

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

template <typename Integer>
std::optional<Integer> parse_integer(std::string_view text) {
  Integer value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

const NamedMode* find_named_mode(std::string_view name) {
  for (const NamedMode& mode : NAMED_MODES)
    if (mode.name == name) return &mode;
  return nullptr;
}

// Applies one option item ("tt", "order=mvv-lva", ...); returns an error or "".
std::string apply_option(SearchSpec& spec, std::string_view item) {
  const std::size_t eq = item.find('=');
  const std::string_view key = item.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? std::string_view{} : item.substr(eq + 1);
  const bool has_value = eq != std::string_view::npos;
  const auto bad_value = [&] {
    return "bad value '" + quote_input(value) + "' for '" + quote_input(key) + "'";
  };
  const auto flag = [&](bool& field, bool on) -> std::string {
    if (has_value) return "option '" + quote_input(key) + "' takes no value";
    field = on;
    return "";
  };

  if (key == "algo") {
    const auto algorithm = lookup(ALGORITHMS, value);
    if (!algorithm)
      return "unknown algorithm '" + quote_input(value) +
             "' (minimax, negamax, alphabeta, pvs, mtdf, minimal)";
    spec.algorithm = *algorithm;
  } else if (key == "fail") {
    if (value != "soft" && value != "hard") return bad_value() + " (soft or hard)";
    spec.fail = value == "hard" ? Fail::HARD : Fail::SOFT;
  } else if (key == "order") {
    const auto ordering = lookup(ORDERINGS, value);
    if (!ordering)
      return "unknown ordering '" + quote_input(value) +
             "' (natural, mvv-lva, quiet-pst, canonical, best, worst, random, oracle)";
    spec.ordering.base = *ordering;
  } else if (key == "tiebreak") {
    spec.ordering.canonical_tiebreak = false;
    spec.ordering.scan_tiebreak = 0;
    if (value.starts_with("scan")) {
      const ScanOrderParse scan = parse_scan_order(value.substr(4));
      if (!scan.ok()) return scan.error;
      spec.ordering.scan_tiebreak = scan.order.code();
    } else if (value != "generator" && value != "canonical") {
      return bad_value() + " (generator, canonical or scan:...)";
    }
    spec.ordering.canonical_tiebreak = value == "canonical";
  } else if (key == "seed") {
    const auto seed = parse_integer<std::uint64_t>(value);
    if (!seed) return bad_value();
    spec.ordering.seed = *seed;
  } else if (key == "tt") {
    if (has_value) {
      const auto megabytes = parse_integer<std::size_t>(value);
      if (!megabytes || *megabytes == 0 || *megabytes > 65536) return bad_value() + " (megabytes, 1..65536)";
      spec.tt_megabytes = *megabytes;
    }
    spec.tt = spec.ordering.tt_move_first = true;
  } else if (key == "minimal-memory") {
    const auto megabytes = parse_integer<std::size_t>(value);
    if (!megabytes || *megabytes == 0 || *megabytes > 1048576) return bad_value() + " (megabytes, 1..1048576)";
    spec.minimal_megabytes = *megabytes;
  } else if (key == "tt-draft") {
    if (value != "eq" && value != "ge") return bad_value() + " (eq or ge)";
    spec.tt_draft = value == "ge" ? TtDraft::AT_LEAST : TtDraft::EQUAL;
  } else if (key == "no-tt") {
    if (std::string e = flag(spec.tt, false); !e.empty()) return e;
    spec.ordering.tt_move_first = false;
  } else if (key == "no-tt-move") {
    return flag(spec.ordering.tt_move_first, false);
  } else if (key == "pv-move") {
    return flag(spec.ordering.pv_move_first, true);
  } else if (key == "killers") {
    return flag(spec.ordering.killers, true);
  } else if (key == "history") {
    return flag(spec.ordering.history, true);
  } else if (key == "id") {
    return flag(spec.iterative_deepening, true);
  } else if (key == "mate-distance") {
    return flag(spec.mate_distance, true);
  } else if (key == "qsearch") {
    if (has_value) return bad_value() + " (qsearch takes no value: captures and promotions; checks are not searched)";
    spec.qsearch = true;
  } else if (key == "aspiration") {
    const auto width = parse_integer<Score>(value);
    if (!width || *width < 0 || *width >= MATE) return bad_value() + " (a width >= 0)";
    spec.aspiration = *width;
  } else if (key == "guess") {
    const auto guess = parse_integer<Score>(value);
    if (!guess || *guess <= -INFINITE_SCORE || *guess >= INFINITE_SCORE) return bad_value();
    spec.mtdf_guess = *guess;
  } else if (find_named_mode(item)) {
    return "named mode '" + quote_input(item) + "' must come first";
  } else {
    return "unknown mode or option '" + quote_input(item) + "'";
  }
  return "";
}

}  // namespace

std::string_view to_string(Algorithm algorithm) { return name_of(ALGORITHMS, algorithm); }
std::string_view to_string(Fail fail) { return fail == Fail::HARD ? "hard" : "soft"; }
std::string_view to_string(BaseOrdering ordering) { return name_of(ORDERINGS, ordering); }
std::string_view tiebreak_name(bool canonical_tiebreak) { return canonical_tiebreak ? "canonical" : "generator"; }

std::span<const NamedMode> named_modes() { return NAMED_MODES; }

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
  return "";
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
      result.spec = parse_mode(named->definition).spec;
    } else if (std::string error = apply_option(result.spec, item); !error.empty()) {
      result.error = error;
      return result;
    }
    first = false;
    if (end == std::string_view::npos) break;
    mode.remove_prefix(end + 1);
  }
  result.error = spec_error(result.spec);
  return result;
}

ModeItem first_item_kind(std::string_view mode) {
  const std::string_view first = mode.substr(0, mode.find_first_of(",+"));
  if (find_named_mode(first) != nullptr || first.starts_with("algo=")) return ModeItem::MODE_HEAD;
  const std::string_view key = first.substr(0, first.find('='));
  for (std::string_view option : OPTION_KEYS)
    if (option == key) return ModeItem::OPTION;
  return ModeItem::UNKNOWN;
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
  return fields;
}

}  // namespace prunebench
