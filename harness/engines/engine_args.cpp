#include "harness/engines/engine_args.h"

#include <algorithm>

#include "engine/search/spec.h"

namespace prunebench::harness {

namespace {

// A name that can stand as a mode: no separators of the mode or option grammar.
bool is_engine_name(const std::string& name) {
  return !name.empty() && name.find_first_of("=:,+ \t") == std::string::npos;
}

std::string read_engines(const ParsedArgs& args, std::set<std::string>& taken, EngineArgs& out) {
  for (const std::string& given : args.values("engine")) {
    const std::size_t equals = given.find('=');
    const std::string name = given.substr(0, equals);
    if (equals == std::string::npos || !is_engine_name(name) || given.find_first_not_of(" \t", equals + 1) == std::string::npos)
      return "--engine: '" + given + "' is not NAME=COMMAND (NAME without = : , + or spaces)";
    if (!taken.insert(name).second) return "--engine: the name '" + name + "' is already a mode or engine";
    // compare and merge match records by mode name: an engine named like a
    // built-in mode would be compared as prunebench's own search.
    if (parse_mode(name).ok())
      return "--engine: the name '" + name + "' is a built-in mode of prunebench (choose another name)";
    out.engines.push_back({name, given.substr(equals + 1), {}, {}});
  }
  return {};
}

EngineSubject* find_engine(EngineArgs& out, const std::string& name) {
  const auto engine = std::find_if(out.engines.begin(), out.engines.end(),
                                   [&](const EngineSubject& e) { return e.name == name; });
  return engine == out.engines.end() ? nullptr : &*engine;
}

// "OPTION=VALUE" or "option.OPTION=VALUE" into the pair sent as "setoption";
// an error line naming `option` and `given`, or "".
std::string read_option(const std::string& option, const std::string& form, const std::string& given,
                        std::string_view text, std::pair<std::string, std::string>& out) {
  if (text.starts_with("option.")) text.remove_prefix(7);
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) return option + ": '" + given + "' is not " + form;
  // Sent as one "setoption" line: a line break would start a UCI command of its own.
  if (given.find_first_of("\r\n") != std::string::npos)
    return option + ": '" + given + "' holds a line break (a UCI option is one line)";
  out = {std::string(text.substr(0, equals)), std::string(text.substr(equals + 1))};
  return {};
}

// --each-option first, so that an engine's own --engine-option, sent later,
// overrides it.
std::string read_engine_options(const ParsedArgs& args, EngineArgs& out) {
  for (const std::string& given : args.values("each-option")) {
    std::pair<std::string, std::string> option;
    if (std::string error = read_option("--each-option", "OPTION=VALUE", given, given, option); !error.empty()) return error;
    for (EngineSubject& engine : out.engines) engine.options.push_back(option);
  }
  for (const std::string& given : args.values("engine-option")) {
    const std::size_t colon = given.find(':');
    if (colon == std::string::npos) return "--engine-option: '" + given + "' is not NAME:OPTION=VALUE";
    EngineSubject* engine = find_engine(out, given.substr(0, colon));
    if (!engine) return "--engine-option: no --engine named '" + given.substr(0, colon) + "'";
    std::pair<std::string, std::string> option;
    if (std::string error = read_option("--engine-option", "NAME:OPTION=VALUE", given, std::string_view(given).substr(colon + 1),
                                          option);
        !error.empty())
      return error;
    engine->options.push_back(option);
  }
  return {};
}

std::string read_engine_arguments(const ParsedArgs& args, EngineArgs& out) {
  for (const std::string& given : args.values("engine-arg")) {
    const std::size_t equals = given.find('=');
    EngineSubject* engine = equals == std::string::npos ? nullptr : find_engine(out, given.substr(0, equals));
    if (equals == std::string::npos) return "--engine-arg: '" + given + "' is not NAME=ARG";
    if (!engine) return "--engine-arg: no --engine named '" + given.substr(0, equals) + "'";
    engine->arguments.push_back(given.substr(equals + 1));
  }
  return {};
}

}  // namespace

void add_engine_options(ArgParser& parser, const std::string& engine_help, const std::string& repeat_help) {
  parser.add_repeated("engine", "NAME=COMMAND", engine_help);
  parser.add_repeated("engine-arg", "NAME=ARG",
                      "one more argument for engine NAME's command, as given: spaces kept, no splitting");
  parser.add_repeated("engine-option", "NAME:OPTION=VALUE",
                      "send 'setoption name OPTION value VALUE' to engine NAME; NAME:option.OPTION=VALUE "
                      "(cutechess-cli's spelling) too (Threads is set to 1 where offered unless given here)");
  parser.add_repeated("each-option", "OPTION=VALUE",
                      "the same for every engine (as cutechess-cli's -each option.OPTION=VALUE); an engine's own "
                      "--engine-option comes later and wins");
  parser.add_value("engine-repeat", "N",
                   "search each engine record N times, each after a fresh ucinewgame in the same process; " +
                       repeat_help,
                   "2");
  parser.add_value("engine-timeout", "SECONDS", "kill an engine that takes longer than this over one search or "
                   "one handshake step", "60");
}

std::string read_engine_args(const ParsedArgs& args, std::set<std::string> taken, EngineArgs& out) {
  if (std::string error = read_engines(args, taken, out); !error.empty()) return error;
  if (std::string error = read_engine_arguments(args, out); !error.empty()) return error;
  if (std::string error = read_engine_options(args, out); !error.empty()) return error;
  const Parsed<std::int64_t> repeat = args.integer("engine-repeat", 1, 100);
  if (!repeat.ok()) return repeat.error;
  out.repeat = int(repeat.value);
  const Parsed<double> timeout = args.number("engine-timeout", 0.001, 86400);
  if (!timeout.ok()) return timeout.error;
  out.timeout = std::chrono::milliseconds(std::int64_t(timeout.value * 1000));
  return {};
}

}  // namespace prunebench::harness
