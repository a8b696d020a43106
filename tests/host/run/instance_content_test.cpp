// The content identity of an instance: the same content in an edited batch file keeps
// its id, any change to what decides the result gives a new one; latest_records keys by
// it and still matches the records of older builds, which have none.
#include "host/run/instance_content.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "host/records/records.hpp"

namespace {

using nlohmann::json;
using namespace tv::host;

/// The one instance a single-job, single-instance batch expands to.
job_instance only_instance(const std::string& text) {
  const batch_config cfg = parse_batch(text, "t.toml");
  EXPECT_EQ(cfg.instances.size(), 1u);
  return cfg.instances.at(0);
}

const std::string kJob = "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 4\nchecks = [\"counts\"]\n";

TEST(InstanceContent, LayoutCommentsNameAndOtherJobsDoNotChangeIt) {
  const std::string id = instance_content_id(only_instance(kJob));
  EXPECT_EQ(id.size(), 16u);
  EXPECT_EQ(instance_content_id(only_instance("# a comment\n" + kJob)), id);
  EXPECT_EQ(instance_content_id(only_instance(
                "[[job]]\nchecks = [\"counts\"]\nn = 4   # reordered\nlambda = 2\nfamily = \"postal\"\n")),
            id);
  EXPECT_EQ(instance_content_id(only_instance(kJob + "name = \"renamed\"\n")), id);  // a label
  const batch_config two = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = 3\n" + kJob, "t.toml");
  bool found = false;
  for (const auto& ji : two.instances) found = found || instance_content_id(ji) == id;
  EXPECT_TRUE(found);
}

TEST(InstanceContent, EveryContentFieldChangesIt) {
  const std::string id = instance_content_id(only_instance(kJob));
  const std::vector<std::string> changed = {
      "[[job]]\nfamily = \"postal\"\nlambda = 3\nn = 4\nchecks = [\"counts\"]\n",        // params
      "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 4\nchecks = [\"distances\"]\n",     // checks
      kJob + "seed = 3\n",                                                              // seed
      kJob + "limits = { max_nodes = 1000 }\n",                                         // limits
      kJob + "claims = [\"pn.*\"]\n",                                                   // claims
      "[[job]]\nfamily = \"hypercube\"\nn = 4\nchecks = [\"counts\"]\n",                // family
  };
  std::set<std::string> ids = {id};
  for (const auto& text : changed)
    EXPECT_TRUE(ids.insert(instance_content_id(only_instance(text))).second) << text;
}

json legacy(int n, const std::string& status) {
  return {{"config_hash", "h"}, {"job", "j"}, {"family", "hypercube"}, {"params", {{"n", n}}},
          {"requested_checks", json::array()}, {"status", status}};
}

json with_id(json r, const std::string& id, const std::string& hash) {
  r["instance_id"] = id;
  r["config_hash"] = hash;
  return r;
}

TEST(InstanceContent, LatestRecordsKeyByIdAndStillMatchOlderRecords) {
  // An older build's interrupted record, then this build's record of the same instance
  // (same legacy key): one instance.  Records of one id across two batch hashes (the
  // file edited between runs): one instance.  Two ids sharing a legacy key (two jobs of
  // one name that differ in options): two instances.
  const auto latest = latest_records({legacy(1, "interrupted"), with_id(legacy(1, "ok"), "a", "h"),
                                      with_id(legacy(2, "ok"), "b", "h"),
                                      with_id(legacy(2, "error"), "b", "edited"),
                                      with_id(legacy(2, "ok"), "c", "edited")});
  ASSERT_EQ(latest.size(), 3u);
  EXPECT_EQ(latest[0]["instance_id"], "a");
  EXPECT_EQ(latest[0]["status"], "ok");
  EXPECT_EQ(latest[1]["instance_id"], "b");
  EXPECT_EQ(latest[1]["status"], "error");
  EXPECT_EQ(latest[2]["instance_id"], "c");
  EXPECT_EQ(record_key(latest[2]), "instance c");
  EXPECT_EQ(record_key(legacy(1, "ok")), legacy_record_key(legacy(1, "ok")));
}

// A network read from a file is known by its graph: a comment added to the file keeps the
// id, an edge changed gives a new one, though the batch file is the same.
TEST(InstanceContent, AFilesGraphIsPartOfIt) {
  const std::string path = ::testing::TempDir() + "tv_instance_content_" + std::to_string(::getpid()) + ".txt";
  const std::string job = "[[job]]\nfamily = \"edgelist\"\npath = \"" + path + "\"\n";
  std::ofstream(path) << "1 2\n2 3\n";
  const std::string id = instance_content_id(only_instance(job));
  std::ofstream(path) << "# the same path\n1 2\n2 3\n";
  EXPECT_EQ(instance_content_id(only_instance(job)), id);
  std::ofstream(path) << "1 2\n2 4\n";
  EXPECT_NE(instance_content_id(only_instance(job)), id);
  std::remove(path.c_str());
}

}  // namespace
