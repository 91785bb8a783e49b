// The fast legal move generator (see movegen.h for the approach and order).
//
// One template produces moves into a "sink" (move_sinks.h): MoveListSink appends them,
// CountSink only adds popcounts (perft's bulk counting), AnySink stops at the
// first legal move, ReplyCountSink counts each move's replies, PlayingSink
// makes each move's child (perft's make-every-leaf). The legality
// logic is therefore written once, with one exception: counting the moves of
// a side neither in check nor with a piece pinned (count_unconstrained), the
// common case of bulk perft, drops the masks that case does not need. The
// two are held equal by movegen_test (the count against the list, at every
// node of perft 3 from every suite position) and by the perft suites.
#include "engine/movegen.h"

#include "engine/count_board.h"
#include "engine/move_sinks.h"
#include "engine/situation.h"

namespace prunebench {
namespace {

using movegen_sinks::AnySink;
using movegen_sinks::CountSink;
using movegen_sinks::MoveListSink;
using situation::analyse;
using situation::attacked_by_them;
using situation::piece_attacks;
using situation::Situation;
using situation::slider_attacks;

// The legal moves of `Us`, to move on `board` (defined below the generator).
template <Color Us>
int count_moves_of(const CountBoard& board);

// Counts the replies to each move instead of the moves: every move is played
// on a CountBoard and its legal replies counted (perft at depth 2). Moves come
// straight from the generator, never through a list. `Them` replies.
template <Color Them>
struct ReplyCountSink {
  static constexpr bool STOP_AT_FIRST = false;
  static constexpr bool KEEPS_ORDER = false;
  const Position& parent;
  const CountBoard board;
  std::uint64_t count = 0;

  bool done() const { return false; }
  void add(Move m) { count += std::uint64_t(count_moves_of<Them>(board.after(parent, m))); }
  void add_targets(PieceType mover, Square from, Bitboard targets, Bitboard enemies) {
    while (targets) {
      const Square to = pop_lsb(targets);
      const PieceType victim = enemies & square_bb(to) ? type_of(parent.piece_on(to)) : NO_PIECE_TYPE;
      count += std::uint64_t(count_moves_of<Them>(board.after_step<~Them>(mover, from, to, victim)));
    }
  }
  void add_pawn_moves(Bitboard targets, int offset, MoveKind kind) {
    while (targets) {
      const Square to = pop_lsb(targets), from = Square(to - offset);
      const PieceType victim = kind == CAPTURE ? type_of(parent.piece_on(to)) : NO_PIECE_TYPE;
      const Square en_passant = kind == DOUBLE_PUSH ? passed_square(from, to) : NO_SQUARE;
      count += std::uint64_t(count_moves_of<Them>(board.after_step<~Them>(PAWN, from, to, victim, en_passant)));
    }
  }
  void add_promotions(Bitboard targets, int offset, bool capture) {
    movegen_sinks::add_each_promotion(*this, targets, offset, capture);
  }
};

// Makes each move as the generator finds it, as the child of `base` (the
// parent's children_base), and hands the child to `Keep`: no list, and the
// mover's type a constant where the generator calls add_targets, so
// child_after drops what does not apply to it. Captures and quiet moves are
// made in two loops, each without a branch on which it is.
template <Color Us, typename Keep>
struct PlayingSink {
  static constexpr bool STOP_AT_FIRST = false;
  static constexpr bool KEEPS_ORDER = false;
  const Position base;
  Keep keep;
  int count = 0;

