// Reading a move in UCI notation ("e2e4", "e7e8q") against a position.
//
// A UCI move names squares only; which move it is (castling, en passant, a
// promotion) depends on the position, so it is found among the legal moves.
// That needs the generator, which needs Position: kept here, above both, so
// position.cpp does not include the generator built on it.
#pragma once

#include <string_view>

#include "engine/position.h"
#include "engine/types.h"

namespace prunebench {

// The legal move of `pos` whose UCI text is `uci`; Move::none() if none is.
Move parse_uci_move(const Position& pos, std::string_view uci);

}  // namespace prunebench
