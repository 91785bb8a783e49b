#include "harness/options/cli_args.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "engine/text.h"

namespace prunebench::harness {

namespace {

std::string quoted(std::string_view text) {
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "'" + std::string(...).
  // Echoed input is cut and made valid UTF-8 (engine/text.h).
  std::string result = "'";
  result.append(quote_input(text)).push_back('\'');
  return result;
}

bool is_help(std::string_view arg) { return arg == "-h" || arg == "--help"; }

// "-" alone is an ordinary argument (conventionally stdin/stdout); so is a
// negative number. Anything else starting with '-' is meant as an option.
bool looks_like_option(std::string_view arg) {
  return arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.';
}

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    items.push_back(
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

// One item of an integer list: "3" or "1-5" (both ends inclusive).
std::string add_list_item(std::string_view option, std::string_view item, int min, int max,
                          std::vector<int>& out) {
  const std::size_t dash = item.find('-', 1);
  const std::string_view first_text = item.substr(0, dash);
  const std::string_view last_text = dash == std::string_view::npos ? item : item.substr(dash + 1);
  const Parsed<std::int64_t> first = parse_integer(option, first_text);
  if (!first.ok()) return first.error;
  const Parsed<std::int64_t> last = parse_integer(option, last_text);
  if (!last.ok()) return last.error;
  if (first.value > last.value) return std::string(option) + ": " + quoted(item) + " is an empty range";
  for (std::int64_t bound : {first.value, last.value}) {
    if (bound < min || bound > max) {
      return std::string(option) + ": " + std::to_string(bound) + " is out of range " + std::to_string(min) +
             ".." + std::to_string(max);
    }
  }
  for (std::int64_t v = first.value; v <= last.value; ++v) out.push_back(int(v));
  return {};
}

}  // namespace

Parsed<std::int64_t> parse_integer(std::string_view option, std::string_view text) {
  Parsed<std::int64_t> result = parse_whole_integer<std::int64_t>(text);
  if (!result.ok()) result.error = std::string(option) + ": " + result.error;
  return result;
}

Parsed<double> parse_number(std::string_view option, std::string_view text) {
  Parsed<double> result;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, result.value);
  // from_chars also accepts "inf" and "nan", which no option means.
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(result.value)) {
    result.error = std::string(option) + ": " + quoted(text) + " is not a number";
  }
  return result;
}

Parsed<std::vector<int>> parse_integer_list(std::string_view option, std::string_view text, int min,
                                            int max) {
  Parsed<std::vector<int>> result;
  for (std::string_view item : split_commas(text)) {
    result.error = add_list_item(option, item, min, max, result.value);
    if (!result.ok()) return result;
  }
  std::sort(result.value.begin(), result.value.end());
  result.value.erase(std::unique(result.value.begin(), result.value.end()), result.value.end());
  return result;
}

Parsed<std::vector<std::string>> parse_name_list(std::string_view option, std::string_view text) {
  Parsed<std::vector<std::string>> result;
  for (std::string_view item : split_commas(text)) {
    if (item.empty()) {
      result.error = std::string(option) + ": empty item in " + quoted(text);
      return result;
    }
    // Records are keyed by name, so a name given twice would collide.
    if (std::find(result.value.begin(), result.value.end(), item) != result.value.end()) {
      result.error = std::string(option) + ": " + quoted(item) + " is listed twice";
      return result;
    }
    result.value.emplace_back(item);
  }
  return result;
}

ArgParser::ArgParser(std::string usage, std::string description)
    : usage_(std::move(usage)), description_(std::move(description)) {}

void ArgParser::add_flag(std::string name, std::string help) {
  options_.push_back({std::move(name), Kind::Flag, "", std::move(help), std::nullopt});
}

void ArgParser::add_value(std::string name, std::string metavar, std::string help,
                          std::optional<std::string> default_value) {
  options_.push_back(
      {std::move(name), Kind::Value, std::move(metavar), std::move(help), std::move(default_value)});
}

void ArgParser::add_repeated(std::string name, std::string metavar, std::string help) {
  options_.push_back({std::move(name), Kind::Repeated, std::move(metavar), std::move(help), std::nullopt});
}

void ArgParser::add_positional(std::string name, std::string help, bool repeated) {
  positionals_.push_back({std::move(name), std::move(help), repeated});
}

