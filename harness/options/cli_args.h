// The argument parser shared by every subcommand.
//
// A command declares its positionals and options once; the same declarations
// drive parsing and the --help text, so the help cannot drift from what the
// parser accepts. Errors are one line without the "error: " prefix (the
// command adds it), e.g. "unknown option '--foo'", "--depth needs a value",
// "--depth: 'x' is not an integer". Nothing here prints or exits.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/text.h"

namespace prunebench::harness {

// Conversions of option text; `option` ("--depth") names the option in errors.
Parsed<std::int64_t> parse_integer(std::string_view option, std::string_view text);
Parsed<double> parse_number(std::string_view option, std::string_view text);
// "1-5", "1,3,5" or a mix ("1-3,7"): ascending, duplicates removed, each in [min, max].
Parsed<std::vector<int>> parse_integer_list(std::string_view option, std::string_view text, int min, int max);
// "a,b,c" -> {"a", "b", "c"}, in the given order; empty items are an error.
Parsed<std::vector<std::string>> parse_name_list(std::string_view option, std::string_view text);

class ParsedArgs;

class ArgParser {
 public:
  // `usage` follows "usage: ", e.g. "prunebench compare BASE.json NEW.json [options]".
  ArgParser(std::string usage, std::string description);

  // --name, no value.
  void add_flag(std::string name, std::string help);
  // --name VALUE (or --name=VALUE), at most once; `default_value` is shown in
  // --help and returned by ParsedArgs::value when the option is absent.
  void add_value(std::string name, std::string metavar, std::string help,
                 std::optional<std::string> default_value = std::nullopt);
  // --name VALUE, any number of times, values kept in order.
  void add_repeated(std::string name, std::string metavar, std::string help);
  // A positional argument, required and in declaration order. `repeated` (last
  // one only) takes every remaining argument, at least one.
  void add_positional(std::string name, std::string help, bool repeated = false);

  // Parses `args` (the arguments after the subcommand's name). "--" ends the
  // options. -h/--help anywhere succeeds with help_requested() set, whatever
  // else is wrong, so a user can always ask.
  ParsedArgs parse(const std::vector<std::string>& args) const;
  std::string help() const;

 private:
  enum class Kind { Flag, Value, Repeated };
  struct Option {
    std::string name;
    Kind kind;
    std::string metavar;
    std::string help;
    std::optional<std::string> default_value;
  };
  struct Positional {
    std::string name;
    std::string help;
    bool repeated;
  };

  const Option* find(std::string_view name) const;
  // Reads one "--name[=value]" at args[i], advancing i past a separate value.
  std::string parse_option(const std::vector<std::string>& args, std::size_t& i, ParsedArgs& parsed) const;
  std::string check_positionals(const std::vector<std::string>& given) const;

  std::string usage_;
  std::string description_;
  std::vector<Option> options_;
  std::vector<Positional> positionals_;
};

// What parse() found: options by name (without "--"), and positionals.
class ParsedArgs {
 public:
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool help_requested() const { return help_requested_; }

  // Whether the option was given (a flag, or a value option on the command line).
  bool has(std::string_view name) const;
  // The value of a value option: as given, else its default, else "".
  std::string value(std::string_view name) const;
  // Every value of a repeated option, in command-line order.
  std::vector<std::string> values(std::string_view name) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

  // Typed views of a value option (given or default), checked against a range.
  // An absent option without default is an error "missing --name".
  Parsed<std::int64_t> integer(std::string_view name, std::int64_t min, std::int64_t max) const;
  Parsed<double> number(std::string_view name, double min, double max) const;
  Parsed<std::vector<int>> integer_list(std::string_view name, int min, int max) const;
  Parsed<std::vector<std::string>> name_list(std::string_view name) const;

 private:
  friend class ArgParser;
  std::optional<std::string> raw_value(std::string_view name) const;

  std::string error_;
  bool help_requested_ = false;
  std::map<std::string, std::vector<std::string>, std::less<>> given_;
  std::map<std::string, std::string, std::less<>> defaults_;
  std::vector<std::string> positionals_;
};

}  // namespace prunebench::harness
