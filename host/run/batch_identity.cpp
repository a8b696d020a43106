// An output folder's batch against the batches about to write there (see batch_identity.hpp).
#include "host/run/batch_identity.hpp"

#include <filesystem>
#include <map>

#include "host/errors.hpp"
#include "host/records/records.hpp"

namespace tv::host {

namespace fs = std::filesystem;

namespace {

/// The embedded default batch is written "configs/default.toml (embedded)": no file.
constexpr const char* embedded_suffix = " (embedded)";

bool is_embedded(const std::string& source) {
  const std::string suffix = embedded_suffix;
  return source.size() >= suffix.size() &&
         source.compare(source.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// How to continue the batch a record came from, as a command line.
std::string continue_command(const std::string& source, const std::string& dir) {
  return "topoverify run " + (is_embedded(source) ? std::string() : source + " ") +
         "--resume --output " + dir;
}

}  // namespace

bool same_batch_source(const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (a.empty() || b.empty() || is_embedded(a) || is_embedded(b)) return false;
  std::error_code ea, eb;
  const bool exist = fs::exists(a, ea) && fs::exists(b, eb);
  return exist && fs::equivalent(a, b, ea) && !ea;
}

void refuse_records_of_other_batches(const std::string& dir,
                                     const std::vector<const batch_config*>& batches) {
  const std::string results = dir + "/results.jsonl";
  std::error_code ec;
  if (!fs::exists(results, ec)) return;
  // source -> (title, records) of every batch the folder holds that is not writing here.
  std::map<std::string, std::pair<std::string, size_t>> others;
  for (const auto& r : read_records(results)) {
    const std::string hash = r.value("config_hash", std::string());
    const std::string source = r.value("config", std::string());
    bool ours = false;
    for (const auto* b : batches)
      ours = ours || (!hash.empty() && hash == b->hash) || same_batch_source(source, b->source);
    if (ours) continue;
    auto& [title, count] = others[source];
    title = r.value("config_title", std::string());
    ++count;
  }
  if (others.empty()) return;
  const auto& [source, info] = *others.begin();
  const auto& [title, count] = info;
  std::string msg = "output folder '" + dir + "' holds " + std::to_string(count) +
                    " record(s) of another batch, " +
                    (source.empty() ? std::string("(unnamed)") : source) +
                    (title.empty() ? "" : " (\"" + title + "\")");
  if (others.size() > 1) msg += " and of " + std::to_string(others.size() - 1) + " more";
  msg += "; --resume never mixes two batches in one folder. Continue that batch with `" +
         continue_command(source, dir) + "`, or give this one its own --output DIR";
  throw input_error(msg);
}

}  // namespace tv::host
