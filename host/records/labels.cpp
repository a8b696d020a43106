// Labels as bit strings (see labels.hpp).
#include "host/records/labels.hpp"

#include <stdexcept>

namespace tv::host {

std::string label_bits(uint64_t label, int width) {
  std::string s(static_cast<size_t>(width), '0');
  for (int i = 0; i < width; ++i)
    if ((label >> (width - 1 - i)) & 1u) s[static_cast<size_t>(i)] = '1';
  return s;
}

std::string node_name(uint64_t label, int width) {
  return width > 0 ? label_bits(label, width) : std::to_string(label);
}

uint64_t parse_bits(const std::string& s) {
  uint64_t x = 0;
  for (char c : s) {
    if (c != '0' && c != '1') throw std::invalid_argument("not a bit string: '" + s + "'");
    x = (x << 1) | static_cast<uint64_t>(c == '1');
  }
  return x;
}

}  // namespace tv::host
