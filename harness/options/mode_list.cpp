// Mode lists: commas between modes, '+' inside one.
#include "harness/options/mode_list.h"

#include "engine/search/spec.h"
#include "engine/text.h"

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

}  // namespace

Parsed<std::vector<std::string>> parse_mode_list(std::string_view option, std::string_view text) {
  Parsed<std::vector<std::string>> result = parse_name_list(option, text);
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
  return result;
}

}  // namespace prunebench::harness
