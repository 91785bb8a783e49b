// Scan orders: the spelling, the squares' scans, that every order is total,
// that the passes and splits mean what they say, and that the default order
// is prunebench's own generator's.
#include "engine/scan_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* const MIDDLEGAME = "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9";
const char* const PROMOTIONS = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
const char* const EN_PASSANT = "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

Position from_fen(const char* fen) {
  const FenResult parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen << ": " << parsed.error;
  return parsed.value;
}

ScanOrder parsed(std::string_view text) {
  const ScanOrderParse parse = parse_scan_order(text);
  EXPECT_TRUE(parse.ok()) << text << ": " << parse.error;
  return parse.value;
}

// The legal moves of `pos` in scan order.
std::vector<Move> in_order(const Position& pos, const ScanOrder& order) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<Move> moves(list.begin(), list.end());
  std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) {
    return scan_order_score(pos, a, order) > scan_order_score(pos, b, order);
  });
  return moves;
}

TEST(ScanOrder, SpellingRoundTrips) {
  const std::string full = "scan:pieces=PNBRQK/captures=last/split=type/from=h8a8/to=a1a8/pawns=pieces/queens=sliders";
  const ScanOrder order = parsed(std::string_view(full).substr(4));
  EXPECT_EQ(to_string(order), full);
  EXPECT_EQ(order.pieces[0], PAWN);
  EXPECT_EQ(order.captures, ScanOrder::Captures::LAST);
  EXPECT_EQ(order.split, ScanOrder::Split::TYPE);
  EXPECT_EQ(order.from, ScanOrder::Scan::H8A8);
  EXPECT_EQ(order.to, ScanOrder::Scan::A1A8);
  EXPECT_EQ(order.pawns, ScanOrder::Pawns::PIECES);
  EXPECT_EQ(order.queens, ScanOrder::Queens::SLIDERS);
  // Left-out fields keep their defaults.
  EXPECT_EQ(parsed(""), ScanOrder{});
  ScanOrder expected;
  expected.captures = ScanOrder::Captures::FIRST;
  EXPECT_EQ(parsed(":captures=first"), expected);
}

TEST(ScanOrder, CodesRoundTrip) {
  const std::vector<ScanOrder> orders = {
      ScanOrder{}, parsed(":pieces=KQRBNP/captures=last/split=all/from=h8h1/to=a8a1/pawns=pieces/queens=sliders")};
  for (const ScanOrder& order : orders) {
    EXPECT_NE(order.code(), 0u);
    EXPECT_EQ(ScanOrder::from_code(order.code()), order) << to_string(order);
  }
  EXPECT_NE(orders[0].code(), orders[1].code());
}

TEST(ScanOrder, BadSpellingsNameTheField) {
  for (const char* bad : {":pieces=NBRQKK", ":pieces=NBRQK", ":from=a1b2", ":captures=sometimes", ":split=rank",
                          ":pawns=rows", ":queens=rooks", ":colour=white", ":from"}) {
    const ScanOrderParse parse = parse_scan_order(bad);
    EXPECT_FALSE(parse.ok()) << bad;
    EXPECT_NE(parse.error.find(std::string_view(bad).substr(1, 4)), std::string::npos) << parse.error;
  }
  EXPECT_FALSE(parse_scan_order("pieces=NBRQKP").ok());  // no ':'
}

// Found by the long fuzz campaign: a field holding a newline was echoed raw,
// so the one-line error became two lines.
TEST(ScanOrder, ErrorsEchoControlCharactersEscaped) {
  for (const char* bad : {":nat\nural", ":pieces=NB\nRQKP", "\n:pieces=NBRQKP"}) {
    const ScanOrderParse parse = parse_scan_order(bad);
    ASSERT_FALSE(parse.ok()) << bad;
    EXPECT_EQ(parse.error.find('\n'), std::string::npos) << parse.error;
    EXPECT_NE(parse.error.find("\\x0A"), std::string::npos) << parse.error;
  }
}

TEST(ScanOrder, EveryScanVisitsEverySquareOnce) {
  for (int scan = 0; scan < ScanOrder::SCAN_NB; ++scan) {
    std::set<int> places;
    for (int s = 0; s < SQUARE_NB; ++s) places.insert(scan_index(ScanOrder::Scan(scan), Square(s)));
    EXPECT_EQ(places.size(), 64u);
    EXPECT_EQ(*places.rbegin(), 63);
  }
  EXPECT_EQ(scan_index(ScanOrder::Scan::A1H1, B1), 1);
  EXPECT_EQ(scan_index(ScanOrder::Scan::A1A8, A2), 1);
  EXPECT_EQ(scan_index(ScanOrder::Scan::H8A8, H8), 0);
  EXPECT_EQ(scan_index(ScanOrder::Scan::H8A8, G8), 1);
  EXPECT_EQ(scan_index(ScanOrder::Scan::H8H1, H7), 1);
  EXPECT_EQ(scan_index(ScanOrder::Scan::A8H8, A7), 8);
}

