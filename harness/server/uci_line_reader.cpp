#include "harness/server/uci_line_reader.h"

#include <istream>
#include <streambuf>

namespace prunebench::harness {

LineRead read_capped_line(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  std::streambuf& input = *in.rdbuf();
  bool too_long = false, read_any = false;
  for (int c = input.sbumpc(); c != std::char_traits<char>::eof(); c = input.sbumpc()) {
    read_any = true;
    if (c == '\n') break;
    if (line.size() < max) {
      line += char(c);
    } else {
      too_long = true;
    }
  }
  if (!read_any) return LineRead::END;
  if (!too_long) return LineRead::LINE;
  line.clear();
  return LineRead::TOO_LONG;
}

}  // namespace prunebench::harness
