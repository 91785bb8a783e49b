#include "engine/uci_move.h"

#include "engine/movegen.h"

namespace prunebench {

Move parse_uci_move(const Position& pos, std::string_view uci) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (to_uci(m) == uci) return m;
  return Move::none();
}

}  // namespace prunebench
