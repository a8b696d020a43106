// What the JSON forms of the engines' partial results share (all_pairs_partial_json.hpp,
// broadcast_partial_json.hpp, routing_partial_json.hpp): the version check, 64-bit
// checksums as 16 hex digits (a 64-bit number is not exact in every JSON reader), and
// the covered source ranges as [begin, end) pairs, checked as they are read.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/core/source_range.hpp"

namespace tv::host {

/// @brief Raises input_error "WHAT partial: ..." unless j is an object whose "version" is
/// `version`.
void require_partial_version(const nlohmann::json& j, int version, const std::string& what);

/// @brief x as 16 lower-case hex digits, and back (input_error naming `what` otherwise).
std::string hex16(uint64_t x);
uint64_t parse_hex16(const std::string& s, const std::string& what);

/// @brief Covered ranges as [[begin, end], ...], and back; reading raises input_error
/// naming `what` unless they are sorted, disjoint, non-empty and within `order_size`.
nlohmann::json covered_to_json(const std::vector<core::source_range>& covered);
std::vector<core::source_range> covered_from_json(const nlohmann::json& j, uint64_t order_size,
                                                  const std::string& what);

}  // namespace tv::host