  bool done() const { return false; }
  void add(Move m) {
    Position child = base;
    child.complete_move(m);
    keep(child);
    ++count;
  }
  [[gnu::always_inline]] void add_targets(PieceType mover, Square from, Bitboard targets, Bitboard enemies) {
    const Piece p = make_piece(Us, mover);
    count += popcount(targets);
    for (Bitboard captures = targets & enemies; captures;)
      keep(base.child_after(p, from, pop_lsb(captures), CAPTURE));
    for (Bitboard quiets = targets & ~enemies; quiets;)
      keep(base.child_after(p, from, pop_lsb(quiets), QUIET));
  }
  [[gnu::always_inline]] void add_pawn_moves(Bitboard targets, int offset, MoveKind kind) {
    count += popcount(targets);
    while (targets) {
      const Square to = pop_lsb(targets);
      keep(base.child_after(make_piece(Us, PAWN), Square(to - offset), to, kind));
    }
  }
  void add_promotions(Bitboard targets, int offset, bool capture) {
    movegen_sinks::add_each_promotion(*this, targets, offset, capture);
  }
};

// Tells the compiler that the child is used, so that it is really made:
// nothing reads a perft leaf, and with the move inline the compiler could
// otherwise skip making it. The same empty-asm idiom as Google Benchmark's
// DoNotOptimize, but naming the child's bytes as the asm's input rather than
// clobbering all memory: the child must be complete in memory, yet the base
// it was copied from need not be read again for every child.
struct KeepInMemory {
  void operator()(const Position& child) const {
#if defined(__GNUC__) || defined(__clang__)
    asm volatile("" : : "m"(child));
#else
    volatile auto sink = child.key();
    (void)sink;
#endif
  }
};

struct AppendTo {
  std::vector<Position>& children;
  void operator()(const Position& child) const { children.push_back(child); }
};

// Every square the enemy's pawns, knights and king attack.
template <Color Us, typename Board>
[[gnu::always_inline]] inline Bitboard leaper_attacks_of_them(const Board& pos) {
  constexpr Color Them = ~Us;
  constexpr Direction DOWN_WEST = Us == WHITE ? SOUTH_WEST : NORTH_WEST;
  constexpr Direction DOWN_EAST = Us == WHITE ? SOUTH_EAST : NORTH_EAST;
  const Bitboard pawns = pos.pieces(Them, PAWN);
  Bitboard attacked = shift<DOWN_WEST>(pawns) | shift<DOWN_EAST>(pawns) | king_attacks(pos.king_square(Them));
  for (Bitboard knights = pos.pieces(Them, KNIGHT); knights;) attacked |= knight_attacks(pop_lsb(knights));
  return attacked;
}

template <Color Us, PieceType Pt, typename Board, typename Sink>
void generate_piece_moves(const Board& pos, const Situation& s, Sink& sink) {
  const Bitboard allowed = ~s.ours & s.check_mask;
  if constexpr (Sink::KEEPS_ORDER) {  // pinned and free pieces interleaved, by origin square
    Bitboard pieces = pos.pieces(Us, Pt);
    while (pieces) {
      const Square from = pop_lsb(pieces);
      Bitboard targets = piece_attacks<Pt>(from, s.occupied) & allowed;
      if (s.pinned & square_bb(from)) targets &= line_bb(s.king, from);
      sink.add_targets(Pt, from, targets, s.theirs);
    }
    return;
  }
  // A sink that ignores order (counting, "is there any?") takes the free
  // pieces in a loop without the pin test, then the pinned ones, which are
  // rare; a pinned knight has no move at all.
  Bitboard free_pieces = pos.pieces(Us, Pt) & ~s.pinned;
  while (free_pieces) {
    const Square from = pop_lsb(free_pieces);
    sink.add_targets(Pt, from, piece_attacks<Pt>(from, s.occupied) & allowed, s.theirs);
    if constexpr (Sink::STOP_AT_FIRST)
      if (sink.done()) return;
  }
  if constexpr (Pt == KNIGHT) return;
  Bitboard pinned = pos.pieces(Us, Pt) & s.pinned;
  while (pinned) {
    const Square from = pop_lsb(pinned);
    sink.add_targets(Pt, from, piece_attacks<Pt>(from, s.occupied) & allowed & line_bb(s.king, from), s.theirs);
  }
}

// Returns the squares the king may step to (castling reuses them).
template <Color Us, typename Board, typename Sink>
[[gnu::always_inline]] inline Bitboard generate_king_moves(const Board& pos, const Situation& s, Sink& sink) {
  // The king is lifted off the board for the test, so it cannot hide behind
  // itself from a slider checking along the line it retreats on.
  const Bitboard occupied_without_king = s.occupied ^ square_bb(s.king);
  Bitboard candidates = king_attacks(s.king) & ~s.ours;
  Bitboard safe = 0;
  if (more_than_one(candidates)) {  // then one map of the leapers' attacks beats a test per square
    candidates &= ~leaper_attacks_of_them<Us>(pos);
    while (candidates) {
      const Square to = pop_lsb(candidates);
      if (!slider_attacks(s, to, occupied_without_king)) safe |= square_bb(to);
    }
  } else if (candidates) {
    const Square to = lsb(candidates);
    if (!attacked_by_them<Us>(pos, s, to, occupied_without_king)) safe = candidates;
  }
  sink.add_targets(KING, s.king, safe, s.theirs);
  return safe;
}

// `safe_steps`: generate_king_moves's answer. The square the king crosses is
// one of its steps, and whether it is attacked does not depend on the king
// being lifted: the only line through both squares is the home rank, and an
// enemy slider reaching the king's square along it would be giving check.
template <Color Us, typename Board, typename Sink>
[[gnu::always_inline]] inline void generate_castling(const Board& pos, const Situation& s, Bitboard safe_steps,
                                                     Sink& sink) {
  if (s.checkers) return;
  constexpr int OO = Us == WHITE ? WHITE_OO : BLACK_OO;
  constexpr int OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
  // A right means king and rook stand on their home squares (the FEN reader
  // and the moves that clear rights see to it), so the squares that must be
  // empty are constants.
  constexpr Square G = relative_square(Us, G1), F = relative_square(Us, F1);
  constexpr Square D = relative_square(Us, D1), C = relative_square(Us, C1), B = relative_square(Us, B1);
  const int rights = pos.castling_rights();
  if ((rights & OO) && !(s.occupied & (square_bb(F) | square_bb(G))) && (safe_steps & square_bb(F)) &&
      !attacked_by_them<Us>(pos, s, G, s.occupied))
    sink.add(Move(s.king, G, KING_CASTLE));
  if ((rights & OOO) && !(s.occupied & (square_bb(D) | square_bb(C) | square_bb(B))) && (safe_steps & square_bb(D)) &&
      !attacked_by_them<Us>(pos, s, C, s.occupied))
    sink.add(Move(s.king, C, QUEEN_CASTLE));
}

// En passant is the one move that removes two pieces from a line at once
// (mover and victim, e.g. on the king's rank), so it is checked the honest
// way: play it on the occupancy and look for attackers of the king.
template <Color Us, typename Board>
bool en_passant_is_legal(const Board& pos, const Situation& s, Square from, Square to) {
  const Square victim = Square(to ^ 8);
  const Bitboard occupied = (s.occupied ^ square_bb(from) ^ square_bb(victim)) | square_bb(to);
  const Bitboard attackers = (pawn_attacks(Us, s.king) & pos.pieces(~Us, PAWN)) |
                            (knight_attacks(s.king) & pos.pieces(~Us, KNIGHT)) |
                            (rook_attacks(s.king, occupied) & s.their_rooks_queens) |
                            (bishop_attacks(s.king, occupied) & s.their_bishops_queens);
  return !(attackers & ~square_bb(victim));  // the victim, if it was checking, is gone
}

template <Color Us, typename Board, typename Sink>
void generate_en_passant(const Board& pos, const Situation& s, Sink& sink) {
  if (const Square ep = pos.en_passant_square(); ep != NO_SQUARE) {
    Bitboard capturers = pawn_attacks(~Us, ep) & pos.pieces(Us, PAWN);
    while (capturers) {
      const Square from = pop_lsb(capturers);
      if (en_passant_is_legal<Us>(pos, s, from, ep)) sink.add(Move(from, ep, EN_PASSANT));
    }
  }
}

template <Color Us, typename Board, typename Sink>
void generate_pawn_moves(const Board& pos, const Situation& s, Sink& sink) {
  constexpr Direction UP = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard THIRD_RANK = Us == WHITE ? RANK_3_BB : RANK_6_BB;

  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard empty = ~s.occupied;
  // Pinned pawns move only along their pin line; testing each target square
  // against the line through king and origin is done per pinned pawn below.
  const Bitboard free_pawns = pawns & ~s.pinned;

  // Most positions have no pawn one step from promoting: one test here
  // spares each set of pawn moves its own.
  const bool may_promote = pawns & (Us == WHITE ? RANK_7_BB : RANK_2_BB);
  const auto emit = [&](Bitboard targets, int offset, MoveKind kind) {
    if (may_promote) {
      if (const Bitboard promotions = targets & LAST_RANK) sink.add_promotions(promotions, offset, kind == CAPTURE);
      targets &= ~LAST_RANK;
    }
    sink.add_pawn_moves(targets, offset, kind);
  };
  const auto emit_pinned = [&](Bitboard (*step)(Bitboard), Bitboard allowed, int offset, MoveKind kind) {
    Bitboard pinned_pawns = pawns & s.pinned;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      emit(step(square_bb(from)) & allowed & line_bb(s.king, from), offset, kind);
    }
  };

