// Durations and byte sizes as batch files and messages spell them ("90s", "10m",
// "1h30m", "4GiB", "512MiB").  One place for the parsing so limits, messages and the
// report agree on the spelling; and the one UTC timestamp they all write.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace tv::host {

/// @brief Seconds in a duration string: one or more <number><unit> parts with units
/// ms, s, m, h, d ("500ms", "30s", "10m", "1h30m", "1.5h"); nullopt when malformed.
std::optional<double> parse_duration(const std::string& text);

/// @brief Bytes in a size string: a number and a unit B, KB, MB, GB, TB (powers of 1000)
/// or KiB, MiB, GiB, TiB (powers of 1024), space allowed between ("4GiB", "1.5 GB");
/// nullopt when malformed or above 2^64.
std::optional<uint64_t> parse_bytes(const std::string& text);

/// @brief A duration for people: "0.42 s", "12 s", "3m05s", "2h10m".
std::string format_duration(double seconds);

/// @brief A size for people in binary units: "512 B", "1.5 KiB", "4.0 GiB".
std::string format_bytes(double bytes);

/// @brief The current time in UTC as records and reports stamp it: "2026-11-23T22:58:06Z".
std::string utc_now();

}  // namespace tv::host
