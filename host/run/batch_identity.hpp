// Which batch an output folder belongs to, so that `run --resume` never mixes the records
// of two different batches in one folder (and one report).
//
// The rule: a record in the folder belongs to a batch now writing there when its
// `config_hash` equals the batch's (the same text, wherever the file lies) or its
// `config` names the same batch file (the same path, or a path to the same file seen from
// here).  The second half keeps an *edited* batch file the same batch: keeping or
// re-running the records of its changed jobs is the resume logic's business, by job
// content (instance_content.hpp); what is refused here is only a folder holding records of another batch file.
#pragma once
#include <string>
#include <vector>

#include "host/batch/config.hpp"

namespace tv::host {

/// @brief input_error when `dir`/results.jsonl holds a record whose batch is none of
/// `batches` (those writing into `dir`): the message names the batch the folder holds and
/// the command that continues it.  Reads only; a missing folder or file passes.
void refuse_records_of_other_batches(const std::string& dir,
                                     const std::vector<const batch_config*>& batches);

/// @brief True when two `config` sources (as batch_config::source and records write
/// them) name the same batch file: equal text, or paths to the same existing file.
bool same_batch_source(const std::string& a, const std::string& b);

}  // namespace tv::host
