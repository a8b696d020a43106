// Short echoes of user values (see messages.hpp).
#include "host/messages.hpp"

namespace tv::host {

std::string echo_value(const std::string& value) {
  std::string shown = value.size() <= echo_limit ? value : value.substr(0, 60);
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  if (value.size() > echo_limit) shown += "... (" + std::to_string(value.size()) + " characters)";
  return shown;
}

std::string shorten_long_words(const std::string& message) {
  std::string out, word;
  auto flush = [&] {
    out += word.size() > echo_limit ? echo_value(word) : word;
    word.clear();
  };
  for (char c : message) {
    if (c == ' ' || c == '\n' || c == '\t') {
      flush();
      out += ' ';  // a line break would break the one-line message
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

}  // namespace tv::host
