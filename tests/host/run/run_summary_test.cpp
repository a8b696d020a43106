// The line a run ends with: instances by status, claims counted once each with their
// verdict over the run (a claim failing on one instance of two fails), wall time.
#include "host/run/run_summary.hpp"

#include <gtest/gtest.h>

namespace {

using nlohmann::json;

TEST(RunSummary, CountsInstancesByStatusAndClaimsByVerdict) {
  std::vector<json> recs = {
      json::parse(R"({"family":"efc","params":{"n":5},"nodes":5,"status":"ok","claims":[
          {"id":"efc.p5","verdict":"fails"},{"id":"efc.p1","verdict":"holds"}]})"),
      json::parse(R"({"family":"efc","params":{"n":6},"nodes":8,"status":"ok","claims":[
          {"id":"efc.p5","verdict":"holds"},{"id":"efc.p1","verdict":"holds"}]})"),
      json::parse(R"({"family":"efc","params":{"n":30},"nodes":1,"status":"not checked"})"),
      json::parse(R"({"family":"efc","params":{"n":31},"nodes":1,"status":"error"})"),
  };
  EXPECT_EQ(tv::host::run_summary_line(recs, 75),
            "topoverify: 4 instances: 2 ok, 1 not checked, 1 error · 2 claims: 1 holds, 1 fails · 1m15s");
  recs[0]["claims"][0]["verdict"] = "holds";
  EXPECT_NE(tv::host::run_summary_line(recs, 75).find("2 claims: 2 hold ·"), std::string::npos);
  EXPECT_EQ(tv::host::run_summary_line({}, 0.5), "topoverify: 0 instances · 0.50 s");
}

}  // namespace
