// Editing a partial's JSON for the refusal tests of its reader
// (tests/host/checks/*_partial_json_test.cpp).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "host/errors.hpp"
#include "tests/refusal.hpp"

namespace tv::test {

/// @brief `good` with j[key] replaced by `value`.
inline nlohmann::json with(nlohmann::json good, const std::string& key, const nlohmann::json& value) {
  good[key] = value;
  return good;
}

/// @brief The input_error `read(j)` raises, or "(accepted)".
template <class Read>
std::string read_refusal(Read read, const nlohmann::json& j) {
  return refusal<host::input_error>([&] { read(j); });
}

}  // namespace tv::test
