// The command line as a whole (harness/cli.h): output that cannot be written
// is an error, arguments must be UTF-8, and repeated options are refused;
// every --help tells the truth and --version the build.
#include "harness/cli.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>
#include <streambuf>

#include "engine/bitboard.h"
#include "engine/text.h"
#include "harness/run/context.h"

namespace prunebench::harness {
namespace {

// A stream buffer that refuses every byte, as a full disk or a closed pipe does.
class FullDevice : public std::streambuf {
 protected:
  int_type overflow(int_type) override { return traits_type::eof(); }
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

struct Result {
  int code;
  std::string out, err;
};

Result cli(const Args& args) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

TEST(Cli, OutputThatCannotBeWrittenIsAnError) {
  const std::vector<Args> commands = {
      {"perft", "--fen", "startpos", "--depth", "2"},
      {"perft", "--fen", "startpos", "--depth", "1", "--json"},
      {"search", "--fen", "startpos", "--depth", "2", "--mode", "minimax", "--json"},
      {"run", "--suite", std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/seed.epd", "--depths", "1",
       "--modes", "minimax"},
  };
  for (const Args& args : commands) {
    FullDevice device;
    std::ostream out(&device);
    std::ostringstream err;
    EXPECT_EQ(run_cli(args, out, err), EXIT_IO_ERROR) << args[0];
    EXPECT_EQ(err.str().rfind("error: could not write the output", 0), 0u) << err.str();
  }
}

TEST(Cli, ArgumentsMustBeUtf8) {
  const Result r = cli({"perft", "--fen", "bad\xff", "--depth", "1"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: argument 3 'bad\\xFF' is not valid UTF-8 (command lines are recorded in JSON)\n");
}

TEST(Cli, RepeatedOptionsAreRefused) {
  const Result perft = cli({"perft", "--fen", "startpos", "--depth", "1", "--depth", "2"});
  EXPECT_EQ(perft.code, EXIT_BAD_INPUT);
  EXPECT_NE(perft.err.find("--depth given twice"), std::string::npos) << perft.err;
  const Result search = cli({"search", "--fen", "startpos", "--depth", "1", "--depth", "2"});
  EXPECT_EQ(search.code, EXIT_BAD_INPUT);
  EXPECT_NE(search.err.find("given twice"), std::string::npos) << search.err;
}

TEST(Cli, ErrorsAreOneValidUtf8Line) {
  const Result r = cli({"perft", "--fen", "8/8/8/8/8/8/8/K6\xc3\xa9 w - - 0 1", "--depth", "1"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_TRUE(is_valid_utf8(r.err)) << r.err;
  EXPECT_NE(r.err.find("U+00E9"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// Found by fuzz/cli_args_fuzz: a file name with a newline made the error two lines.
TEST(Cli, AnEchoedNewlineKeepsTheErrorOnOneLine) {
  const Result r = cli({"compare", "bse.js\n", "b"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: bse.js\\x0A: no such file\n");
}

TEST(Cli, UnknownCommand) {
  const Result r = cli({"frobnicate"});
  EXPECT_EQ(r.code, EXIT_BAD_INPUT);
  EXPECT_EQ(r.err, "error: unknown command 'frobnicate' (try 'prunebench --help')\n");
}

// --version says what the JSON context says about the build, and no more.
TEST(Cli, VersionPrintsTheBuildAndExits0) {
  const nlohmann::json context = run_context({}, 1, 16, {});
  for (const char* spelling : {"--version", "version"}) {
    const Result r = cli({spelling});
    EXPECT_EQ(r.code, EXIT_OK);
    EXPECT_EQ(r.err, "");
    const std::string commit = context["git_commit"].get<std::string>();
    const std::string dirty = context["git_dirty"].is_null() ? "unknown" : context["git_dirty"] ? "dirty" : "clean";
    EXPECT_EQ(r.out, "prunebench " + context["prunebench_version"].get<std::string>() + "\ncommit " + commit + " (" +
                         dirty + ")\ncompiler " + context["compiler"].get<std::string>() + "\nbuild-type " +
                         context["build_type"].get<std::string>() + "\nflags " +
                         context["compile_flags"].get<std::string>() + "\npext " +
                         (PRUNEBENCH_USE_PEXT ? "on" : "off") + "\n");
  }
}

// Every --help tells the truth: each command answers it with exit 0
// and a usage line, no note is said twice ("(repeatable) (repeatable)"), and
// every option a help names is one the command accepts.
// Every command and tree experiment, as typed before --help.
const std::vector<Args> COMMANDS = {
    {"perft"}, {"search"}, {"tree"}, {"tree", "standing"}, {"tree", "random"}, {"tree", "theory"},
    {"run"},   {"compare"}, {"bench"}, {"uci"}, {"scan-orders"}, {"museum"},
};

std::string joined(const Args& command) {
  std::string text;
  for (const std::string& word : command) text += (text.empty() ? "" : " ") + word;
  return text;
}

Args with(Args command, std::initializer_list<std::string> more) {
  command.insert(command.end(), more);
  return command;
}

// The options a help offers: the "--name" words of its usage lines and its
// option table (not of its prose, which may name another command's options).
std::set<std::string> offered_options(const std::string& help) {
  std::set<std::string> options;
  std::istringstream lines(help);
  std::string line;
  bool usage = false;
  const std::regex option("--[a-z][a-z-]*");
  while (std::getline(lines, line)) {
    usage = line.starts_with("usage: ") || (usage && line.starts_with("       "));
    if (!usage && !line.starts_with("  --")) continue;
    const std::string offered = line.starts_with("  --") ? line.substr(0, line.find("  ", 2)) : line;
    for (std::sregex_iterator it(offered.begin(), offered.end(), option), end; it != end; ++it)
      options.insert(it->str());
  }
  return options;
}

TEST(Help, TheTopLevelHelpListsCommandsThatExist) {
  const Result top = cli({"--help"});
  ASSERT_EQ(top.code, EXIT_OK);
  for (const Args& command : COMMANDS) {
    if (command.size() > 1) continue;  // a tree experiment: listed by 'tree --help'
    EXPECT_NE(top.out.find("\n  " + command[0] + " "), std::string::npos) << command[0];
  }
  EXPECT_NE(top.out.find("--version"), std::string::npos);
}

TEST(Help, EveryCommandAnswersWithItsUsage) {
  for (const Args& command : COMMANDS) {
    for (const char* flag : {"--help", "-h"}) {
      const Result r = cli(with(command, {flag}));
      EXPECT_EQ(r.code, EXIT_OK) << joined(command) << ": " << r.err;
      EXPECT_EQ(r.out.rfind("usage: prunebench " + joined(command), 0), 0u) << r.out;
      EXPECT_EQ(r.err, "");
    }
  }
}

TEST(Help, NoNoteIsSaidTwice) {
  const std::regex repeated(R"((\([^()]+\))\s*\1)");
  for (const Args& command : COMMANDS) {
    const std::string help = cli(with(command, {"--help"})).out;
    EXPECT_FALSE(std::regex_search(help, repeated)) << help;
  }
}

// "--name" followed by an unknown option: a command that knows --name stops at
// the unknown one (or at --name's missing value), never doing any work.
TEST(Help, EveryOfferedOptionIsAccepted) {
  for (const Args& command : COMMANDS) {
    const std::set<std::string> options = offered_options(cli(with(command, {"--help"})).out);
    for (const std::string& option : options) {
      const Result r = cli(with(command, {option, "--no-such-option-zz"}));
      EXPECT_NE(r.code, EXIT_OK) << joined(command) << " " << option;
      EXPECT_EQ(r.err.find("unknown option '" + option + "'"), std::string::npos) << joined(command) << ": " << r.err;
    }
  }
}

TEST(Help, TheOptionsOfTheCommandsAreFound) {  // the scan above is not vacuous
  EXPECT_EQ(offered_options(cli({"run", "--help"}).out).count("--engine-timeout"), 1u);
  EXPECT_EQ(offered_options(cli({"perft", "--help"}).out).count("--max-leaves"), 1u);
  EXPECT_EQ(offered_options(cli({"search", "--help"}).out).count("--modes"), 0u);  // named in prose only
}

}  // namespace
}  // namespace prunebench::harness
