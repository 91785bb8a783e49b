// Mode lists: commas between modes, '+' inside one.
#include "harness/options/mode_list.h"

#include <algorithm>

#include "engine/search/spec.h"
#include "engine/text.h"
#include "harness/options/factorial.h"

namespace prunebench::harness {

namespace {

// The '+' form of the mode the user probably meant: the item before `bad`
// (or unordered, the mode options change by default) joined with the bare
// options from `bad` onwards.
std::string suggested_mode(const std::vector<std::string>& items, std::size_t bad) {
  std::string mode = bad > 0 ? items[bad - 1] : "unordered";
  for (std::size_t i = bad; i < items.size() && first_item_kind(items[i]) == ModeItem::OPTION; ++i)
    mode += "+" + items[i];
  return mode;
}

constexpr std::string_view FACTORIAL = "factorial:";

// Where the factorial starts in `text` (at the start or after a comma), or npos.
std::size_t factorial_start(std::string_view text) {
  for (std::size_t at = text.find(FACTORIAL); at != std::string_view::npos; at = text.find(FACTORIAL, at + 1))
    if (at == 0 || text[at - 1] == ',') return at;
  return std::string_view::npos;
}

// "BASE:F1,F2,..." -> the factorial's modes appended to `modes`.
std::string append_factorial(std::string_view option, std::string_view text, std::vector<std::string>& modes,
                             std::vector<std::string>* notes) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos)
    return std::string(option) + ": factorial: expected factorial:BASE:FACTOR,FACTOR,... in '" +
           quote_input(text) + "'";
  const Parsed<std::vector<std::string>> factors = parse_name_list(option, text.substr(colon + 1));
  if (!factors.ok() && !text.substr(colon + 1).empty()) return factors.error;
  const Parsed<Factorial> factorial = expand_factorial(option, text.substr(0, colon), factors.value);
  if (!factorial.ok()) return factorial.error;
  for (const std::string& mode : factorial.value.modes) {
    // Records are keyed by name: a combination listed again would collide.
    if (std::find(modes.begin(), modes.end(), mode) != modes.end())
      return std::string(option) + ": '" + quote_input(mode) + "' is listed twice (once by the factorial)";
    modes.push_back(mode);
  }
  if (notes) notes->push_back(factorial.value.note);
  return "";
}

}  // namespace

Parsed<std::vector<std::string>> parse_mode_list(std::string_view option, std::string_view text,
                                                 std::vector<std::string>* notes) {
  const std::size_t factorial = factorial_start(text);
  const std::string_view plain = text.substr(0, factorial == std::string_view::npos ? text.size()
                                                 : factorial == 0 ? 0 : factorial - 1);
  Parsed<std::vector<std::string>> result;
  if (factorial != 0) result = parse_name_list(option, plain);
  if (!result.ok()) return result;
  for (std::size_t i = 0; i < result.value.size(); ++i) {
    // A typo is left to parse_mode, which names it as an unknown mode.
    if (first_item_kind(result.value[i]) != ModeItem::OPTION) continue;
    result.error = std::string(option) + ": '" + quote_input(result.value[i]) +
                   "' is not a mode (commas separate modes; join a mode's options with '+', e.g. '" +
                   quote_input(suggested_mode(result.value, i)) + "')";
    result.value.clear();
    return result;
  }
  if (factorial == std::string_view::npos) return result;
  result.error = append_factorial(option, text.substr(factorial + FACTORIAL.size()), result.value, notes);
  if (!result.ok()) result.value.clear();
  return result;
}

}  // namespace prunebench::harness
