// A clock that a search advances at every node it enters, for the parallel
// model (virtual_processors.h), where a node costs one unit of virtual time.
// enter_node calls it through poll_stop (node.h): a clocked search always
// has a stop, so a search without a clock pays nothing more per node.
#pragma once

namespace prunebench {

class NodeClock {
 public:
  // The node about to be entered; returns once its processor may enter it.
  virtual void tick() = 0;

 protected:
  ~NodeClock() = default;
};

}  // namespace prunebench
