// Factorials over enhancements: every subset of the factors over one base mode.
#include "harness/options/factorial.h"

#include <cstdint>
#include <map>

#include "engine/search/spec.h"
#include "engine/text.h"

namespace prunebench::harness {

namespace {

// What a factor adds to a mode string. `id` is written with the PV move,
// which iterative deepening exists to supply; `pvs` names the algorithm.
std::string factor_options(std::string_view factor) {
  if (factor == "id") return "id+pv-move";
  if (factor == "pvs") return "algo=pvs";
  return std::string(factor);
}

bool is_factor(std::string_view factor) {
  return factor == "pvs" || factor.starts_with("algo=") || first_item_kind(factor) == ModeItem::OPTION;
}

std::string combination(std::string_view base, const std::vector<std::string>& factors, std::uint32_t subset) {
  std::string mode(base);
  for (std::size_t i = 0; i < factors.size(); ++i)
    if (subset & (1u << i)) mode += "+" + factor_options(factors[i]);
  return mode;
}

std::string fail(std::string_view option, const std::string& message) {
  return std::string(option) + ": factorial: " + message;
}

}  // namespace

Parsed<Factorial> expand_factorial(std::string_view option, std::string_view base,
                                   const std::vector<std::string>& factors) {
  Parsed<Factorial> result;
  if (first_item_kind(base) != ModeItem::MODE_HEAD) {
    result.error = fail(option, "the base '" + quote_input(base) +
                                    "' is not a mode (factorial:BASE:FACTOR,FACTOR,..., e.g. "
                                    "factorial:mvv-lva:tt,id,killers,history)");
    return result;
  }
  if (const ModeParse parsed = parse_mode(base); !parsed.ok()) {
    result.error = fail(option, "the base '" + quote_input(base) + "': " + parsed.error);
    return result;
  }
  if (factors.empty()) {
    result.error = fail(option, "no factors after '" + quote_input(base) + ":'");
    return result;
  }
  if (factors.size() > MAX_FACTORS) {
    result.error = fail(option, std::to_string(factors.size()) + " factors would make " +
                                    std::to_string(std::uint64_t(1) << factors.size()) +
                                    " modes; at most " + std::to_string(MAX_FACTORS) + " factors (" +
                                    std::to_string(1u << MAX_FACTORS) + " modes)");
    return result;
  }
  const std::vector<std::pair<std::string, std::string>> base_spec = describe(parse_mode(base).value);
  for (const std::string& factor : factors) {
    if (!is_factor(factor)) {
      result.error = fail(option, "'" + quote_input(factor) +
                                      "' is not an option of a mode (factors: tt, id, killers, history, pvs, "
                                      "aspiration=W, ... as in 'prunebench search --help')");
      return result;
    }
    const ModeParse alone = parse_mode(std::string(base) + "+" + factor_options(factor));
    if (alone.ok() && describe(alone.value) == base_spec) {
      result.error = fail(option, "'" + quote_input(factor) + "' changes nothing over '" + quote_input(base) + "'");
      return result;
    }
  }

  // Combinations the grammar refuses are left out, counted by reason.
  std::map<std::string, int> left_out;
  std::vector<bool> factor_used(factors.size(), false);
  const std::uint32_t subsets = 1u << factors.size();
  for (std::uint32_t subset = 0; subset < subsets; ++subset) {
    std::string mode = combination(base, factors, subset);
    const ModeParse parsed = parse_mode(mode);
    if (!parsed.ok()) {
      ++left_out[parsed.error];
      continue;
    }
    for (std::size_t i = 0; i < factors.size(); ++i)
      if (subset & (1u << i)) factor_used[i] = true;
    result.value.modes.push_back(std::move(mode));
  }
  for (std::size_t i = 0; i < factors.size(); ++i) {
    if (factor_used[i]) continue;
    result.value.modes.clear();
    result.error = fail(option, "'" + quote_input(factors[i]) + "' is valid in no combination over '" +
                                    quote_input(base) + "': " + parse_mode(combination(base, factors, 1u << i)).error);
    return result;
  }

  std::string& note = result.value.note;
  note = "factorial:" + std::string(base) + ": " + std::to_string(factors.size()) + " factors, " +
         std::to_string(result.value.modes.size()) + " of " + std::to_string(subsets) + " combinations";
  for (const auto& [reason, count] : left_out) note += "; " + std::to_string(count) + " left out: " + reason;
  return result;
}

}  // namespace prunebench::harness
