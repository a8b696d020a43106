// Families written as rules in batch files and rule files (host/batch/family_tables.hpp):
// a [[family]] table defines a family jobs and sweeps name; every problem of a table is
// refused before any work with its file, line and column, and for an expression the
// column in its text; the binary exits 2 on each.  And the records of the hypercube, the
// Fibonacci cube and the folded hypercube written as rules equal the built-in families'
// on every instance up to 2^14 nodes, every check that runs on a graph included.
#include "host/batch/family_tables.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "host/batch/config.hpp"
#include "host/batch/sweep_args.hpp"
#include "host/errors.hpp"
#include "tests/host/batch/batch_error.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv::host;
using tv::test::batch_error;

/// A batch defining family `name` with the given neighbour expression, one job on it.
std::string batch_with(const std::string& name, const std::string& table_lines, const std::string& job = "n = 3") {
  return "[[family]]\nname = \"" + name + "\"\n" + table_lines + "\n[[job]]\nfamily = \"" + name + "\"\n" + job + "\n";
}

TEST(FamilyTables, ARuleTableDefinesAFamilyJobsName) {
  const batch_config cfg = parse_batch(batch_with("tables-fib", "parameters = { n = \"1..30\" }\n"
                                                                "member = \"x & (x >> 1) == 0\"\n"
                                                                "neighbors = \"x ^ (1 << i)\"",
                                                  "n = \"4..6\""),
                                       "t.toml");
  ASSERT_EQ(cfg.instances.size(), 3u);
  EXPECT_EQ(cfg.instances[0].inst.family, "tables-fib");
  EXPECT_EQ(cfg.instances[0].inst.nodes(), 8u);  // F(6)
  EXPECT_EQ(cfg.instances[2].inst.nodes(), 21u);  // F(8)
  EXPECT_TRUE(cfg.instances[0].inst.hamming_edges());
  EXPECT_FALSE(cfg.instances[0].inst.rule_digest.empty());
}

TEST(FamilyTables, ErrorsNameTheFileLineColumnAndTheColumnInTheText) {
  EXPECT_EQ(batch_error(batch_with("tables-e1", "parameters = { n = \"1..30\" }\nneighbors = [\"x ^ (1 << j)\"]")),
            "t.toml:4:14: family 'tables-e1': neighbors[0], column 11: unknown name 'j' (did you mean: n, x, i?)");
  EXPECT_EQ(batch_error(batch_with("tables-e2", "parameters = { n = \"1..30\" }\nneighbors = \"x ^ \"")),
            "t.toml:4:13: family 'tables-e2': neighbors[0], column 5: the expression ends where a value is "
            "expected");
  EXPECT_EQ(batch_error(batch_with("tables-e3", "parameters = { n = \"1..30\" }\nmember = \"x + 1\"\n"
                                                "neighbors = \"x ^ (1 << i)\"")),
            "t.toml:4:10: family 'tables-e3': member, column 1: 'x + 1' is an integer; member must be a "
            "condition (true or false), such as x & (x >> 1) == 0");
  EXPECT_EQ(batch_error(batch_with("tables-e4", "parameters = { n = \"1..30\" }\nneighbours = \"x\"")),
            "t.toml:4:1: unknown key 'neighbours' in a [[family]] table (allowed: bits, description, member, "
            "name, neighbors, parameters)");
  EXPECT_EQ(batch_error(batch_with("tables-e5", "parameters = { n = \"30..1\" }\nneighbors = \"x\"")),
            "t.toml:3:20: parameter 'n' range \"30..1\" is empty");
  EXPECT_EQ(batch_error(batch_with("tables-e6", "parameters = { k = \"1..3\" }\nneighbors = \"x\"")),
            "t.toml:1:1: family 'tables-e6': no 'bits' (the label width), and no parameter n to take it from");
  EXPECT_EQ(batch_error(batch_with("hypercube", "parameters = { n = \"1..3\" }\nneighbors = \"x\"")),
            "t.toml:1:1: family 'hypercube' is a built-in family: give the rule another name");
  EXPECT_EQ(batch_error(batch_with("tables-e7", "parameters = { n = \"1..30\" }\nneighbors = \"x ^ (1 << i)\"",
                                   "n = 31")),
            "t.toml:5:1: tables-e7: parameter 'n' = 31 is out of range 1..30");
}

