#include "harness/options/cli_args.h"

#include <gtest/gtest.h>

#include <limits>

namespace prunebench::harness {
namespace {

ArgParser example_parser() {
  ArgParser parser("prunebench example SUITE... [options]", "An example command.");
  parser.add_positional("SUITE", "suite files", /*repeated=*/true);
  parser.add_value("depth", "N", "search depth", "4");
  parser.add_value("depths", "LIST", "depths, e.g. 1-5 or 1,3,5");
  parser.add_value("modes", "LIST", "comma-separated mode names");
  parser.add_repeated("mode", "NAME", "one mode");
  parser.add_flag("divide", "per-move counts");
  return parser;
}

TEST(ArgParser, ValuesFlagsAndPositionals) {
  const ParsedArgs parsed =
      example_parser().parse({"a.epd", "--depth", "6", "--divide", "b.epd", "--mode=pvs", "--mode", "mtdf"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed.positionals(), (std::vector<std::string>{"a.epd", "b.epd"}));
  EXPECT_EQ(parsed.value("depth"), "6");
  EXPECT_TRUE(parsed.has("divide"));
  EXPECT_FALSE(parsed.has("depths"));
  EXPECT_EQ(parsed.values("mode"), (std::vector<std::string>{"pvs", "mtdf"}));
}

TEST(ArgParser, DefaultsApplyWhenAbsent) {
  const ParsedArgs parsed = example_parser().parse({"a.epd"});
  ASSERT_TRUE(parsed.ok());
  EXPECT_FALSE(parsed.has("depth"));
  EXPECT_EQ(parsed.value("depth"), "4");
  EXPECT_EQ(parsed.integer("depth", 1, 10).value, 4);
  EXPECT_EQ(parsed.value("modes"), "");
  EXPECT_EQ(parsed.name_list("modes").error, "missing --modes");
}

TEST(ArgParser, DoubleDashEndsOptions) {
  const ParsedArgs parsed = example_parser().parse({"--", "--divide", "-x"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_FALSE(parsed.has("divide"));
  EXPECT_EQ(parsed.positionals(), (std::vector<std::string>{"--divide", "-x"}));
}

TEST(ArgParser, NegativeNumberIsAValue) {
  const ParsedArgs parsed = example_parser().parse({"a.epd", "--depth", "-3"});
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed.integer("depth", 1, 10).error, "--depth: -3 is out of range 1..10");
}

struct ErrorCase {
  std::vector<std::string> args;
  std::string error;
};

TEST(ArgParser, ErrorsAreOneLine) {
  const ErrorCase cases[] = {
      {{"a.epd", "--foo"}, "unknown option '--foo'"},
      {{"a.epd", "--foo=1"}, "unknown option '--foo'"},
      {{"a.epd", "-x"}, "unknown option '-x'"},
      {{"a.epd", "--depth"}, "--depth needs a value"},
      {{"a.epd", "--depth", "--divide"}, "--depth needs a value"},
      {{"a.epd", "--depth", "3", "--depth", "4"}, "--depth given twice"},
      {{"a.epd", "--divide=yes"}, "--divide takes no value"},
      {{}, "missing argument SUITE"},
  };
  for (const ErrorCase& c : cases) {
    const ParsedArgs parsed = example_parser().parse(c.args);
    EXPECT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error(), c.error);
  }
}

TEST(ArgParser, TooManyPositionals) {
  ArgParser parser("prunebench compare BASE NEW", "Compares.");
  parser.add_positional("BASE", "base");
  parser.add_positional("NEW", "new");
  EXPECT_EQ(parser.parse({"a", "b", "c"}).error(), "unexpected argument 'c'");
  EXPECT_EQ(parser.parse({"a"}).error(), "missing argument NEW");
  EXPECT_TRUE(parser.parse({"a", "b"}).ok());
}

TEST(ArgParser, HelpWinsOverOtherErrors) {
  const ParsedArgs parsed = example_parser().parse({"--foo", "--help"});
  EXPECT_TRUE(parsed.help_requested());
  EXPECT_TRUE(parsed.ok());
  EXPECT_TRUE(example_parser().parse({"-h"}).help_requested());
  EXPECT_FALSE(example_parser().parse({"--", "--help"}).help_requested());
}

// Where `text` starts within its line of `help`.
std::size_t column_of(const std::string& help, const std::string& text) {
  const std::size_t at = help.find(text);
  if (at == std::string::npos) return std::string::npos;
  const std::size_t line_start = help.rfind('\n', at);
  return line_start == std::string::npos ? at : at - line_start - 1;
}

TEST(ArgParser, HelpListsEveryDeclaration) {
  const std::string help = example_parser().help();
  EXPECT_EQ(help.rfind("usage: prunebench example SUITE... [options]\n\nAn example command.\n", 0), 0u)
      << help;
  for (const char* expected : {"  SUITE...", "  --depth N", "search depth (default: 4)", "  --depths LIST",
                               "  --mode NAME", "one mode (repeatable)", "  --divide", "  -h, --help"}) {
    EXPECT_NE(help.find(expected), std::string::npos) << expected << " missing from:\n" << help;
  }
  // Help texts line up in one column, two spaces after the longest name.
  EXPECT_EQ(column_of(help, "search depth"), column_of(help, "suite files")) << help;
  EXPECT_EQ(column_of(help, "search depth"), column_of(help, "show this help")) << help;
  EXPECT_EQ(column_of(help, "search depth"), std::string("  --depths LIST  ").size()) << help;
}

TEST(ParseInteger, AcceptsWholeIntegersOnly) {
  EXPECT_EQ(parse_integer("--depth", "12").value, 12);
  EXPECT_EQ(parse_integer("--depth", "-7").value, -7);
  EXPECT_EQ(parse_integer("--depth", "x").error, "--depth: 'x' is not an integer");
  EXPECT_EQ(parse_integer("--depth", "3x").error, "--depth: '3x' is not an integer");
  EXPECT_EQ(parse_integer("--depth", "").error, "--depth: '' is not an integer");
  EXPECT_EQ(parse_integer("--depth", "1.5").error, "--depth: '1.5' is not an integer");
  EXPECT_EQ(parse_integer("--depth", "99999999999999999999").error,
            "--depth: '99999999999999999999' is out of range");
}

TEST(ParseNumber, AcceptsFiniteNumbers) {
  EXPECT_DOUBLE_EQ(parse_number("--tolerance", "0.5").value, 0.5);
  EXPECT_DOUBLE_EQ(parse_number("--tolerance", "2").value, 2.0);
  EXPECT_EQ(parse_number("--tolerance", "abc").error, "--tolerance: 'abc' is not a number");
  EXPECT_EQ(parse_number("--tolerance", "inf").error, "--tolerance: 'inf' is not a number");
  EXPECT_EQ(parse_number("--tolerance", "1%").error, "--tolerance: '1%' is not a number");
}

TEST(ParsedArgs, NumberRangeMessages) {
  ArgParser parser("p", "d");
  parser.add_value("tolerance", "PCT", "t");
  const ParsedArgs parsed = parser.parse({"--tolerance", "-1"});
  EXPECT_EQ(parsed.number("tolerance", 0.0, std::numeric_limits<double>::infinity()).error,
            "--tolerance: -1 is below 0");
  EXPECT_EQ(parsed.number("tolerance", 0.0, 100.0).error, "--tolerance: -1 is out of range 0..100");
}

TEST(ParseIntegerList, RangesAndLists) {
  EXPECT_EQ(parse_integer_list("--depths", "1-5", 0, 20).value, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(parse_integer_list("--depths", "1,3,5", 0, 20).value, (std::vector<int>{1, 3, 5}));
  EXPECT_EQ(parse_integer_list("--depths", "7,1-3,2", 0, 20).value, (std::vector<int>{1, 2, 3, 7}));
  EXPECT_EQ(parse_integer_list("--depths", "4", 0, 20).value, (std::vector<int>{4}));
}

TEST(ParseIntegerList, Errors) {
  EXPECT_EQ(parse_integer_list("--depths", "5-1", 0, 20).error, "--depths: '5-1' is an empty range");
  EXPECT_EQ(parse_integer_list("--depths", "1-x", 0, 20).error, "--depths: 'x' is not an integer");
  EXPECT_EQ(parse_integer_list("--depths", "1,,2", 0, 20).error, "--depths: '' is not an integer");
  EXPECT_EQ(parse_integer_list("--depths", "1-30", 0, 20).error, "--depths: 30 is out of range 0..20");
  EXPECT_EQ(parse_integer_list("--depths", "", 0, 20).error, "--depths: '' is not an integer");
}

TEST(ParseNameList, KeepsOrder) {
  EXPECT_EQ(parse_name_list("--modes", "pvs,alphabeta,mtdf").value,
            (std::vector<std::string>{"pvs", "alphabeta", "mtdf"}));
  EXPECT_EQ(parse_name_list("--modes", "pvs").value, (std::vector<std::string>{"pvs"}));
}

TEST(ParseNameList, Errors) {
  EXPECT_EQ(parse_name_list("--modes", "a,,b").error, "--modes: empty item in 'a,,b'");
  EXPECT_EQ(parse_name_list("--modes", "").error, "--modes: empty item in ''");
  EXPECT_EQ(parse_name_list("--modes", "a,b,a").error, "--modes: 'a' is listed twice");
}

TEST(ParsedArgs, TypedGettersUseOptionNames) {
  const ParsedArgs parsed =
      example_parser().parse({"a.epd", "--depths", "2-4", "--modes", "x,y", "--depth", "q"});
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed.integer_list("depths", 1, 10).value, (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(parsed.name_list("modes").value, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(parsed.integer("depth", 1, 10).error, "--depth: 'q' is not an integer");
}

}  // namespace
}  // namespace prunebench::harness