  const Bitboard enemies = s.theirs & s.check_mask;
  emit(shift<UP_WEST>(free_pawns) & enemies, UP_WEST, CAPTURE);
  emit(shift<UP_EAST>(free_pawns) & enemies, UP_EAST, CAPTURE);
  if (s.pinned & pawns) {
    emit_pinned(shift<UP_WEST>, enemies, UP_WEST, CAPTURE);
    emit_pinned(shift<UP_EAST>, enemies, UP_EAST, CAPTURE);
  }
  if constexpr (Sink::STOP_AT_FIRST)
    if (sink.done()) return;

  generate_en_passant<Us>(pos, s, sink);

  const Bitboard single = shift<UP>(free_pawns) & empty;
  emit(single & s.check_mask, UP, QUIET);
  sink.add_pawn_moves(shift<UP>(single & THIRD_RANK) & empty & s.check_mask, 2 * UP, DOUBLE_PUSH);
  if (s.pinned & pawns) {
    Bitboard pinned_pawns = pawns & s.pinned;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      const Bitboard one = shift<UP>(square_bb(from)) & empty & line_bb(s.king, from);
      emit(one & s.check_mask, UP, QUIET);
      sink.add_pawn_moves(shift<UP>(one & THIRD_RANK) & empty & s.check_mask, 2 * UP, DOUBLE_PUSH);
    }
  }
}

