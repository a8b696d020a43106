// Durable appends, defensive reads and the identity of records.
#include "host/records/records.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

#include "host/errors.hpp"
#include "host/records/record_shape.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {

namespace {
/// The whole of `data`, or an exception naming the file and the error.
void write_all(int fd, const std::string& data, const std::string& path) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t w = ::write(fd, data.data() + done, data.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("writing '" + path + "' failed: " + std::strerror(errno));
    }
    done += static_cast<size_t>(w);
  }
}

bool parse_object(const std::string& line, nlohmann::json* out) {
  try {
    nlohmann::json j = nlohmann::json::parse(line);
    if (!j.is_object()) return false;
    if (out) *out = std::move(j);
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

/// The file's bytes; "" when it does not exist.  Only a regular file is read: a FIFO
/// would block and /dev/zero or /dev/full would never end.
std::string slurp_regular(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return {};
  if (!S_ISREG(st.st_mode)) throw input_error("'" + path + "' is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error("cannot read '" + path + "'");
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
}  // namespace

void append_line_durably(const std::string& path, const std::string& line) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot open '" + path + "' for appending: " + std::strerror(errno));
  struct stat st;
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  const off_t before = regular ? st.st_size : 0;
  try {
    // One write of line and newline: a crash cuts it at worst, never interleaves it.
    write_all(fd, line + "\n", path);
    if (::fsync(fd) != 0 && regular)  // devices and pipes cannot be synced; files must be
      throw std::runtime_error("syncing '" + path + "' failed: " + std::strerror(errno));
  } catch (...) {
    // A partial line would be the next reader's torn line: cut it off (the folder's
    // lock makes this process the only writer, so `before` is still the end of the
    // earlier records).
    if (regular && ::ftruncate(fd, before) == 0) ::fsync(fd);
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0)
    throw std::runtime_error("closing '" + path + "' failed: " + std::strerror(errno));
}

records_file read_records_file(const std::string& path) {
  records_file out;
  const std::string all = slurp_regular(path);
  size_t pos = 0, number = 0;
  while (pos < all.size()) {
    ++number;
    const size_t nl = all.find('\n', pos);
    const bool last_unterminated = nl == std::string::npos;
    const std::string line = all.substr(pos, last_unterminated ? std::string::npos : nl - pos);
    pos = last_unterminated ? all.size() : nl + 1;
    if (line.empty()) continue;
    nlohmann::json j;
    if (!parse_object(line, &j)) {
      out.skipped.push_back({number, last_unterminated ? "a torn last line" : "not a JSON object"});
      continue;
    }
    const std::string problem = record_shape_problem(j);
    if (!problem.empty()) {
      out.skipped.push_back({number, "not a record: " + problem});
      continue;
    }
    out.records.push_back(std::move(j));
  }
  return out;
}

std::vector<nlohmann::json> read_records(const std::string& path, int* skipped) {
  records_file f = read_records_file(path);
  if (skipped) *skipped = static_cast<int>(f.skipped.size());
  return std::move(f.records);
}

std::string describe_skipped(const std::string& path, const skipped_line& s) {
  return path + ":" + std::to_string(s.line) + ": skipped (" + s.why + ")";
}

std::vector<std::string> skipped_warnings(const std::string& path, const std::vector<skipped_line>& skipped) {
  // Named one by one, a few at most: an odd line is the user's to look at.
  constexpr size_t named = 5;
  std::vector<std::string> out;
  for (size_t k = 0; k < skipped.size() && k < named; ++k) out.push_back(describe_skipped(path, skipped[k]));
  if (skipped.size() > named)
    out.push_back(std::to_string(skipped.size() - named) + " more line(s) of " + path + " skipped");
  return out;
}

tail_repair repair_torn_tail(const std::string& path) {
  tail_repair r;
  const std::string all = slurp_regular(path);
  if (all.empty() || all.back() == '\n') return r;
  r.repaired = true;
  const size_t nl = all.rfind('\n');
  const size_t start = nl == std::string::npos ? 0 : nl + 1;
  const std::string tail = all.substr(start);
  if (parse_object(tail, nullptr)) {
    // The record was written whole; only its newline is missing.
    append_line_durably(path, "");
    return r;
  }
  r.torn_bytes = tail.size();
  r.saved_to = path + ".torn";
  append_line_durably(r.saved_to, tail);
  if (::truncate(path.c_str(), static_cast<off_t>(start)) != 0)
    throw std::runtime_error("cannot cut the torn line off '" + path + "': " + std::strerror(errno));
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
  return r;
}

std::string legacy_record_key(const nlohmann::json& r) {
  if (!r.contains("config_hash") || !r.contains("job") || !r.contains("family") ||
      !r.contains("params"))
    return {};
  nlohmann::json k = {{"config", r["config_hash"]},
                      {"family", r["family"]},
                      {"params", r["params"]},
                      {"checks", r.value("requested_checks", nlohmann::json::array())},
                      {"job", r["job"]}};
  return k.dump();
}

std::string record_key(const nlohmann::json& r) {
  if (r.contains("instance_id") && r["instance_id"].is_string())
    return "instance " + r["instance_id"].get<std::string>();
  return legacy_record_key(r);
}

std::vector<nlohmann::json> latest_records(const std::vector<nlohmann::json>& records) {
  std::vector<nlohmann::json> out;
  std::map<std::string, size_t> by_id;      // instance_id -> index in out
  std::map<std::string, size_t> by_legacy;  // legacy key -> index of a record without an id
  for (const auto& r : records) {
    const bool has_id = r.contains("instance_id") && r["instance_id"].is_string();
    const std::string legacy = legacy_record_key(r);
    if (!has_id && legacy.empty()) {
      out.push_back(r);
      continue;
    }
    // A record with an id replaces the record of the same id or, when an older build
    // recorded the instance first, that record (found by the legacy key).  Two records
    // with different ids are never merged, even where their legacy keys agree (two jobs
    // of one name that differ in options).
    size_t at = out.size();
    const std::string id = has_id ? r["instance_id"].get<std::string>() : std::string();
    if (auto it = by_id.find(id); has_id && it != by_id.end()) at = it->second;
    else if (auto lt = by_legacy.find(legacy); !legacy.empty() && lt != by_legacy.end()) at = lt->second;
    if (at == out.size()) out.push_back(r);
    else out[at] = r;
    if (has_id) {
      by_id[id] = at;
      if (auto lt = by_legacy.find(legacy); lt != by_legacy.end() && lt->second == at) by_legacy.erase(lt);
    } else {
      by_legacy[legacy] = at;
    }
  }
  return out;
}

bool record_is_final(const nlohmann::json& r) {
  // A line without a status was never a run's record: not final, whatever status_of says.
  if (!r.contains(record_field::status)) return false;
  const run_status status = status_of(r);
  return status == run_status::ok || status == run_status::not_checked;
}

size_t failing_claims(const std::vector<nlohmann::json>& records) {
  size_t n = 0;
  for (const auto& r : records) {
    if (!r.contains("claims") || !r["claims"].is_array()) continue;
    for (const auto& c : r["claims"])
      if (c.is_object() && verdict_of(c) == claim_verdict::fails) ++n;
  }
  return n;
}

}  // namespace tv::host
