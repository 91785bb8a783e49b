// Chess move-ordering scores: MVV-LVA and the quiet-move piece-square
// ordering of reference 000. Larger scores are searched first; the search's
// ordering policy sorts stably, so equal scores keep generator order.
#pragma once

#include <cstdint>

#include "engine/position.h"

namespace prunebench {

// Attacker values for MVV-LVA. The king attacks with value 0, its material
// value in PIECE_VALUE: 10 * victim - attacker must stay positive for every
// capture so that captures sort ahead of quiet moves (score 0), which rules
// out a large king value; with 0 a king capture comes first among captures
// of the same victim.
constexpr Score MVV_LVA_ATTACKER_VALUE[PIECE_TYPE_NB] = {100, 320, 330, 500, 900, 0};

// 10 * victim - attacker for captures (the victim of en passant is a pawn),
// 0 for every other move, promotions included. Scored before the move is
// played, while the victim is still on the board.
inline std::int64_t mvv_lva_score(const Position& pos, Move m) {
  if (!m.is_capture()) return 0;
  const PieceType victim = m.is_en_passant() ? PAWN : type_of(pos.piece_on(m.to()));
  const PieceType attacker = type_of(pos.piece_on(m.from()));
  return 10 * PIECE_VALUE[victim] - MVV_LVA_ATTACKER_VALUE[attacker];
}

// A crude piece-square table: distance from the edge of the board, 0 on the
// rim to 6 in the centre. Quiet moves are ordered by how much more central
// they make the piece.
constexpr int centrality(Square s) {
  const int f = file_of(s), r = rank_of(s);
  return (f < 7 - f ? f : 7 - f) + (r < 7 - r ? r : 7 - r);
}

// Reference 000's "quiet-move ordering that made things worse": captures by
// MVV-LVA (all scores >= 100), then quiet moves by centrality gain (-6..6).
inline std::int64_t quiet_pst_score(const Position& pos, Move m) {
  if (m.is_capture()) return mvv_lva_score(pos, m);
  return centrality(m.to()) - centrality(m.from());
}

}  // namespace prunebench
