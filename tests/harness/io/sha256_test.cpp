#include "harness/io/sha256.h"

#include <gtest/gtest.h>

#include <string>

namespace prunebench::harness {
namespace {

// Test vectors of FIPS 180-4 (NIST "Example Algorithm" SHA256.pdf and the
// empty message), plus the classic one million 'a's.
TEST(Sha256, EmptyMessage) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, Abc) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, TwoBlockMessage) {
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, OneMillionA) {
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Padding edge cases: 55 bytes leave room in the block for the length, 56 do
// not, 64 fill it exactly. Expected values from Python's hashlib.
TEST(Sha256, PaddingBoundaries) {
  EXPECT_EQ(sha256_hex(std::string(55, 'x')),
            "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
  EXPECT_EQ(sha256_hex(std::string(56, 'x')),
            "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
  EXPECT_EQ(sha256_hex(std::string(64, 'x')),
            "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
}

TEST(Sha256, IncrementalUpdatesMatchOneShot) {
  for (std::size_t size : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 127u, 128u, 1000u}) {
    const std::string message(size, 'x');
    Sha256 hasher;
    for (std::size_t i = 0; i < size; i += 7) hasher.update(std::string_view(message).substr(i, 7));
    EXPECT_EQ(hasher.hex_digest(), sha256_hex(message)) << "size " << size;
  }
}

}  // namespace
}  // namespace prunebench::harness
