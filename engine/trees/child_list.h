// Moves of the synthetic trees: a move is the index of the child it leads to.
#pragma once

#include <array>
#include <cstddef>

namespace prunebench {

struct ChildMove {
  int index = -1;  // ChildMove{} (index -1) is "no move", as the Tree concept asks
  bool operator==(const ChildMove&) const = default;
};

class ChildList {
 public:
  static constexpr int CAPACITY = 64;  // widest node a synthetic tree may have

  void push_back(ChildMove m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  ChildMove& operator[](std::size_t i) { return moves_[i]; }
  ChildMove operator[](std::size_t i) const { return moves_[i]; }
  ChildMove* begin() { return moves_.data(); }
  ChildMove* end() { return moves_.data() + size_; }
  const ChildMove* begin() const { return moves_.data(); }
  const ChildMove* end() const { return moves_.data() + size_; }

 private:
  std::array<ChildMove, CAPACITY> moves_;
  std::size_t size_ = 0;
};

}  // namespace prunebench
