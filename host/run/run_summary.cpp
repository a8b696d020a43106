// A run's final line (see run_summary.hpp).
#include "host/run/run_summary.hpp"

#include <algorithm>
#include <map>

#include "host/claims/summary.hpp"
#include "host/units.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {

namespace {
/// "255 ok, 3 not checked" in a fixed order, statuses with no instance left out.
std::string counts_text(const std::map<std::string, size_t>& counts, const std::vector<std::string>& order,
                        const std::map<std::string, std::string>& words = {}) {
  std::string s;
  for (const auto& key : order) {
    const auto it = counts.find(key);
    if (it == counts.end() || it->second == 0) continue;
    const auto w = words.find(key);  // the plural, where it differs ("hold" after "3")
    const bool plural = it->second != 1 && w != words.end();
    s += (s.empty() ? "" : ", ") + std::to_string(it->second) + " " + (plural ? w->second : key);
  }
  for (const auto& [key, n] : counts)  // anything this code does not know yet
    if (std::find(order.begin(), order.end(), key) == order.end())
      s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + key;
  return s;
}
}  // namespace

std::string run_summary_line(const std::vector<nlohmann::json>& records, double wall_s) {
  std::map<std::string, size_t> status;
  for (const auto& r : records) ++status[std::string(to_string(status_of(r)))];
  std::vector<std::string> order;
  for (const run_status s : all_run_statuses) order.emplace_back(to_string(s));
  std::string line = "topoverify: " + std::to_string(records.size()) + " instance" +
                     (records.size() == 1 ? "" : "s");
  if (!records.empty())
    line += ": " + counts_text(status, order);
  const auto totals = claims::verdict_summary(records)["claims"];
  const size_t claims = totals["total"].get<size_t>();
  const std::map<std::string, size_t> verdicts = {{"holds", totals["holds"].get<size_t>()},
                                                  {"fails", totals["fails"].get<size_t>()},
                                                  {"not checked", totals["not_checked"].get<size_t>()}};
  if (claims)
    line += " · " + std::to_string(claims) + " claim" + (claims == 1 ? "" : "s") + ": " +
            counts_text(verdicts, {"holds", "fails", "not checked"},
                        {{"holds", "hold"}, {"fails", "fail"}});
  return line + " · " + format_duration(wall_s);
}

}  // namespace tv::host