template <Color Us, typename Board, typename Sink>
void generate_for(const Board& pos, const Situation& s, Sink& sink) {
  Bitboard safe_steps = 0;
  if constexpr (Sink::STOP_AT_FIRST) {  // the king is the likeliest to have a move
    safe_steps = generate_king_moves<Us>(pos, s, sink);
    if (sink.done() || more_than_one(s.checkers)) return;
  }
  if (!more_than_one(s.checkers)) {  // in double check only the king may move
    generate_piece_moves<Us, KNIGHT>(pos, s, sink);
    if constexpr (Sink::STOP_AT_FIRST)
      if (sink.done()) return;
    generate_piece_moves<Us, BISHOP>(pos, s, sink);
    generate_piece_moves<Us, ROOK>(pos, s, sink);
    generate_piece_moves<Us, QUEEN>(pos, s, sink);
    if constexpr (Sink::STOP_AT_FIRST)
      if (sink.done()) return;
  }
  if constexpr (!Sink::STOP_AT_FIRST) safe_steps = generate_king_moves<Us>(pos, s, sink);
  generate_castling<Us>(pos, s, safe_steps, sink);
  if (!more_than_one(s.checkers)) generate_pawn_moves<Us>(pos, s, sink);
}

template <Color Us, typename Board, typename Sink>
void generate_for(const Board& pos, Sink& sink) {
  generate_for<Us>(pos, analyse<Us>(pos), sink);
}

// The legal en-passant captures. Out of line, and analysing the position
// again: handing it the Situation would make every count store that to memory.
template <Color Us, typename Board>
[[gnu::noinline]] int count_en_passant(const Board& pos) {
  CountSink sink;
  generate_en_passant<Us>(pos, analyse<Us>(pos), sink);
  return sink.count;
}