TEST(ScanOrder, NoTwoMovesShareAKey) {
  for (const char* fen : {KIWIPETE, MIDDLEGAME, PROMOTIONS, EN_PASSANT}) {
    const Position pos = from_fen(fen);
    for (const char* order : {"", ":pawns=pieces/captures=first/split=all", ":captures=last/split=type/from=h8h1",
                              ":pieces=KQRBNP/to=a8a1/pawns=sets-ew"}) {
      MoveList list;
      generate_legal(pos, list);
      std::set<std::int64_t> keys;
      for (Move m : list) {
        EXPECT_LT(scan_order_score(pos, m, parsed(order)), 0);
        keys.insert(scan_order_score(pos, m, parsed(order)));
      }
      EXPECT_EQ(keys.size(), list.size()) << fen << " " << order;
    }
  }
}

TEST(ScanOrder, CapturePassesAndSplits) {
  const Position pos = from_fen(KIWIPETE);
  // captures=last, split=all: every quiet move before every capture.
  const std::vector<Move> last = in_order(pos, parsed(":captures=last/split=all"));
  const auto first_capture = std::find_if(last.begin(), last.end(), [](Move m) { return m.is_capture(); });
  EXPECT_TRUE(std::all_of(first_capture, last.end(), [](Move m) { return m.is_capture(); }));
  // captures=first, split=type: piece types in order, each one's captures first.
  const ScanOrder by_type = parsed(":captures=first/split=type");
  const std::vector<Move> moves = in_order(pos, by_type);
  for (std::size_t i = 1; i < moves.size(); ++i) {
    const auto rank = [&](Move m) {
      const PieceType type = type_of(pos.piece_on(m.from()));
      return std::find(by_type.pieces.begin(), by_type.pieces.end(), type) - by_type.pieces.begin();
    };
    ASSERT_LE(rank(moves[i - 1]), rank(moves[i]));
    if (rank(moves[i - 1]) == rank(moves[i])) {
      EXPECT_FALSE(!moves[i - 1].is_capture() && moves[i].is_capture());
    }
  }
  // Castling follows the king's other moves, king side first.
  const std::vector<Move> natural = in_order(pos, ScanOrder{});
  const auto castle = std::find_if(natural.begin(), natural.end(), [](Move m) { return m.is_castle(); });
  ASSERT_NE(castle, natural.end());
  EXPECT_EQ(to_uci(*castle), "e1g1");
  EXPECT_EQ(to_uci(*(castle + 1)), "e1c1");
  EXPECT_EQ(type_of(pos.piece_on((castle - 1)->from())), KING);
}

// queens=sliders: a queen's diagonal moves come with the bishops, by origin
// square, and its straight moves with the rooks.
TEST(ScanOrder, QueensAsSliders) {
  // White: bishop c1, queen d1, rook h1 (king e1 aside); pieces B, R first.
  const Position pos = from_fen("4k3/8/8/8/8/8/8/2BQK2R w - - 0 1");
  const std::vector<Move> moves = in_order(pos, parsed(":pieces=BRNQKP/queens=sliders"));
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(to_uci(m));
  const auto at = [&](const char* uci) { return std::find(names.begin(), names.end(), uci) - names.begin(); };
  // The bishop's moves, then the queen's diagonal ones; then the queen's straight moves before the rook's
  // (d1 comes before h1 in the scan).
  EXPECT_LT(at("c1h6"), at("d1e2"));
  EXPECT_LT(at("d1a4"), at("d1d8"));
  EXPECT_LT(at("d1d8"), at("h1h8"));
  EXPECT_LT(at("h1h8"), at("e1d2"));  // then the king
  // As a piece of its own the queen comes after the rook.
  const std::vector<Move> plain = in_order(pos, parsed(":pieces=BRNQKP"));
  const auto last_bishop_move =
      std::find_if(plain.begin(), plain.end(), [](Move m) { return to_uci(m) == "c1h6"; });
  ASSERT_NE(last_bishop_move, plain.end());
  EXPECT_EQ(to_uci(*(last_bishop_move + 1)), "h1f1");
}

// The defaults describe prunebench's generator (engine/movegen.h), which
// differs only where a pinned pawn moves: none does at these roots.
TEST(ScanOrder, TheDefaultIsPrunebenchsGenerator) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", KIWIPETE, MIDDLEGAME,
                          PROMOTIONS, EN_PASSANT}) {
    const Position pos = from_fen(fen);
    MoveList list;
    generate_legal(pos, list);
    EXPECT_EQ(in_order(pos, ScanOrder{}), std::vector<Move>(list.begin(), list.end())) << fen;
  }
}

TEST(ScanOrder, AsATiebreakItReplacesTheGeneratorOrder) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", MIDDLEGAME}) {
    for (const char* mode : {"unordered", "mvv-lva"}) {
      SearchSpec natural = parse_mode(mode).value, scanned = natural;
      scanned.ordering.scan_tiebreak = ScanOrder{}.code();
      ChessTree a(from_fen(fen)), b(from_fen(fen));
      SearchCounters na, nb;
      search(a, natural, 5, na);
      search(b, scanned, 5, nb);
      EXPECT_EQ(na.nodes, nb.nodes) << fen << " " << mode;
    }
  }
  // Another order gives other counts.
  const ModeParse other = parse_mode("unordered+tiebreak=scan:pieces=PNBRQK/captures=last/split=all");
  ASSERT_TRUE(other.ok()) << other.error;
  ChessTree a(Position::start()), b(Position::start());
  SearchCounters na, nb;
  search(a, parse_mode("unordered").value, 5, na);
  search(b, other.value, 5, nb);
  EXPECT_NE(na.nodes, nb.nodes);
}

}  // namespace
}  // namespace prunebench
