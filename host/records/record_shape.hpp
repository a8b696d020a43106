// The shape every record of results.jsonl must have before anything reads it: the keys
// that identify an instance (family, params, status, job) and the types of the keys the
// report, --resume and `claims --summarize` read.  A line that parses as JSON but has the
// wrong shape (`{"status":null}`, `{"job":1}`) is skipped like a line that is not JSON,
// so one odd line never stops a resume or a report.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief "" when a record has the shape topoverify writes, else what is wrong with it,
/// e.g. "'status' is null, not a string" or "'status' = \"done\" is not one of: ok, ...".
std::string record_shape_problem(const nlohmann::json& record);

}  // namespace tv::host
