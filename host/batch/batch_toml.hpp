// What the batch-file parser's files share (config.cpp, batch_sweeps.cpp): errors placed
// at the file:line:column of the TOML node they are about, and the sweep axes of a job.
// Internal to host/batch/; config.hpp is the public side.
#pragma once
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 1
#include <toml++/toml.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tv::host::batch_toml {

/// @brief "file:line:column" of a place in the batch file.
std::string where(const std::string& source, const toml::source_region& r);

/// @brief Raises input_error "file:line:column: msg" at the node's value.
[[noreturn]] void fail(const std::string& source, const toml::node& node, const std::string& msg);

/// @brief The same at a key itself (an unknown key points at the key, not at its value).
[[noreturn]] void fail_key(const std::string& source, const toml::key& key, const std::string& msg);

/// @brief The node's string, else "'key' must be a string" at the node.
std::string get_string(const std::string& source, const toml::node& node, const std::string& key);

/// @brief Instances the batch's jobs expand to, counted from the sweeps' sizes (saturating
/// at 2^64 - 1): a batch of a million instances is refused in milliseconds instead of
/// being materialized.  A job naming an unknown family counts nothing; the full parse
/// names the problem.
uint64_t count_instances(const std::string& source, const toml::node& jobs);

/// @brief One sweep axis: the values one parameter takes (a value, a list or an integer
/// range "a..b"), as strings for make_instance.
std::vector<std::string> sweep_values(const std::string& source, const std::string& key,
                                      const toml::node& node);

}  // namespace tv::host::batch_toml
