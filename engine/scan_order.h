// Scan orders: the move orders a straightforward bitboard generator emits,
// as a parameterised family, so that another engine's "unordered" order can
// be named, emulated and searched for (reference 000's generator).
//
// Such a generator visits piece types in some order, each piece by scanning
// its bitboard (least significant bit first, whatever the engine's square
// numbering), each piece's targets by scanning its attack bitboard, and may
// emit quiet moves and captures in separate passes. Pawns are either moved
// one by one like the pieces or set-wise (all captures to one side by
// target square, then the other side, en passant, single pushes, double
// pushes). The family's parameters, spelled in a mode as
//
//   tiebreak=scan:pieces=NBRQKP/captures=mixed/split=piece/from=a1h1/to=a1h1/pawns=sets-we/queens=piece
//
//   pieces    the piece types in emission order, a permutation of PNBRQK
//   captures  mixed (one pass), first or last (a separate pass for captures)
//   split     where the capture pass splits the moves: all (every quiet move,
//             then every capture), type (per piece type), piece (per piece)
//   from, to  the square scans of origins and targets: the first square
//             and the way the scan goes first (a1h1 = a1, b1, ..., h1, a2, ...;
//             a1a8 = a1, a2, ..., a8, b1, ...; h8a8 = h8, g8, ..., a8, h7, ...)
//   pawns     pieces (by origin like the others), sets-we or sets-ew (set-wise,
//             captures toward the a-file first, or toward the h-file first;
//             pushes first when captures=last)
//   queens    piece (a piece type of its own), or sliders: generated with the
//             bishops (diagonal moves) and the rooks (straight moves), as
//             engines that scan "bishops | queens" and "rooks | queens" do;
//             the Q in `pieces` then does not matter
//
// Any field may be left out; the defaults are those above, which is close to
// prunebench's own generator (engine/movegen.h; it differs only where a
// pinned pawn moves). Castling comes after the king's other moves, king side
// first; promotions as queen, rook, bishop, knight. The order is total: no
// two moves share a key.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/text.h"
#include "engine/types.h"

namespace prunebench {

class Position;

struct ScanOrder {
  enum class Captures : std::uint8_t { MIXED, FIRST, LAST };
  enum class Split : std::uint8_t { ALL, TYPE, PIECE };
  enum class Pawns : std::uint8_t { PIECES, SETS_WEST_FIRST, SETS_EAST_FIRST };
  enum class Queens : std::uint8_t { PIECE, SLIDERS };
  // A square scan, named by its first square and where it goes first.
  enum class Scan : std::uint8_t { A1H1, H1A1, A8H8, H8A8, A1A8, A8A1, H1H8, H8H1 };
  static constexpr int SCAN_NB = 8;

  std::array<PieceType, PIECE_TYPE_NB> pieces = {KNIGHT, BISHOP, ROOK, QUEEN, KING, PAWN};
  Captures captures = Captures::MIXED;
  Split split = Split::PIECE;
  Scan from = Scan::A1H1;
  Scan to = Scan::A1H1;
  Pawns pawns = Pawns::SETS_WEST_FIRST;
  Queens queens = Queens::PIECE;

  bool operator==(const ScanOrder&) const = default;

  // The order in 31 bits, never 0, and back: OrderingSpec carries the code
  // rather than the struct, so that it stays as small as it was and the
  // searches that ignore it run exactly as fast (measured: the struct cost
  // MVV-LVA 5 %).
  std::uint32_t code() const;
  static ScanOrder from_code(std::uint32_t code);
};

// The place of `s` in `scan`, 0 for the first square scanned.
int scan_index(ScanOrder::Scan scan, Square s);

// The scan order as a larger-first ordering score: negative for every move,
// earlier emitted moves score higher (as canonical_score does).
std::int64_t scan_order_score(const Position& pos, Move m, const ScanOrder& order);

// A scan order in `value`, or why the text is not one.
using ScanOrderParse = Parsed<ScanOrder>;
// Parses the part after "scan" ("" or ":pieces=.../from=..."), see above.
ScanOrderParse parse_scan_order(std::string_view text);
// "scan:pieces=NBRQKP/captures=mixed/split=piece/from=a1h1/to=a1h1/pawns=sets-we/queens=piece": every field.
std::string to_string(const ScanOrder& order);

}  // namespace prunebench
