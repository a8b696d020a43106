// What the batch-file parser's files share (config.cpp, batch_sweeps.cpp): errors placed
// at the file:line:column of the TOML node they are about, and the sweep axes of a job.
// Internal to host/batch/; config.hpp is the public side.
#pragma once
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 1
#include <toml++/toml.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "host/families.hpp"

namespace tv::host::batch_toml {

/// @brief "file:line:column" of a place in the batch file.
std::string where(const std::string& source, const toml::source_region& r);

/// @brief Raises input_error "file:line:column: msg" at the node's value.
[[noreturn]] void fail(const std::string& source, const toml::node& node, const std::string& msg);

/// @brief The same at a key itself (an unknown key points at the key, not at its value).
[[noreturn]] void fail_key(const std::string& source, const toml::key& key, const std::string& msg);

/// @brief Every key of `table` must be in `allowed`, else input_error "unknown key 'K' in
/// `place` (allowed: A, B, ...)" at the key; the allowed keys listed in sorted order.
void refuse_unknown_keys(const std::string& source, const toml::table& table, const std::set<std::string>& allowed,
                         const std::string& place);

/// @brief The names separated by ", ", in the set's (sorted) order.
std::string join(const std::set<std::string>& names);

/// @brief The node's string, else "'key' must be a string" at the node.
std::string get_string(const std::string& source, const toml::node& node, const std::string& key);

/// @brief Instances the batch's jobs expand to, counted from the sweeps' sizes (saturating
/// at 2^64 - 1): a batch of a million instances is refused in milliseconds instead of
/// being materialized.  A job naming an unknown family counts nothing; the full parse
/// names the problem.
uint64_t count_instances(const std::string& source, const toml::node& jobs);

/// @brief One sweep axis: the values one parameter takes (a value, a list or, for an
/// integer parameter, a range "a..b"), as strings for make_instance.  A text parameter's
/// ".." is text: an edge list's path "../data/g.txt" is a path.
std::vector<std::string> sweep_values(const std::string& source, const std::string& key,
                                      const toml::node& node, bool integer_param);

/// @brief The family a job's or a network's table names (input_error at the table when it
/// names none, at the value when it is unknown); then every key of the table must be one
/// of the family's parameters or of `own_keys`, else "unknown key 'K' in a FAMILY
/// `what` (allowed: ...)" at the key.
const family_spec& table_family(const std::string& source, const toml::table& table, const toml::node& at,
                                const std::string& no_family, const std::set<std::string>& own_keys,
                                const std::string& what);

/// @brief The instances of a job's or a network's table: its family's parameter keys
/// as sweep axes (in the family's order), every combination validated; errors at `at`.
std::vector<instance> sweep_table(const std::string& source, const std::string& family,
                                  const toml::table& table, const toml::node& at);

}  // namespace tv::host::batch_toml

namespace tv::host {
struct batch_config;
struct job_instance;

/// @brief The instances of a batch file's `compare` array of tables (comparison.cpp),
/// each starting from `defaults` (the batch's output, backend, seed, limits and
/// checkpoint), appended to `cfg`, their comparisons to cfg.comparisons; input_error at
/// file:line:column for a bad table, or when cfg would hold over max_instances.
/// @brief Defines the families of a batch or rule file's `family` array of tables
/// (family_tables.cpp); input_error at file:line:column, naming the rule's part and the
/// column in its text for a problem of an expression.  Returns their names.
std::vector<std::string> define_family_tables(const std::string& source, const toml::node& families);

void parse_compare_tables(const std::string& source, const toml::node& compare, const job_instance& defaults,
                          uint64_t max_instances, batch_config& cfg);

/// @brief The batch file's `claim` array of tables (claim_tables.cpp): claims written as
/// expressions, each parsed on its families (input_error at file:line:column with the
/// column in the expression and the nearest names), then given to every job instance of
/// those families with the checks its names need.  A family no job runs is an error.
void parse_claim_tables(const std::string& source, const toml::node& claims, batch_config& cfg);

}  // namespace tv::host