// The number of legal moves of a side neither in check nor with a pinned
// piece, the common case among the positions bulk perft counts. No move then
// needs the check mask or a pin line, so every piece's moves are one popcount
// with no mask but "not onto our own pieces", a queen is counted as a rook
// and a bishop (the two sets of squares are disjoint), and the pawns' moves
// are popcounts of whole sets. En passant still gets its honest test: taking
// may lift two pawns off a line through the king, which is neither a check
// nor a pin beforehand.
template <Color Us, typename Board>
[[gnu::always_inline]] inline int count_unconstrained(const Board& pos, const Situation& s) {
  constexpr Direction UP = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard THIRD_RANK = Us == WHITE ? RANK_3_BB : RANK_6_BB;
  const Bitboard movable = ~s.ours;
  int count = 0;
  for (Bitboard b = pos.pieces(Us, KNIGHT); b;) count += popcount(knight_attacks(pop_lsb(b)) & movable);
  const Bitboard queens = pos.pieces(Us, QUEEN);
  for (Bitboard b = pos.pieces(Us, BISHOP) | queens; b;)
    count += popcount(bishop_attacks(pop_lsb(b), s.occupied) & movable);
  for (Bitboard b = pos.pieces(Us, ROOK) | queens; b;) count += popcount(rook_attacks(pop_lsb(b), s.occupied) & movable);

  const Bitboard pawns = pos.pieces(Us, PAWN), empty = ~s.occupied;
  const Bitboard single = shift<UP>(pawns) & empty;
  const Bitboard twice = shift<UP>(single & THIRD_RANK) & empty;
  const Bitboard west = shift<UP_WEST>(pawns) & s.theirs, east = shift<UP_EAST>(pawns) & s.theirs;
  count += popcount(single | twice) + popcount(west) + popcount(east);  // single and twice never share a rank
  if (pawns & (Us == WHITE ? RANK_7_BB : RANK_2_BB)) [[unlikely]]  // each promotion is four moves
    count += 3 * (popcount(single & LAST_RANK) + popcount(west & LAST_RANK) + popcount(east & LAST_RANK));

  // After most double pushes no pawn stands beside the one that moved.
  if (const Square ep = pos.en_passant_square(); ep != NO_SQUARE && (pawn_attacks(~Us, ep) & pawns)) [[unlikely]]
    count += count_en_passant<Us>(pos);
  CountSink sink{count};
  generate_castling<Us>(pos, s, generate_king_moves<Us>(pos, s, sink), sink);
  return sink.count;
}

// The general count: in check, or with a piece pinned. Out of line, so that
// the common case above is not compiled around it, and it analyses the
// position again rather than be handed the Situation: passing it would make
// every count store it to memory, which costs more than the rare repeat.
template <Color Us, typename Board>
[[gnu::noinline]] int count_constrained(const Board& pos) {
  CountSink sink;
  generate_for<Us>(pos, sink);
  return sink.count;
}

template <Color Us, typename Board>
[[gnu::always_inline]] inline int count_moves(const Board& pos) {
  const Situation s = analyse<Us>(pos);
  if (!(s.checkers | s.pinned)) [[likely]]
    return count_unconstrained<Us>(pos, s);
  return count_constrained<Us>(pos);
}

template <typename Board, typename Sink>
void generate(const Board& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    generate_for<WHITE>(pos, sink);
  else
    generate_for<BLACK>(pos, sink);
}

template <Color Us>
[[gnu::noinline]] int count_moves_of(const CountBoard& board) {
  return count_moves<Us>(board);
}

template <Color Us, typename Keep>
int play_moves(const Position& pos, Keep keep) {
  PlayingSink<Us, Keep> sink{pos.children_base(), keep};
  generate_for<Us>(pos, sink);
  return sink.count;
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  list.clear();
  MoveListSink sink{list};
  generate(pos, sink);
}

int count_legal(const Position& pos) {
  return pos.side_to_move() == WHITE ? count_moves<WHITE>(pos) : count_moves<BLACK>(pos);
}

bool count_moves_avoiding(const Position& pos, const AvoidedMoves& avoided, int& count, Bitboard& captured,
                          SetAsideMoves& set_aside) {
  set_aside.count = 0;
  movegen_sinks::AvoidingCountSink sink{avoided, set_aside};
  generate(pos, sink);
  count = sink.count;
  captured = sink.captured;
  return !sink.unsure;
}

std::uint64_t count_legal_replies(const Position& pos) {
  if (pos.side_to_move() == WHITE) {
    ReplyCountSink<BLACK> sink{pos, CountBoard(pos)};
    generate_for<WHITE>(pos, sink);
    return sink.count;
  }
  ReplyCountSink<WHITE> sink{pos, CountBoard(pos)};
  generate_for<BLACK>(pos, sink);
  return sink.count;
}

int play_every_legal_move(const Position& pos) {
  return pos.side_to_move() == WHITE ? play_moves<WHITE>(pos, KeepInMemory{})
                                     : play_moves<BLACK>(pos, KeepInMemory{});
}

void collect_children(const Position& pos, std::vector<Position>& children) {
  if (pos.side_to_move() == WHITE)
    play_moves<WHITE>(pos, AppendTo{children});
  else
    play_moves<BLACK>(pos, AppendTo{children});
}

int count_legal(const CountBoard& board) {
  return board.side_to_move() == WHITE ? count_moves_of<WHITE>(board) : count_moves_of<BLACK>(board);
}


bool has_legal_move_slow(const Position& pos) {
  AnySink sink;
  generate(pos, sink);
  return sink.found;
}

}  // namespace prunebench
