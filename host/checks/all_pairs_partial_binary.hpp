// An all-pairs partial as bytes: what checkpoints write and MPI ranks send.  The JSON
// form (all_pairs_partial_json.hpp) spends ~20 characters per number, and a partial holds
// three numbers per node (a checkpoint of PN_2(30) would be over 1 GB as JSON); here the
// per-node arrays are stored raw (little-endian, as the machines this runs on are) beside
// the JSON of the small fields, with a format version and a checksum over everything, so
// a torn or bit-flipped copy is refused rather than merged.
#pragma once
#include <string>
#include <string_view>

#include "kernels/distance/all_pairs_partial.hpp"

namespace tv::host {

/// @brief The partial as bytes: a magic line with the format version, the JSON form of
/// every field but the per-node arrays, the arrays raw, and an FNV-1a checksum.
std::string all_pairs_partial_to_bytes(const distance::all_pairs_partial& p);

/// @brief The partial those bytes hold.  Raises input_error naming the problem for
/// anything else: another format or version, a short or altered copy (the checksum), or
/// a partial whose shape does not hold together.
distance::all_pairs_partial all_pairs_partial_from_bytes(std::string_view bytes);

}  // namespace tv::host