const ArgParser::Option* ArgParser::find(std::string_view name) const {
  for (const Option& option : options_) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

ParsedArgs ArgParser::parse(const std::vector<std::string>& args) const {
  ParsedArgs parsed;
  for (const Option& option : options_) {
    if (option.default_value) parsed.defaults_[option.name] = *option.default_value;
  }
  const auto options_end = std::find(args.begin(), args.end(), "--");
  if (std::any_of(args.begin(), options_end, [](const std::string& arg) { return is_help(arg); })) {
    parsed.help_requested_ = true;
    return parsed;
  }
  bool options_done = false;
  for (std::size_t i = 0; i < args.size() && parsed.ok(); ++i) {
    if (!options_done && args[i] == "--") {
      options_done = true;
    } else if (!options_done && looks_like_option(args[i])) {
      parsed.error_ = parse_option(args, i, parsed);
    } else {
      parsed.positionals_.push_back(args[i]);
    }
  }
  if (parsed.ok()) parsed.error_ = check_positionals(parsed.positionals_);
  return parsed;
}

std::string ArgParser::parse_option(const std::vector<std::string>& args, std::size_t& i,
                                    ParsedArgs& parsed) const {
  const std::string_view arg = args[i];
  const std::size_t equals = arg.find('=');
  const std::string_view spelled = arg.substr(0, equals);  // "--depth" of "--depth=3"
  const Option* option = spelled.starts_with("--") ? find(spelled.substr(2)) : nullptr;
  if (option == nullptr) return "unknown option " + quoted(spelled);
  std::vector<std::string>& values = parsed.given_[option->name];
  if (option->kind == Kind::Flag) {
    if (equals != std::string_view::npos) return std::string(spelled) + " takes no value";
    values.push_back("");
    return {};
  }
  if (option->kind == Kind::Value && !values.empty()) return std::string(spelled) + " given twice";
  if (equals != std::string_view::npos) {
    values.emplace_back(arg.substr(equals + 1));
  } else if (i + 1 < args.size() && !looks_like_option(args[i + 1])) {
    values.push_back(args[++i]);
  } else {
    return std::string(spelled) + " needs a value";
  }
  return {};
}

std::string ArgParser::check_positionals(const std::vector<std::string>& given) const {
  const bool variadic = !positionals_.empty() && positionals_.back().repeated;
  if (given.size() < positionals_.size()) return "missing argument " + positionals_[given.size()].name;
  if (given.size() > positionals_.size() && !variadic)
    return "unexpected argument " + quoted(given[positionals_.size()]);
  return {};
}

std::string ArgParser::help() const {
  std::vector<std::pair<std::string, std::string>> rows;  // left column, right column
  for (const Positional& p : positionals_) rows.emplace_back(p.name + (p.repeated ? "..." : ""), p.help);
  const std::size_t positional_rows = rows.size();
  for (const Option& option : options_) {
    std::string left = "--" + option.name + (option.metavar.empty() ? "" : " " + option.metavar);
    std::string right = option.help;
    if (option.default_value) right += " (default: " + *option.default_value + ")";
    if (option.kind == Kind::Repeated) right += " (repeatable)";
    rows.emplace_back(std::move(left), std::move(right));
  }
  rows.emplace_back("-h, --help", "show this help");

  std::size_t width = 0;
  for (const auto& row : rows) width = std::max(width, row.first.size());
  std::ostringstream text;
  text << "usage: " << usage_ << "\n\n" << description_ << "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i == 0 && positional_rows > 0) text << "\narguments:\n";
    if (i == positional_rows) text << "\noptions:\n";
    text << "  " << rows[i].first << std::string(width - rows[i].first.size() + 2, ' ') << rows[i].second
         << '\n';
  }
  return text.str();
}

bool ParsedArgs::has(std::string_view name) const { return given_.find(name) != given_.end(); }

std::optional<std::string> ParsedArgs::raw_value(std::string_view name) const {
  if (auto it = given_.find(name); it != given_.end() && !it->second.empty()) return it->second.front();
  if (auto it = defaults_.find(name); it != defaults_.end()) return it->second;
  return std::nullopt;
}

std::string ParsedArgs::value(std::string_view name) const { return raw_value(name).value_or(""); }

std::vector<std::string> ParsedArgs::values(std::string_view name) const {
  const auto it = given_.find(name);
  return it == given_.end() ? std::vector<std::string>{} : it->second;
}

Parsed<std::int64_t> ParsedArgs::integer(std::string_view name, std::int64_t min, std::int64_t max) const {
  const std::string option = "--" + std::string(name);
  const std::optional<std::string> text = raw_value(name);
  if (!text) return {0, "missing " + option};
  Parsed<std::int64_t> result = parse_integer(option, *text);
  if (result.ok() && (result.value < min || result.value > max)) {
    result.error = option + ": " + std::to_string(result.value) + " is out of range " + std::to_string(min) +
                   ".." + std::to_string(max);
  }
  return result;
}

Parsed<double> ParsedArgs::number(std::string_view name, double min, double max) const {
  const std::string option = "--" + std::string(name);
  const std::optional<std::string> text = raw_value(name);
  if (!text) return {0.0, "missing " + option};
  Parsed<double> result = parse_number(option, *text);
  if (result.ok() && (result.value < min || result.value > max)) {
    std::ostringstream message;
    message << option << ": " << *text;
    // An unbounded side reads better as a one-sided limit than as "..inf".
    if (std::isinf(max)) {
      message << " is below " << min;
    } else {
      message << " is out of range " << min << ".." << max;
    }
    result.error = message.str();
  }
  return result;
}

Parsed<std::vector<int>> ParsedArgs::integer_list(std::string_view name, int min, int max) const {
  const std::string option = "--" + std::string(name);
  const std::optional<std::string> text = raw_value(name);
  if (!text) return {{}, "missing " + option};
  return parse_integer_list(option, *text, min, max);
}

Parsed<std::vector<std::string>> ParsedArgs::name_list(std::string_view name) const {
  const std::string option = "--" + std::string(name);
  const std::optional<std::string> text = raw_value(name);
  if (!text) return {{}, "missing " + option};
  return parse_name_list(option, *text);
}

}  // namespace prunebench::harness
