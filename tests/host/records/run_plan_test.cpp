// plan.json round trip: the keys read back are the record keys of the planned instances.
#include "host/records/run_plan.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "host/records/records.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

TEST(RunPlan, WrittenPlanReadsBackAsRecordKeys) {
  const std::string dir = (fs::temp_directory_path() / ("tv_plan_" + std::to_string(::getpid()))).string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  EXPECT_FALSE(tv::host::read_run_plan(dir).has_value());  // no plan yet
  const json a = {{"config_hash", "aa"}, {"job", "j"}, {"family", "hypercube"}, {"params", {{"n", 1}}},
                  {"requested_checks", {"counts"}}};
  json b = a;
  b["params"]["n"] = 2;
  tv::host::write_run_plan(dir, {a, b});
  const auto keys = tv::host::read_run_plan(dir);
  ASSERT_TRUE(keys.has_value());
  ASSERT_EQ(keys->size(), 2u);
  // A record of the instance (with its statistics and status) has the same key.
  json record = b;
  record["status"] = "ok";
  record["nodes"] = 4;
  EXPECT_EQ((*keys)[1], tv::host::record_key(record));
  EXPECT_NE((*keys)[0], (*keys)[1]);
  // A damaged plan is no plan.
  std::ofstream(dir + "/plan.json") << "{\"instances\": [";
  EXPECT_FALSE(tv::host::read_run_plan(dir).has_value());
  fs::remove_all(dir);
}

}  // namespace
