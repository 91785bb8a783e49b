// Strict FEN: every malformed or impossible input rejected with a message
// naming the problem; the documented lenient forms accepted and normalized.
#include <gtest/gtest.h>

#include "engine/position.h"
#include "engine/uci_move.h"

namespace prunebench {
namespace {

struct BadFen {
  const char* fen;
  const char* message;  // a substring the error must contain
};

const BadFen BAD_FENS[] = {
    {"", "expected 6 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "expected 6 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "expected 6 fields (4 without move counters), got 5"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
     "unexpected text after the fullmove number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad character 'X'"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad character '9'"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1", "pawn on the first or last rank (h1)"},
    {"Pnbqkbnr/1ppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQk - 0 1", "pawn on the first or last rank (a8)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be 'w' or 'b'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "bad castling character 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling right 'K' given twice"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
     "castling right 'K' needs the king on e1 and a rook on h1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBK1BNR w Qkq - 0 1", "castling right 'Q' needs the king on e1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
     "en-passant square e3 could not come from a double pawn push"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
     "en-passant square e6 could not come from a double pawn push"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "bad en-passant square 'z9'"},
    {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
     "en-passant square e5 could not come from"},
    {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "the side not to move (white) is in check"},
    {"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "the side not to move (black) is in check"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
     "halfmove clock '-1' is not a non-negative integer"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove number 'one'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "fullmove number '1.5'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;", "fullmove number '1;'"},
    // A counter out of range is not "not an integer".
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000000 1",
     "halfmove clock 1000000 is out of range (0..999999)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
     "fullmove number 99999999999 is out of range"},
    // A multi-byte character is echoed whole, a stray byte as its value.
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9 w - - 0 1",
     "bad character '\xc3\xa9' (U+00E9) in piece placement"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w - - 0 1",
     "bad character byte 0xFF in piece placement"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk\xc3\xa9 - 0 1",
     "bad castling character '\xc3\xa9' (U+00E9)"},
    // Checks no move could give (python-chess's Board.status() rules).
    {"4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", "in check from 3 pieces"},
    {"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
     "impossible double check: neither checker is a bishop, rook or queen"},
    {"4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1", "impossible double check: neither checker"},
    {"4k3/8/8/3pP3/8/3n4/8/4K3 w - d6 0 1", "impossible check: the double push"},
};

// Checks a single move can give, which the rules above must keep accepting.
const char* const POSSIBLE_CHECKS[] = {
    "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",   // a knight move uncovering a rook
    "4k3/8/8/8/1b6/8/8/4K2r w - - 0 1",   // bishop and rook from two lines
    "4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1",   // the double-pushed pawn checks
    "4k3/8/8/2KpP2r/8/8/8/8 w - d6 0 1",  // (no check: the pin is not a check)
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1",     // one checker
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",  // aligned checkers: kept for positions/perft.epd (engine/fen.cpp)
};

TEST(Fen, RejectsMalformedAndIllegalInput) {
  for (const BadFen& bad : BAD_FENS) {
    const FenResult result = Position::from_fen(bad.fen);
    EXPECT_FALSE(result.ok()) << "accepted: " << bad.fen;
    EXPECT_NE(result.error.find(bad.message), std::string::npos)
        << "for '" << bad.fen << "' expected '" << bad.message << "', got '" << result.error << "'";
    EXPECT_EQ(result.error.find('\n'), std::string::npos) << "error must be one line";
  }
}

TEST(Fen, AcceptsChecksOneMoveCanGive) {
  for (const char* fen : POSSIBLE_CHECKS)
    EXPECT_TRUE(Position::from_fen(fen).ok()) << fen << ": " << Position::from_fen(fen).error;
}

TEST(Fen, EchoedInputIsCut) {
  const std::string fen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 " + std::string(1000, 'x');
  const FenResult result = Position::from_fen(fen);
  EXPECT_FALSE(result.ok());
  EXPECT_LT(result.error.size(), 200u) << result.error;
}

TEST(Fen, AcceptsAndNormalizesLenientForms) {
  const std::string normal = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (const char* lenient : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                              "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq   -   0   1  ",
                              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1"}) {
    const FenResult result = Position::from_fen(lenient);
    ASSERT_TRUE(result.ok()) << lenient << ": " << result.error;
    EXPECT_EQ(result.value.fen(), normal);
  }
}

TEST(Fen, RoundTripsAndKeepsEveryField) {
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "8/8/8/8/8/8/6k1/4K2R b K - 17 42", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                          // counters of six digits, the most the parser takes, kept whole
                          "4k3/8/8/8/8/8/8/4K3 b - - 999999 999999", "4k3/8/8/8/8/8/8/4K3 w - - 70000 100000",
                          "4k3/8/8/8/8/8/8/4K3 b - - 0 0"}) {
    const FenResult result = Position::from_fen(fen);
    ASSERT_TRUE(result.ok()) << result.error;
    EXPECT_EQ(result.value.fen(), fen);
  }
}

// The fullmove number grows after black's move only.
TEST(Fen, MoveCountersAfterMoves) {
  Position pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 7 41").value;
  pos.play(parse_uci_move(pos, "e1d1"));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/4P3/3K4 b - - 8 41");
  pos.play(parse_uci_move(pos, "e8d8"));
  EXPECT_EQ(pos.fen(), "3k4/8/8/8/8/8/4P3/3K4 w - - 9 42");
  pos.play(parse_uci_move(pos, "e2e4"));
  EXPECT_EQ(pos.fen(), "3k4/8/8/8/4P3/8/8/3K4 b - e3 0 42");
}

TEST(Fen, StartPositionFields) {
  const Position pos = Position::start();
  EXPECT_EQ(pos.side_to_move(), WHITE);
  EXPECT_EQ(pos.castling_rights(), ANY_CASTLING);
  EXPECT_EQ(pos.en_passant_square(), NO_SQUARE);
  EXPECT_EQ(pos.piece_on(E1), W_KING);
  EXPECT_EQ(pos.piece_on(D8), B_QUEEN);
  EXPECT_EQ(pos.material(WHITE), 8 * 100 + 2 * 320 + 2 * 330 + 2 * 500 + 900);
  EXPECT_EQ(pos.material(BLACK), pos.material(WHITE));
}

}  // namespace
}  // namespace prunebench
