// The words of a refusal: what a call's std::invalid_argument (or another exception type
// named) says, for tests that check a message rather than only that something was thrown.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>

namespace tv::test {

/// @brief The message of the `Refusal` `f` raises, or "(accepted)".
template <class Refusal = std::invalid_argument>
std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const Refusal& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace tv::test
