// Values echoed in messages stay short: a 100,000-digit parameter is shown by its
// beginning and its length, so a message stays one readable line.
#pragma once
#include <string>

namespace tv::host {

/// Longest value echoed whole in a message.
inline constexpr size_t echo_limit = 80;

/// @brief `value` when it has at most 80 characters, else its first 60 followed by
/// "... (N characters)"; line breaks and other control characters show as '?'.
/// Example: echo_value(std::string(100000, '9')) == "999...9... (100000 characters)".
std::string echo_value(const std::string& value);

/// @brief A message from a library (CLI11's parse errors echo the argument they
/// reject) with each whitespace-separated word longer than 80 characters shortened by
/// echo_value.
std::string shorten_long_words(const std::string& message);

}  // namespace tv::host