TEST(FamilyTables, TheSameNameCannotHoldTwoRules) {
  (void)parse_batch(batch_with("tables-twice", "parameters = { n = \"1..30\" }\nneighbors = \"x ^ (1 << i)\""), "a.toml");
  // The same rule again (a second batch file of the run, another MPI rank): nothing changes.
  EXPECT_EQ(batch_error(batch_with("tables-twice", "parameters = { n = \"1..30\" }\nneighbors = \"x ^ (1 << i)\"")), "");
  EXPECT_EQ(batch_error(batch_with("tables-twice", "parameters = { n = \"1..30\" }\nneighbors = \"x ^ 1\"")),
            "t.toml:1:1: family 'tables-twice' is defined differently at a.toml:1:1: give one of the rules another name");
}

using RuleFiles = tv::test::scratch_folder_test;

TEST_F(RuleFiles, ASweepNamesARuleFileInPlaceOfAFamily) {
  const std::string path = write("ring.toml", "[[family]]\nname = \"files-cube\"\nparameters = { n = \"1..20\" }\n"
                                              "neighbors = [\"x ^ (1 << i)\"]\n");
  const std::vector<instance> v = expand_sweep(path, {"n=2..4"});
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0].family, "files-cube");
  EXPECT_EQ(v[2].nodes(), 16u);
  EXPECT_EQ(resolve_family(path).name, "files-cube");
}

TEST_F(RuleFiles, TheBinaryRefusesBadRulesWithExitTwo) {
  const std::string bad = write("bad.toml", "[[family]]\nname = \"bad\"\nparameters = { n = \"1..20\" }\n"
                                            "neighbors = [\"x ^ (1 << i\"]\n");
  tv::test::command_result r = tv::test::run_topoverify("info " + bad + " n=3", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "topoverify: error: " + bad + ":4:14: family 'bad': neighbors[0], column 5: '(' is never "
                   "closed\n");

  const std::string two = write("two.toml", "[[family]]\nname = \"t1\"\nparameters = { n = \"1..3\" }\nneighbors = \"x\"\n"
                                            "[[family]]\nname = \"t2\"\nparameters = { n = \"1..3\" }\nneighbors = \"x\"\n");
  r = tv::test::run_topoverify("info " + two + " n=3", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "topoverify: error: " + two + " defines 2 families (t1, t2): a rule file named in place of a family "
                   "defines one\n");

  // An overflow every label meets (on the parameters alone): refused before any work.
  const std::string everywhere = write("everywhere.toml", "[[family]]\nname = \"everywhere\"\n"
                                                          "parameters = { n = \"1..20\" }\n"
                                                          "neighbors = [\"x ^ (1 << (n + 60))\"]\n");
  r = tv::test::run_topoverify("info " + everywhere + " n=2..4 --check diameter", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "topoverify: error: " + everywhere + ":1:1: neighbors[0]: everywhere n=3, at every label: column 5: "
                   "'(1 << (n + 60))': 1 << 63 does not fit 64 bits\n");

  r = tv::test::run_topoverify("info " + dir + "/missing.toml n=3", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "topoverify: error: cannot read rule file '" + dir + "/missing.toml': No such file or directory\n");

  // An evaluation error met while building the graph: the instance's record says why.
  const std::string shifty = write("shifty.toml", "[[family]]\nname = \"shifty\"\nparameters = { n = \"1..20\" }\n"
                                                  "neighbors = [\"x ^ (1 << (x + i))\"]\n");
  r = tv::test::run_topoverify("info " + shifty + " n=6 --check distances", dir);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find("neighbors[0] at x = 111010, i = 5: column 5: '(1 << (x + i))': 1 << 63 does not "
                                 "fit 64 bits"),
            std::string::npos)
      << r.out << r.err;
}

/// Records of one run by (family, n), with what differs between two families by name
/// alone (the name, the job, the content id, timings and the machine) taken out.
std::map<std::pair<std::string, int>, nlohmann::json> records_of(const std::string& path) {
  static const std::set<std::string> names_and_times = {"family", "params", "job", "instance_id", "timings",
                                                         "wall_s", "machine", "config", "config_hash",
                                                         "level_seconds"};
  std::function<nlohmann::json(const nlohmann::json&)> strip = [&](const nlohmann::json& j) {
    if (j.is_object()) {
      nlohmann::json o = nlohmann::json::object();
      for (auto it = j.begin(); it != j.end(); ++it)
        if (!names_and_times.count(it.key())) o[it.key()] = strip(it.value());
      return o;
    }
    if (j.is_array()) {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& v : j) a.push_back(strip(v));
      return a;
    }
    return j;
  };
  std::map<std::pair<std::string, int>, nlohmann::json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    const nlohmann::json r = nlohmann::json::parse(line);
    out[{r["family"].get<std::string>(), r["params"]["n"].get<int>()}] = strip(r);
  }
  return out;
}

