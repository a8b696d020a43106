// The words of a refusal: what a call's std::invalid_argument says, for tests that check
// a message rather than only that something was thrown.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>

namespace tv::test {

/// @brief The message of the std::invalid_argument `f` raises, or "(accepted)".
inline std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace tv::test
