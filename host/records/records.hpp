// results.jsonl: one JSON record per finished instance, appended and synced so a crash
// leaves at most one torn last line, which reading drops and resuming repairs.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief Appends one line to a file and syncs it, so a crash leaves either the whole
/// line or none of it beyond the last newline.  A failed write or sync (ENOSPC, EFBIG,
/// EIO) cuts the file back to its earlier length, so earlier records stay as they were,
/// and raises std::runtime_error naming the file and the error.
void append_line_durably(const std::string& path, const std::string& line);

/// A line of a results file that is not a record: its number (1-based) and why.
struct skipped_line {
  size_t line = 0;
  std::string why;  // "not JSON", "a torn last line", "'status' is null, not a string", ...
};

/// What read_records_file found.
struct records_file {
  std::vector<nlohmann::json> records;  // complete, well-shaped records in file order
  std::vector<skipped_line> skipped;    // every other non-empty line
};

/// @brief The one reader of results.jsonl.  Every line must be a JSON object of the
/// record shape (record_shape.hpp); any other non-empty line (not JSON, torn by a crash,
/// or JSON of the wrong shape) is skipped and listed.  A missing file has no records;
/// a path that is not a regular file (a FIFO, a device) raises input_error instead of
/// being read forever.
records_file read_records_file(const std::string& path);

/// @brief read_records_file's records; `skipped` (when given) receives the number of
/// lines skipped.
std::vector<nlohmann::json> read_records(const std::string& path, int* skipped = nullptr);

/// @brief "PATH:LINE: skipped (WHY)", for warnings.
std::string describe_skipped(const std::string& path, const skipped_line& s);

/// @brief The warnings every reader prints for the lines it skipped: the first five by
/// describe_skipped, then "N more line(s) of PATH skipped".
std::vector<std::string> skipped_warnings(const std::string& path, const std::vector<skipped_line>& skipped);

/// What repair_torn_tail did.
struct tail_repair {
  bool repaired = false;     // the file did not end with a newline
  size_t torn_bytes = 0;     // bytes moved out of the results file
  std::string saved_to;      // where they went (empty when none moved)
};

/// @brief Makes a results file end on a complete line before more are appended: a
/// whole JSON object missing its newline gets the newline; anything else after the last
/// newline is moved to `<path>.torn` (appended, synced) and cut off.  Complete records
/// are never touched.
tail_repair repair_torn_tail(const std::string& path);

/// @brief The identity of an instance's record for --resume and for the report: its
/// "instance_id" (instance_content.hpp: the job's content, not the batch file's bytes)
/// when it has one; otherwise, for records of older builds, legacy_record_key.
std::string record_key(const nlohmann::json& record);

/// @brief The identity records had before instance_id: config hash, job, family, params
/// and requested checks ("" for a record without them).  Resuming keeps honouring it.
std::string legacy_record_key(const nlohmann::json& record);

/// @brief One record per instance, the last one written (a resumed or re-run instance
/// replaces its earlier record), in the order of their first appearance.  Records with an
/// instance_id match by it; one without (an older build's) matches by the legacy key,
/// and a later record with an id replaces it where the legacy keys agree.  Records
/// without either key are all kept.
std::vector<nlohmann::json> latest_records(const std::vector<nlohmann::json>& records);

/// @brief True when a record's instance needs no further run with the same config:
/// it finished (status "ok") or a limit refused or stopped it ("not checked").
bool record_is_final(const nlohmann::json& record);

/// @brief Number of claim verdicts "fails" in the records' `claims` lists.
size_t failing_claims(const std::vector<nlohmann::json>& records);

}  // namespace tv::host
