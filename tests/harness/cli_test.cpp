// The command line as a whole (harness/cli.h): output that cannot be written
// is an error (issue 18, defect 5), arguments must be UTF-8 (defect 3), and
// repeated options are refused (defect 11).
#include "harness/cli.h"

#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>

#include "engine/text.h"

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
  EXPECT_NE(perft.err.find("option --depth given twice"), std::string::npos) << perft.err;
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

}  // namespace
}  // namespace prunebench::harness
