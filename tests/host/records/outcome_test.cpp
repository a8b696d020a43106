// The record's typed spine (host/records/outcome.hpp, record_fields.hpp): each status and
// verdict round-trips through its one spelling, the spellings are the records' on disk,
// and the accessors default a missing or odd field one way.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "host/records/outcome.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {
namespace {

TEST(Outcome, StatusesRoundTripWithTheRecordsSpellings) {
  const char* spelled[] = {"ok", "not checked", "interrupted", "error"};
  int i = 0;
  for (const run_status s : all_run_statuses) {
    EXPECT_EQ(to_string(s), spelled[i++]);
    EXPECT_EQ(run_status_from_string(to_string(s)), s);
  }
  EXPECT_EQ(i, 4);
  for (const char* odd : {"", "OK", "not_checked", "okay", "errors"})
    EXPECT_FALSE(run_status_from_string(odd).has_value()) << odd;
}

TEST(Outcome, VerdictsRoundTripWithTheRecordsSpellings) {
  EXPECT_EQ(to_string(claim_verdict::holds), "holds");
  EXPECT_EQ(to_string(claim_verdict::fails), "fails");
  EXPECT_EQ(to_string(claim_verdict::not_checked), "not checked");
  for (const claim_verdict v : {claim_verdict::holds, claim_verdict::fails, claim_verdict::not_checked})
    EXPECT_EQ(claim_verdict_from_string(to_string(v)), v);
  for (const char* odd : {"", "hold", "fail", "outside", "not_checked"})
    EXPECT_FALSE(claim_verdict_from_string(odd).has_value()) << odd;
}

TEST(RecordFields, StatusHasOneDefaultForMissingAndOneForUnknown) {
  using nlohmann::json;
  EXPECT_EQ(status_of(json::object()), run_status::ok);  // info's records carry none
  EXPECT_EQ(status_of(json{{"status", "not checked"}}), run_status::not_checked);
  EXPECT_EQ(status_of(json{{"status", "interrupted"}}), run_status::interrupted);
  EXPECT_EQ(status_of(json{{"status", "finished"}}), run_status::error);  // never a result
  EXPECT_EQ(status_of(json{{"status", 3}}), run_status::error);
  nlohmann::ordered_json r;
  set_status(r, run_status::not_checked);
  EXPECT_EQ(r.dump(), R"({"status":"not checked"})");
  EXPECT_EQ(status_of(r), run_status::not_checked);
}

TEST(RecordFields, ReasonVerdictAndNodes) {
  using nlohmann::json;
  EXPECT_EQ(reason_of(json{{"status", "error"}, {"error", "boom"}, {"reason", "other"}}), "boom");
  EXPECT_EQ(reason_of(json{{"reason", "time limit 1s reached"}}), "time limit 1s reached");
  EXPECT_EQ(reason_of(json::object()), "");
  EXPECT_EQ(verdict_of(json{{"verdict", "fails"}}), claim_verdict::fails);
  EXPECT_EQ(verdict_of(json{{"verdict", "holds"}}), claim_verdict::holds);
  EXPECT_EQ(verdict_of(json::object()), claim_verdict::not_checked);
  EXPECT_EQ(verdict_of(json{{"verdict", "maybe"}}), claim_verdict::not_checked);
  EXPECT_EQ(nodes_of(json{{"nodes", 144}}), 144u);
  EXPECT_EQ(nodes_of(json{{"nodes", nullptr}}), 0u);
  EXPECT_EQ(nodes_of(json{{"nodes", -1}}), 0u);
  EXPECT_EQ(nodes_of(json::object()), 0u);
}

}  // namespace
}  // namespace tv::host
