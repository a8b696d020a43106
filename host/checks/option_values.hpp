// Typed option values the graph-metric checks share (metrics, connectivity,
// fault_diameter): each parser returns the value or raises input_error naming the check,
// the option and what it must be, so that every check words its refusals alike.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief `words` as distances.words: 0 (automatic) or a power of two 1, 2, 4, ..., 64.
int parse_words_option(const std::string& check, const nlohmann::json& value);

/// @brief A boolean option.
bool parse_bool_option(const std::string& check, const std::string& key, const nlohmann::json& value);

/// @brief An integer option in [lowest, highest].
int64_t parse_integer_option(const std::string& check, const std::string& key,
                             const nlohmann::json& value, int64_t lowest, int64_t highest);

/// One unsigned integer option of a check whose options are all such integers: its key,
/// the range it must lie in, and the setting it is read into.
struct unsigned_option {
  const char* key;
  int64_t lowest, highest;
  uint64_t* into;
};

/// @brief Reads a table of unsigned integer options into their settings, each checked
/// against its range; an unknown key is refused naming the known ones (in the order given).
void parse_unsigned_options(const std::string& check, const nlohmann::json& options,
                            std::initializer_list<unsigned_option> known);

/// @brief The options of a check that is exact up to a work bound and samples above it
/// (paths, disjoint_paths): `count_key` (how many to take, 0: all up to the bound, at most
/// 2^40), exact_max_work, and `sample_key` (the sample above the bound, 1 to 2^40).
void parse_exact_or_sampled_options(const std::string& check, const nlohmann::json& options,
                                    const char* count_key, const char* sample_key, uint64_t& count,
                                    uint64_t& exact_max_work, uint64_t& sample);

/// @brief N (N + arcs), a BFS from every router: the work that paths and throughput weigh
/// against exact_max_work.  Saturates at 2^64 - 1 rather than wrapping: the ETA's work
/// model asks it of instances too large to build, which a wrapped product would call small.
uint64_t every_source_work(uint64_t n, uint64_t arcs);

/// @brief The options must be a table: raises input_error otherwise.
void require_option_table(const std::string& check, const nlohmann::json& options);

/// @brief input_error for an unknown option, listing the known ones.
[[noreturn]] void unknown_option(const std::string& check, const std::string& key,
                                 const std::string& known);

}  // namespace tv::host
