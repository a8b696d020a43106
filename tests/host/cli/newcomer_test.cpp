// What a newcomer met on first use, each fixed and kept fixed (issue 31, item 6): the
// backend a run got, a claim's two readings told apart, why instances were not checked,
// failures first, a failure that hangs on the domain's edge, advice after an interrupted
// run that kept nothing, the per-node table's home, unquoted compare networks, options
// put before the command or misspelt.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using tv::test::run_topoverify;
using tv::test::slurp;

class Newcomer : public tv::test::scratch_folder_test {};

/// Every part, each with the text it was not found in.
void expect_parts(const std::string& text, std::initializer_list<const char*> parts) {
  for (const char* part : parts) EXPECT_NE(text.find(part), std::string::npos) << part << " in:\n" << text;
}

size_t count_of(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST_F(Newcomer, ARunSaysWhichBackendAndDeviceItGot) {
  std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"2..3\"\n";
  const auto cpu = run_topoverify("run b.toml --output c --backend cpu --no-report", dir);
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  EXPECT_NE(cpu.err.find("topoverify: backend cpu: the CPU ("), std::string::npos) << cpu.err;
  const auto autob = run_topoverify("run b.toml --output a --backend auto --no-report", dir);
  ASSERT_EQ(autob.exit_code, 0) << autob.err;
  const auto records = tv::host::read_records(dir + "/a/results.jsonl");
  ASSERT_EQ(records.size(), 2u);
  if (records[0]["backend"] == "cuda") {
    EXPECT_NE(autob.err.find("topoverify: backend auto: CUDA, "), std::string::npos) << autob.err;
  } else {
    // The fallback is said, not silent: why, and what it runs on instead.
    expect_parts(autob.err, {"topoverify: backend auto: ", "; running on the CPU ("});
  }
  const auto quiet = run_topoverify("run b.toml --output q --backend cpu --no-report --quiet", dir);
  EXPECT_EQ(quiet.err.find("backend cpu"), std::string::npos) << quiet.err;
}

TEST_F(Newcomer, AClaimReadTwoWaysShowsTheReadingThatTellsTheVerdictsApart) {
  // mc.prefix.vs_hc and its .alt print the same statement; on MC(1,1) one fails and the
  // other holds, and the reading is what differs.
  const auto r = run_topoverify("check 'mc.prefix.vs_hc*' metacube k=1 m=1 --output out", dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(count_of(r.out, "The running time of Algorithm 2 is only k times"), 2u) << r.out;
  const std::string md = slurp(dir + "/out/report.md"), html = slurp(dir + "/out/report.html");
  // Each of the three says both readings, one of them this one.
  const std::string alt = "Running time = communication + computation steps.";
  for (const auto& [text, mark] : {std::pair{r.out, std::string("reading: ")}, std::pair{md, std::string("*Reading:* ")},
                                   std::pair{html, std::string("<div class=\"muted\">reading: ")}}) {
    EXPECT_EQ(count_of(text, mark), 2u) << mark;
    EXPECT_EQ(count_of(text, mark + alt), 1u) << mark;
  }
  // A claim with no second reading prints none.
  const auto one = run_topoverify("check pn.thm3 postal lambda=3 n=1..4", dir);
  EXPECT_EQ(one.out.find("reading: "), std::string::npos) << one.out;
}

TEST_F(Newcomer, NotCheckedCountsSayWhyInTheText) {
  // mc.diameter holds on MC(2,3) and is not checked elsewhere: the text says why, as
  // --json always did.
  const auto r = run_topoverify("check mc.diameter metacube k=0..1 m=1..2", dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_parts(r.out, {" not checked", "               not checked: MC("});
  const auto json = run_topoverify("check mc.diameter metacube k=0..1 m=1..2 --json", dir);
  EXPECT_NE(json.out.find("\"first_reason\":\"MC("), std::string::npos) << json.out;
}

TEST_F(Newcomer, FailsOnlyListsTheFailingClaimsAndStillCountsEveryOne) {
  const auto all = run_topoverify("check 'mc.*' metacube k=0..1 m=1..2", dir);
  const auto fails = run_topoverify("check 'mc.*' metacube k=0..1 m=1..2 --fails-only", dir);
  EXPECT_EQ(all.exit_code, 3);
  EXPECT_EQ(fails.exit_code, 3);
  EXPECT_NE(all.out.find("\n  holds "), std::string::npos) << all.out;
  EXPECT_EQ(fails.out.find("\n  holds "), std::string::npos) << fails.out;
  EXPECT_EQ(count_of(fails.out, "\n  FAILS "), count_of(all.out, "\n  FAILS "));
  EXPECT_NE(fails.out.find("are left out: --fails-only)"), std::string::npos) << fails.out;
  // The totals line is the same in both.
  const auto last = [](const std::string& s) {
    const size_t end = s.find("claims fail");
    return end == std::string::npos ? std::string() : s.substr(s.rfind('\n', end) + 1, 40);
  };
  EXPECT_FALSE(last(all.out).empty()) << all.out;
  EXPECT_EQ(last(all.out), last(fails.out));
}

TEST_F(Newcomer, AFailureAtTheEdgeOfTheDomainAloneSaysSo) {
  // Theorem 9 ("contains PN(n2) iff n1 > n2") fails on every host at n2 = n1 alone: a
  // network contains itself.  Theorem 11's failures are elsewhere and say nothing of it.
  const auto r = run_topoverify("check pn.thm9 postal lambda=2 n=3..5", dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.out.find("it fails only where the guest is the network itself, the edge of the"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pn.thm9.alt reads it as proper"), std::string::npos) << r.out;
}

TEST_F(Newcomer, AnInterruptedRunWithoutAnOutputFolderDoesNotAdviseResume) {
  // compare without --output keeps its records in memory: after Ctrl-C there is nothing
  // for --resume to continue.  PN_2(32)'s graph takes a good fraction of a second to build.
  const pid_t pid = tv::test::spawn_topoverify(
      {"compare", "hypercube n=3", "postal lambda=2 n=32", "--metrics", "diameter", "--backend", "cpu"}, dir,
      dir + "/stdout", dir + "/stderr");
  for (int i = 0; i < 2000 && slurp(dir + "/stderr").find("no output folder") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ::kill(pid, SIGINT);
  EXPECT_EQ(tv::test::wait_exit_code(pid), 1) << slurp(dir + "/stderr");
  const std::string err = slurp(dir + "/stderr");
  EXPECT_NE(err.find("nothing was recorded (no output folder)"), std::string::npos) << err;
  EXPECT_EQ(err.find("Continue with --resume"), std::string::npos) << err;
}

TEST_F(Newcomer, PerNodeTablesGoIntoTheRunsFolderOneFilePerInstance) {
  // The same network twice with other options: two tables, never one over the other.
  std::ofstream(dir + "/b.toml")
      << "[[job]]\nfamily = \"hypercube\"\nn = 3\nchecks = [\"distances\"]\n"
         "options = { distances = { per_node = \"csv\" } }\n"
         "[[job]]\nfamily = \"hypercube\"\nn = 3\nchecks = [\"distances\"]\n"
         "options = { distances = { per_node = \"csv\", symmetry = false } }\n";
  const auto r = run_topoverify("run b.toml --output out --backend cpu --no-report", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto records = tv::host::read_records(dir + "/out/results.jsonl");
  ASSERT_EQ(records.size(), 2u);
  const std::string a = records[0]["per_node_file"], b = records[1]["per_node_file"];
  EXPECT_NE(a, b);
  EXPECT_EQ(a.rfind("pernode_hypercube_n3_", 0), 0u) << a;
  for (const std::string& name : {a, b}) {
    const std::string table = slurp(dir + "/out/" + name);
    EXPECT_EQ(table.rfind("index,label,eccentricity,distance_sum\n0,000,3,12\n", 0), 0u) << table;
    EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 9);  // header and Q(3)'s 8 nodes
  }
  size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 2u);  // b.toml and out/: nothing in the working directory
  // info writes no files: the option is refused, in one line, before any work.
  const auto info = run_topoverify("info hypercube n=3 --set distances.per_node=csv", dir);
  EXPECT_EQ(info.exit_code, 2);
  EXPECT_NE(info.err.find("info writes no files"), std::string::npos) << info.err;
  EXPECT_EQ(std::count(info.err.begin(), info.err.end(), '\n'), 1) << info.err;
}

TEST_F(Newcomer, EfcUnicastSimulatesOnlyWhatItsBudgetAffords) {
  // EFC_18's claims took 55-75 s where EFC_19's took 0.7 s: efc.unicast's routing
  // simulation counted a hop as one step, but an EFC hop lists the node's neighbours, so
  // EFC_18 fell inside the budget and ran for a minute while EFC_19 was skipped.  Counted
  // by what a hop costs, both skip the simulation (the claim is decided for every pair by
  // the admissible-dimension test either way); small instances still simulate.
  const auto measured = [&](const std::string& n) {
    const auto r = run_topoverify("info efc n=" + n + " --check claims --set claims.ids=efc.unicast --json", dir);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto rec = nlohmann::json::parse(r.out);
    return rec["claims"][0];
  };
  const auto big = measured("18");
  EXPECT_EQ(big["verdict"], "holds");
  ASSERT_TRUE(big["measured"]["simulated"].is_string()) << big.dump();
  EXPECT_NE(big["measured"]["simulated"].get<std::string>().find("simulating every ordered pair"), std::string::npos);
  EXPECT_EQ(big["measured"]["pairs_with_empty_dim_to_hop_set"], 0);
  const auto small = measured("10");
  ASSERT_TRUE(small["measured"]["simulated"].is_array()) << small.dump();
  EXPECT_EQ(small["measured"]["simulated"].size(), 3u);
}

TEST_F(Newcomer, AnUnquotedCompareNetworkIsShownQuoted) {
  const auto r = run_topoverify("compare postal lambda=2 n=10..14", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'lambda=2' is a parameter, not a network"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("topoverify compare \"postal lambda=2 n=10..14\""), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("missing parameter"), std::string::npos) << r.err;
}

TEST_F(Newcomer, AnOptionBeforeTheCommandOrMisspeltGetsWhereItGoesOrWhatWasMeant) {
  // The command line as typed, and the one line it gets (exit 2 each).
  const std::pair<const char*, const char*> cases[] = {
      {"--quiet run configs/x.toml", "'--quiet' is an option of run: put it after the command, topoverify run --quiet"},
      {"run --qiet", "unknown option '--qiet' for topoverify run; did you mean --quiet?"},
      {"info hypercube n=3 --colour", "unknown option '--colour' for topoverify info (topoverify info --help lists"},
      {"chek pn.thm3 postal lambda=2 n=3", "unknown command 'chek'; did you mean check?"},
  };
  for (const auto& [typed, said] : cases) {
    const auto r = run_topoverify(typed, dir);
    EXPECT_EQ(r.exit_code, 2) << typed;
    expect_parts(r.err, {said});
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
