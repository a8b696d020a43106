// Labels as records and sentences write them: a node's label as a bit string of its
// family's width ("0101", most significant bit first), and back.  The one formatter every
// check, claim and witness uses, so a label reads the same everywhere.
#pragma once
#include <cstdint>
#include <string>

namespace tv::host {

/// @brief A label as a bit string of the given width ("0101").
std::string label_bits(uint64_t label, int width);

/// @brief A node as records name it: its label as a bit string of the given width, or,
/// for a network read from a file without labels (width 0), the file's id in decimal.
std::string node_name(uint64_t label, int width);

/// @brief Parses "0101" into 5; std::invalid_argument on other characters.
uint64_t parse_bits(const std::string& s);

}  // namespace tv::host
