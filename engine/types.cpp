#include "engine/types.h"

namespace prunebench {

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += "nbrq"[m.promotion_type() - KNIGHT];
  return s;
}

}  // namespace prunebench
