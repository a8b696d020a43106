// The names claims written as expressions read (host/records/record_statistics.hpp) against
// the record's schema (docs/record.schema.json): every field is declared there with its
// type, so the table the expressions see and the schema never drift apart; and against a
// real record, where each field the checks wrote has the declared type.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "host/checks/registry.hpp"
#include "host/records/record_statistics.hpp"

namespace {

using nlohmann::json;
using tv::host::record_statistic;

json schema() {
  std::ifstream in(std::string(TOPOVERIFY_SOURCE_DIR) + "/docs/record.schema.json");
  return json::parse(in);
}

/// The schema of a dotted path, or null when it is not declared.
const json* declared(const json& root, const std::string& path) {
  return tv::host::walk_dotted_path(root, path, [](const json& at, const std::string& key) -> const json* {
    const json* next = nullptr;
    if (at.contains("properties") && at["properties"].contains(key)) next = &at["properties"][key];
    else if (at.contains("patternProperties"))
      for (auto it = at["patternProperties"].begin(); it != at["patternProperties"].end(); ++it)
        if (std::regex_search(key, std::regex(it.key()))) next = &it.value();
    return next;
  });
}

bool allows(const json& types, const std::string& type) {
  if (types.is_string()) return types == type;
  for (const auto& t : types)
    if (t == type) return true;
  return false;
}

const char* schema_type(record_statistic::kind k) {
  switch (k) {
    case record_statistic::kind::integer: return "integer";
    case record_statistic::kind::real: return "number";
    case record_statistic::kind::boolean: return "boolean";
  }
  return "?";
}

TEST(RecordStatistics, EveryFieldIsDeclaredInTheSchemaWithItsType) {
  const json s = schema();
  for (const record_statistic& f : tv::host::record_statistics()) {
    const json* d = declared(s, f.path);
    ASSERT_NE(d, nullptr) << f.path << " is not in docs/record.schema.json";
    ASSERT_TRUE(d->contains("type")) << f.path;
    EXPECT_TRUE(allows((*d)["type"], schema_type(f.type))) << f.path << ": " << (*d)["type"];
    EXPECT_FALSE(f.checks.empty()) << f.path;
  }
}

TEST(RecordStatistics, AReadRecordHoldsEachFieldItsChecksWrite) {
  // Every check that writes a field the table names, on one small instance: each field
  // is there, with the table's type (a number where the table says integer is integral).
  const tv::host::instance inst = tv::host::make_instance("efc", {{"n", "7"}});
  const json r = json::parse(tv::host::run_checks(inst,
                                                  {"distances", "metrics", "connectivity", "fault_diameter", "link_load",
                                                   "bisection", "routing", "broadcast", "postal"},
                                                  tv::core::backend::cpu)
                                 .dump());
  int seen = 0;
  for (const record_statistic& f : tv::host::record_statistics()) {
    const json* v = tv::host::value_at_path(r, f.path);
    if (f.path.rfind("in_degree", 0) == 0) {
      EXPECT_EQ(v, nullptr) << "an undirected network has no in-degrees";
      continue;
    }
    const int pct = tv::host::effective_diameter_percentile(f.path);
    if (pct && pct != 50 && pct != 90) continue;  // the default percentiles only
    ASSERT_NE(v, nullptr) << f.path;
    ++seen;
    switch (f.type) {
      case record_statistic::kind::integer: EXPECT_TRUE(v->is_number_integer()) << f.path << " = " << *v; break;
      case record_statistic::kind::real: EXPECT_TRUE(v->is_number()) << f.path << " = " << *v; break;
      case record_statistic::kind::boolean: EXPECT_TRUE(v->is_boolean()) << f.path << " = " << *v; break;
    }
  }
  EXPECT_GT(seen, 50);
  EXPECT_EQ(tv::host::effective_diameter_percentile("metrics.effective_diameter_90_interpolated"), 90);
  EXPECT_EQ(tv::host::effective_diameter_percentile("metrics.effective_diameter_101"), 0);
  EXPECT_EQ(tv::host::effective_diameter_percentile("diameter"), 0);
}

}  // namespace
