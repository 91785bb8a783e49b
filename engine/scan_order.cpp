// Scan orders: the key of a move, and the spelling (see scan_order.h).
#include "engine/scan_order.h"

#include <algorithm>
#include <utility>

#include "engine/position.h"
#include "engine/text.h"

namespace prunebench {

namespace {

constexpr std::string_view PIECE_LETTERS = "PNBRQK";  // by PieceType

constexpr std::array<std::pair<std::string_view, ScanOrder::Scan>, ScanOrder::SCAN_NB> SCANS = {{
    {"a1h1", ScanOrder::Scan::A1H1},
    {"h1a1", ScanOrder::Scan::H1A1},
    {"a8h8", ScanOrder::Scan::A8H8},
    {"h8a8", ScanOrder::Scan::H8A8},
    {"a1a8", ScanOrder::Scan::A1A8},
    {"a8a1", ScanOrder::Scan::A8A1},
    {"h1h8", ScanOrder::Scan::H1H8},
    {"h8h1", ScanOrder::Scan::H8H1},
}};
constexpr std::array<std::pair<std::string_view, ScanOrder::Captures>, 3> CAPTURES = {{
    {"mixed", ScanOrder::Captures::MIXED},
    {"first", ScanOrder::Captures::FIRST},
    {"last", ScanOrder::Captures::LAST},
}};
constexpr std::array<std::pair<std::string_view, ScanOrder::Split>, 3> SPLITS = {{
    {"all", ScanOrder::Split::ALL},
    {"type", ScanOrder::Split::TYPE},
    {"piece", ScanOrder::Split::PIECE},
}};
constexpr std::array<std::pair<std::string_view, ScanOrder::Queens>, 2> QUEENS = {{
    {"piece", ScanOrder::Queens::PIECE},
    {"sliders", ScanOrder::Queens::SLIDERS},
}};
constexpr std::array<std::pair<std::string_view, ScanOrder::Pawns>, 3> PAWNS = {{
    {"pieces", ScanOrder::Pawns::PIECES},
    {"sets-we", ScanOrder::Pawns::SETS_WEST_FIRST},
    {"sets-ew", ScanOrder::Pawns::SETS_EAST_FIRST},
}};

template <typename Value, std::size_t N>
bool lookup(const std::array<std::pair<std::string_view, Value>, N>& table, std::string_view name, Value& out) {
  for (const auto& [key, value] : table)
    if (key == name) {
      out = value;
      return true;
    }
  return false;
}

template <typename Value, std::size_t N>
std::string_view name_of(const std::array<std::pair<std::string_view, Value>, N>& table, Value value) {
  for (const auto& [key, v] : table)
    if (v == value) return key;
  return "?";
}

// The digits of a move's key, each below its radix; the key is the number
// they spell, so comparing keys compares the digits in this order.
constexpr int PHASE_RADIX = 2;
constexpr int PIECE_RADIX = PIECE_TYPE_NB;
constexpr int ORIGIN_RADIX = 128;  // 64 squares, then the two castlings; or a pawn set
constexpr int TARGET_RADIX = SQUARE_NB;
constexpr int PROMOTION_RADIX = 4;
constexpr int KING_SIDE_CASTLING_ORIGIN = SQUARE_NB;
constexpr int QUEEN_SIDE_CASTLING_ORIGIN = SQUARE_NB + 1;

// Promotions as queen, rook, bishop, knight (by PieceType, KNIGHT..QUEEN).
constexpr int PROMOTION_PLACE[PIECE_TYPE_NB] = {0, 3, 2, 1, 0, 0};

// The set a pawn move belongs to when pawns move set-wise, in emission order.
int pawn_set(Move m, const ScanOrder& order) {
  enum { FIRST_SIDE, SECOND_SIDE, EN_PASSANT_SET, SINGLE, DOUBLE, SETS };
  int set;
  if (m.is_en_passant()) {
    set = EN_PASSANT_SET;
  } else if (m.is_capture()) {
    const bool west = file_of(m.to()) < file_of(m.from());
    set = west == (order.pawns == ScanOrder::Pawns::SETS_WEST_FIRST) ? FIRST_SIDE : SECOND_SIDE;
  } else {
    set = m.kind() == DOUBLE_PUSH ? DOUBLE : SINGLE;
  }
  if (order.captures != ScanOrder::Captures::LAST) return set;
  return set >= SINGLE ? set - SINGLE : set + (SETS - SINGLE);  // pushes first
}

}  // namespace

// The code's fields, most significant first after a leading 1 bit: six
// piece types of 3 bits, then captures, split, from, to, pawns and queens in
// 2 + 2 + 3 + 3 + 2 + 1 bits: 32 bits in all.
constexpr int PIECE_BITS = 3;
constexpr int FIELD_BITS[6] = {2, 2, 3, 3, 2, 1};

std::uint32_t ScanOrder::code() const {
  std::uint32_t code = 1;  // never 0
  for (PieceType p : pieces) code = code << PIECE_BITS | std::uint32_t(p);
  const int fields[6] = {int(captures), int(split), int(from), int(to), int(pawns), int(queens)};
  for (int i = 0; i < 6; ++i) code = code << FIELD_BITS[i] | std::uint32_t(fields[i]);
  return code;
}

ScanOrder ScanOrder::from_code(std::uint32_t code) {
  const auto take = [&code](int bits) {
    const std::uint32_t field = code & ((1u << bits) - 1);
    code >>= bits;
    return field;
  };
  ScanOrder order;
  order.queens = Queens(take(FIELD_BITS[5]));
  order.pawns = Pawns(take(FIELD_BITS[4]));
  order.to = Scan(take(FIELD_BITS[3]));
  order.from = Scan(take(FIELD_BITS[2]));
  order.split = Split(take(FIELD_BITS[1]));
  order.captures = Captures(take(FIELD_BITS[0]));
  for (int i = PIECE_TYPE_NB - 1; i >= 0; --i) order.pieces[std::size_t(i)] = PieceType(take(PIECE_BITS));
  return order;
}

int scan_index(ScanOrder::Scan scan, Square s) {
  const int file = file_of(s), rank = rank_of(s);
  switch (scan) {
    case ScanOrder::Scan::A1H1: return rank * 8 + file;
    case ScanOrder::Scan::H1A1: return rank * 8 + (7 - file);
    case ScanOrder::Scan::A8H8: return (7 - rank) * 8 + file;
    case ScanOrder::Scan::H8A8: return (7 - rank) * 8 + (7 - file);
    case ScanOrder::Scan::A1A8: return file * 8 + rank;
    case ScanOrder::Scan::A8A1: return file * 8 + (7 - rank);
    case ScanOrder::Scan::H1H8: return (7 - file) * 8 + rank;
    case ScanOrder::Scan::H8H1: return (7 - file) * 8 + (7 - rank);
  }
  return 0;
}

std::int64_t scan_order_score(const Position& pos, Move m, const ScanOrder& order) {
  const PieceType type = type_of(pos.piece_on(m.from()));
  PieceType slot = type;
  if (type == QUEEN && order.queens == ScanOrder::Queens::SLIDERS)
    slot = file_of(m.from()) != file_of(m.to()) && rank_of(m.from()) != rank_of(m.to()) ? BISHOP : ROOK;
  const int piece = int(std::find(order.pieces.begin(), order.pieces.end(), slot) - order.pieces.begin());
  const bool capture_pass = m.is_capture() == (order.captures == ScanOrder::Captures::FIRST);
  const int phase = order.captures == ScanOrder::Captures::MIXED || capture_pass ? 0 : 1;
  int origin, target = scan_index(order.to, m.to());
  if (m.is_castle()) {
    origin = m.kind() == KING_CASTLE ? KING_SIDE_CASTLING_ORIGIN : QUEEN_SIDE_CASTLING_ORIGIN;
    target = 0;
  } else if (type == PAWN && order.pawns != ScanOrder::Pawns::PIECES) {
    origin = pawn_set(m, order);
  } else {
    origin = scan_index(order.from, m.from());
  }
  const int promotion = m.is_promotion() ? PROMOTION_PLACE[m.promotion_type()] : 0;

  std::int64_t key = 0;
  const auto digit = [&key](int value, int radix) { key = key * radix + value; };
  switch (order.split) {
    case ScanOrder::Split::ALL:
      digit(phase, PHASE_RADIX), digit(piece, PIECE_RADIX), digit(origin, ORIGIN_RADIX);
      break;
    case ScanOrder::Split::TYPE:
      digit(piece, PIECE_RADIX), digit(phase, PHASE_RADIX), digit(origin, ORIGIN_RADIX);
      break;
    case ScanOrder::Split::PIECE:
      digit(piece, PIECE_RADIX), digit(origin, ORIGIN_RADIX), digit(phase, PHASE_RADIX);
      break;
  }
  digit(target, TARGET_RADIX);
  digit(promotion, PROMOTION_RADIX);
  return -(1 + key);
}

ScanOrderParse parse_scan_order(std::string_view text) {
  ScanOrderParse result;
  if (text.empty()) return result;
  if (text.front() != ':') {
    result.error = "scan order '" + quote_input(text) + "' must start with ':'";
    return result;
  }
  text.remove_prefix(1);
  while (!text.empty()) {
    const std::size_t end = text.find('/');
    const std::string_view field = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    const std::size_t eq = field.find('=');
    const std::string_view key = field.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view{} : field.substr(eq + 1);
    bool known = true;
    if (key == "pieces") {
      std::string sorted(value);
      std::sort(sorted.begin(), sorted.end());
      known = sorted == "BKNPQR";
      for (std::size_t i = 0; known && i < value.size(); ++i)
        result.value.pieces[i] = PieceType(PIECE_LETTERS.find(value[i]));
    } else if (key == "captures") {
      known = lookup(CAPTURES, value, result.value.captures);
    } else if (key == "split") {
      known = lookup(SPLITS, value, result.value.split);
    } else if (key == "from") {
      known = lookup(SCANS, value, result.value.from);
    } else if (key == "to") {
      known = lookup(SCANS, value, result.value.to);
    } else if (key == "pawns") {
      known = lookup(PAWNS, value, result.value.pawns);
    } else if (key == "queens") {
      known = lookup(QUEENS, value, result.value.queens);
    } else {
      result.error = "unknown scan order field '" + quote_input(field) +
                     "' (pieces, captures, split, from, to, pawns, queens)";
      return result;
    }
    if (!known) {
      result.error = "bad scan order field '" + quote_input(field) + "'";
      return result;
    }
  }
  return result;
}

std::string to_string(const ScanOrder& order) {
  std::string pieces;
  for (PieceType type : order.pieces) pieces += PIECE_LETTERS[type];
  return "scan:pieces=" + pieces + "/captures=" + std::string(name_of(CAPTURES, order.captures)) +
         "/split=" + std::string(name_of(SPLITS, order.split)) + "/from=" + std::string(name_of(SCANS, order.from)) +
         "/to=" + std::string(name_of(SCANS, order.to)) + "/pawns=" + std::string(name_of(PAWNS, order.pawns)) +
         "/queens=" + std::string(name_of(QUEENS, order.queens));
}

}  // namespace prunebench
