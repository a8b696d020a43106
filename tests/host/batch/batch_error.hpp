// The message a batch text is refused with ("" when it parses), for tests of batch files.
#pragma once
#include <string>

#include "host/batch/config.hpp"
#include "host/errors.hpp"

namespace tv::test {

inline std::string batch_error(const std::string& text, uint64_t max_instances = host::default_max_instances) {
  try {
    host::parse_batch(text, "t.toml", max_instances);
  } catch (const host::input_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace tv::test
