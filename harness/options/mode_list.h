// A list of modes, as --modes takes it: "minimax,mvv-lva+killers+history,pvs".
//
// Commas separate the modes; a mode's own options are joined with '+'. A
// comma-separated item must therefore stand as a mode on its own: begin with
// a named mode or algo=. An item that begins with an option ("history" in
// "mvv-lva+killers,history") would otherwise silently become a mode of its
// own (unordered alpha-beta with history), so it is refused with the '+'
// form that was probably meant.
//
// The last item may be a factorial (factorial.h): "minimax,factorial:mvv-lva:
// tt,id,killers" lists minimax and then every combination of the three
// factors over mvv-lva; everything after "factorial:BASE:" is a factor.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/options/cli_args.h"

namespace prunebench::harness {

// The mode strings in order, or a one-line error naming the option
// ("--modes: ..."). Only the list's shape is checked here; each mode's own
// options are checked by parse_mode. A factorial's note (how it expanded,
// what it left out) goes to `notes` when given.
Parsed<std::vector<std::string>> parse_mode_list(std::string_view option, std::string_view text,
                                                 std::vector<std::string>* notes = nullptr);

}  // namespace prunebench::harness
