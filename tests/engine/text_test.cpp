// Quoting untrusted input in messages: the result is
// valid UTF-8 and short, whatever the input.
#include "engine/text.h"

#include <gtest/gtest.h>

namespace prunebench {
namespace {

TEST(Utf8, SequenceLengths) {
  EXPECT_EQ(utf8_sequence_length("a"), 1u);
  EXPECT_EQ(utf8_sequence_length("\xc3\xa9"), 2u);
  EXPECT_EQ(utf8_sequence_length("\xe2\x82\xac"), 3u);
  EXPECT_EQ(utf8_sequence_length("\xf0\x9f\x98\x80"), 4u);
  for (const char* bad : {"\xff", "\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80", ""})
    EXPECT_EQ(utf8_sequence_length(bad), 0u) << bad;
}

TEST(Utf8, Validity) {
  EXPECT_TRUE(is_valid_utf8("start \xc3\xa9 \xe2\x82\xac"));
  EXPECT_FALSE(is_valid_utf8("bad\xff"));
  EXPECT_FALSE(is_valid_utf8("cut \xe2\x82"));
}

TEST(QuoteInput, KeepsCharactersWholeAndEscapesTheRest) {
  EXPECT_EQ(quote_input("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(quote_input("bad\xff\x01"), "bad\\xFF\\x01");
  EXPECT_EQ(quote_input(std::string(100, 'x'), 5), "xxxxx...");
  EXPECT_EQ(quote_input("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9...");
  EXPECT_TRUE(is_valid_utf8(quote_input("\xe2\x82\xe2\x82\xac\xff")));
}

TEST(DescribeCharacter, AsciiMultiByteAndStrayBytes) {
  EXPECT_EQ(describe_character("x1"), "'x'");
  EXPECT_EQ(describe_character("\xc3\xa9!"), "'\xc3\xa9' (U+00E9)");
  EXPECT_EQ(describe_character("\xff"), "byte 0xFF");
  EXPECT_EQ(describe_character("\t"), "byte 0x09");
}

}  // namespace
}  // namespace prunebench