TEST_F(RuleFiles, RecordsOfRulesEqualTheBuiltInFamiliesUpToTwoToTheFourteen) {
  // Every check that runs on a graph: up to 2^14 nodes those that take seconds there; up
  // to 2^10 the connectivity and fault diameter (max-flows over many pairs where no
  // automorphism helps: minutes on PN_2(19)) and the link loads (all N^2 routes).
  const std::string checks =
      "checks = [\"counts\", \"distances\", \"diameter\", \"metrics\", \"bisection\", \"broadcast\"]\n"
      "options = { broadcast = { scheme = \"flooding\" } }\n";
  const std::string small = "checks = [\"connectivity\", \"fault_diameter\", \"link_load\"]\n"
                            "options = { link_load = { algorithm = \"shortest_path\" } }\n";
  std::string batch = "output = \"out\"\n"
                      "[[family]]\nname = \"same-cube\"\nparameters = { n = \"1..40\" }\nneighbors = \"x ^ (1 << i)\"\n"
                      "[[family]]\nname = \"same-fib\"\nparameters = { n = \"1..40\" }\nmember = \"x & (x >> 1) == 0\"\n"
                      "neighbors = \"x ^ (1 << i)\"\n"
                      "[[family]]\nname = \"same-folded\"\nparameters = { n = \"2..40\" }\n"
                      "neighbors = [\"x ^ (1 << i)\", \"x ^ ((1 << n) - 1)\"]\n";
  const std::map<std::string, std::string> pairs = {
      {"same-cube", "family = \"hypercube\""}, {"same-fib", "family = \"postal\"\nlambda = 2"}, {"same-folded", "family = \"foldedcube\""}};
  const std::map<std::string, std::pair<std::string, std::string>> sizes = {
      {"same-cube", {"\"1..14\"", "\"1..10\""}}, {"same-fib", {"\"1..19\"", "\"1..14\""}}, {"same-folded", {"\"2..14\"", "\"2..10\""}}};
  for (const auto& [rule, builtin] : pairs) {
    const auto& [all, loaded] = sizes.at(rule);
    batch += "[[job]]\nfamily = \"" + rule + "\"\nn = " + all + "\n" + checks;
    batch += "[[job]]\n" + builtin + "\nn = " + all + "\n" + checks;
    batch += "[[job]]\nname = \"small\"\nfamily = \"" + rule + "\"\nn = " + loaded + "\n" + small;
    batch += "[[job]]\nname = \"small\"\n" + builtin + "\nn = " + loaded + "\n" + small;
  }
  std::ofstream(dir + "/same.toml") << batch;
  const tv::test::command_result r = tv::test::run_topoverify("run same.toml --quiet --no-report --backend cpu", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;

  // The second job's records are a second record of the same instance: read them apart.
  std::map<std::pair<std::string, int>, nlohmann::json> main_records, small_records;
  {
    std::ifstream in(dir + "/out/results.jsonl");
    std::ofstream a(dir + "/main.jsonl"), b(dir + "/small.jsonl");
    for (std::string line; std::getline(in, line);)
      (nlohmann::json::parse(line)["job"] == "small" ? b : a) << line << "\n";
  }
  main_records = records_of(dir + "/main.jsonl");
  small_records = records_of(dir + "/small.jsonl");
  const std::map<std::string, std::string> builtin_name = {{"same-cube", "hypercube"}, {"same-fib", "postal"},
                                                           {"same-folded", "foldedcube"}};
  int compared = 0;
  for (const auto* records : {&main_records, &small_records})
    for (const auto& [key, record] : *records) {
      if (!builtin_name.count(key.first)) continue;
      const auto other = records->find({builtin_name.at(key.first), key.second});
      ASSERT_NE(other, records->end()) << key.first << " n=" << key.second;
      EXPECT_EQ(record, other->second) << key.first << " n=" << key.second;
      EXPECT_EQ(record["status"], "ok") << key.first << " n=" << key.second;
      ++compared;
    }
  EXPECT_EQ(compared, 14 + 19 + 13 + 10 + 14 + 9);
}

}  // namespace
