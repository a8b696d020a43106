// The command line as users meet it: bad input gets one line naming the problem and
// exit code 2; good input gets records with the documented keys; `run` with no argument
// runs the default batch and writes its report.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "host/batch/config.hpp"
#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"

namespace {

using tv::test::run_topoverify;

struct bad_case {
  const char* args;
  const char* message;  // a fragment the one-line message must contain
};

TEST(Cli, BadInputIsOneLineNamingTheProblemWithExitTwo) {
  const bad_case cases[] = {
      {"info mesh n=3", "unknown family 'mesh'"},
      {"info postal n=5", "missing parameter 'lambda'"},
      {"info postal lambda=0 n=5", "'lambda' = 0 is out of range 1..64"},
      {"info postal lambda=2 n=65", "'n' = 65 is out of range 1..64"},
      {"info postal lambda=x n=5", "'lambda' = 'x' is not an integer"},
      {"info postal lambda=2 n=5 size=3", "has no parameter 'size'"},
      {"info postal lambda=2 n", "not of the form key=value"},
      {"info metacube k=4 m=4", "address bits"},
      {"info metacube k=6 m=1", "'k' = 6 is out of range 0..5"},
      {"info metacube k=1 m=2 presentation=ring", "presentation = 'ring'"},
      {"info debruijn k=3 directed=maybe", "not a boolean"},
      {"info lrn n=5", "exactly one of 'seeds'"},
      {"info lrn n=5 seeds=0,01", "prefix-free"},
      {"info gfc n=5 f=12", "other than 0 and 1"},
      {"info hypercube n=4 --check nonsense", "unknown check 'nonsense'"},
      {"info hypercube n=64", "out of range 1..63"},
      {"frobnicate", "frobnicate"},
  };
  for (const auto& c : cases) {
    const auto r = run_topoverify(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << " printed: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << ": " << r.err;
  }
}

TEST(Cli, InfoJsonCarriesTheRecordKeys) {
  const auto r = run_topoverify("info postal lambda=2 n=9 --json --backend cpu");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["family"], "postal");
  EXPECT_EQ(j["params"]["lambda"], 2);
  EXPECT_EQ(j["params"]["n"], 9);
  EXPECT_EQ(j["nodes"], 89);   // computed by the tool; Table 1 prints N_2(9) = 89
  EXPECT_EQ(j["edges"], 235);  // Table 2 prints L_2(9) = 235
  EXPECT_TRUE(j.contains("degree_min"));
  EXPECT_TRUE(j.contains("degree_max"));
  EXPECT_EQ(j["backend"], "cpu");
}

// The comparator families from the command line, their diameters computed by the tool and
// compared with the closed forms: FQ(n) ceil(n/2), C_k^n n floor(k/2), K(d,k) k, S_n floor(3(n-1)/2), B(d,k) k.
TEST(Cli, InfoComputesTheComparatorsDiameters) {
  const struct {
    const char* args;
    int nodes, diameter;
  } cases[] = {{"foldedcube n=6", 64, 3}, {"foldedcube n=9", 512, 5}, {"torus k=5 n=3", 125, 6},
               {"torus k=4 n=4", 256, 8},  {"kautz d=2 k=4", 24, 4},   {"kautz d=3 k=3", 36, 3},
               {"star n=5", 120, 6},   {"debruijn d=3 k=4", 81, 4}};
  for (const auto& c : cases) {
    const auto r = run_topoverify(std::string("info ") + c.args + " --check diameter --json --backend cpu");
    ASSERT_EQ(r.exit_code, 0) << c.args << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["nodes"], c.nodes) << c.args;
    EXPECT_EQ(j["diameter"], c.diameter) << c.args;
  }
}

// topoverify's OpenMP threads sleep while they wait unless the user asks otherwise: libgomp
// prints its settings with OMP_DISPLAY_ENV=verbose, and a spin count of 0 is the passive
// policy.  (ctest sets OMP_WAIT_POLICY for the test processes, so it is unset here.)
TEST(Cli, OpenMpWaitsPassivelyUnlessTheUserChooses) {
  auto spin_count = [](const std::string& env) {
    const std::string err = "/tmp/tv_omp_" + std::to_string(::getpid()) + ".err";
    const std::string cmd = "env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT " + env +
                            " OMP_DISPLAY_ENV=verbose '" TOPOVERIFY_BINARY "' --version >/dev/null 2>" + err;
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    const std::string text = tv::test::slurp(err);
    std::remove(err.c_str());
    const auto at = text.find("GOMP_SPINCOUNT = '");
    EXPECT_NE(at, std::string::npos) << text;
    return at == std::string::npos ? std::string("?")
                                   : text.substr(at + 18, text.find('\'', at + 18) - at - 18);
  };
  EXPECT_EQ(spin_count(""), "0");
  EXPECT_NE(spin_count("OMP_WAIT_POLICY=active"), "0");
  EXPECT_EQ(spin_count("GOMP_SPINCOUNT=12345"), "12345");
}

// The refusal of an unusable OMP_NUM_THREADS comes before libgomp reads the variable: one
// line of topoverify's, none of libgomp's ("libgomp: Invalid value ..."), in a build that
// links libgomp statically (the default: TOPOVERIFY_STATIC_RUNTIME).
TEST(Cli, AnUnusableThreadCountIsRefusedBeforeLibgompSpeaks) {
  const auto r = tv::test::run_captured("env OMP_NUM_THREADS=0 '" TOPOVERIFY_BINARY "' list");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err, "topoverify: error: OMP_NUM_THREADS=0 is not a positive thread count (e.g. OMP_NUM_THREADS=4)\n");
}

// The same batch file named twice, or two files expanding to one instance, run it once
// with a warning (it used to run twice and the summary counted it once).
TEST(CliRun, AnInstanceInTwoBatchFilesRunsOnceWithAWarning) {
  const std::string cwd = "/tmp/tv_cli_twice_" + std::to_string(::getpid());
  std::system(("rm -rf '" + cwd + "' && mkdir -p '" + cwd + "'").c_str());
  std::ofstream(cwd + "/a.toml") << "output = \"out\"\n[[job]]\nfamily = \"hypercube\"\nn = \"1..3\"\n";
  std::ofstream(cwd + "/b.toml") << "output = \"out\"\n[[job]]\nname = \"other\"\nfamily = \"hypercube\"\nn = \"3..4\"\n";
  const auto r = run_topoverify("run a.toml a.toml b.toml --backend cpu --no-report", cwd);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warning: a.toml: 3 instance(s) already in a.toml (first: hypercube n=1); each runs once"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("warning: b.toml: 1 instance(s) already in a.toml (first: hypercube n=3); each runs once"),
            std::string::npos)
      << r.err;
  const auto records = tv::host::read_records(cwd + "/out/results.jsonl");
  EXPECT_EQ(records.size(), 4u) << "n = 1, 2, 3 from a.toml and n = 4 from b.toml, each once";
  std::system(("rm -rf '" + cwd + "'").c_str());
}

// A full standard output is named with its error (it used to read "an earlier write
// failed": the commands flushed it themselves and dropped the errno), exit 1.
TEST(Cli, AFullStandardOutputIsNamedWithItsError) {
  const std::string cwd = "/tmp/tv_full_" + std::to_string(::getpid());
  std::system(("rm -rf '" + cwd + "' && mkdir -p '" + cwd + "'").c_str());
  std::ofstream(cwd + "/b.toml") << "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"3..5\"\nclaims = [\"pn.thm3\"]\n";
  for (const std::string args : {"check 'pn.thm3' postal lambda=2 n=3..5", "compare 'hypercube n=2..3'",
                                 "run b.toml --backend cpu --no-report --output out"}) {
    const auto r = tv::test::run_captured("cd '" + cwd + "' && '" TOPOVERIFY_BINARY "' " + args + " > /dev/full");
    EXPECT_EQ(r.exit_code, 1) << args << ": " << r.err;
    EXPECT_NE(r.err.find("writing standard output failed: No space left on device"), std::string::npos)
        << args << ": " << r.err;
    EXPECT_EQ(r.err.find("an earlier write failed"), std::string::npos) << args << ": " << r.err;
  }
  std::system(("rm -rf '" + cwd + "'").c_str());
}

TEST(Cli, ListNamesEveryFamily) {
  const auto r = run_topoverify("list");
  ASSERT_EQ(r.exit_code, 0);
  for (const char* f : {"hypercube", "postal", "efc", "metacube", "dualcube", "debruijn", "lrn", "gfc"})
    EXPECT_NE(r.out.find(f), std::string::npos) << f;
}

TEST(Cli, CudaWithoutDeviceIsAClearError) {
  const auto r = run_topoverify("info hypercube n=3 --backend cuda");
  if (r.exit_code == 0) GTEST_SKIP() << "a CUDA device answered";
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("backend 'cuda' requested"), std::string::npos) << r.err;
}

}  // namespace

namespace {

// `topoverify run` with no arguments, as README's first command runs it from a clone:
// the embedded default batch, results and report under reports/default/.
TEST(CliRun, DefaultBatchWritesResultsAndReport) {
  const std::string cwd = "/tmp/tv_cli_default_" + std::to_string(::getpid());
  std::system(("rm -rf '" + cwd + "'").c_str());
  const auto r = run_topoverify("run", cwd);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string out = cwd + "/reports/default/";
  const size_t expected =
      tv::host::parse_batch(tv::host::embedded_default_config(), "default").instances.size();
  EXPECT_EQ(tv::host::read_records(out + "results.jsonl").size(), expected);
  EXPECT_NE(tv::test::slurp(out + "report.md").find("# topoverify report"), std::string::npos);
  EXPECT_NE(tv::test::slurp(out + "report.html").find("<table"), std::string::npos);
  EXPECT_NE(r.err.find("topoverify: report: reports/default/report.md"), std::string::npos) << r.err;

  // A second run would mix with the first: refused, results untouched.
  const std::string before = tv::test::slurp(out + "results.jsonl");
  const auto again = run_topoverify("run", cwd);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("output folder 'reports/default' is not empty"), std::string::npos) << again.err;
  EXPECT_EQ(std::count(again.err.begin(), again.err.end(), '\n'), 1) << again.err;
  EXPECT_EQ(tv::test::slurp(out + "results.jsonl"), before);

  // --resume finds everything recorded and adds nothing.
  const auto resumed = run_topoverify("run --resume --no-report", cwd);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(tv::test::slurp(out + "results.jsonl"), before);

  // The report subcommand renders the same folder again.
  std::remove((out + "report.md").c_str());
  const auto rep = run_topoverify("report reports/default", cwd);
  EXPECT_EQ(rep.exit_code, 0) << rep.err;
  EXPECT_NE(tv::test::slurp(out + "report.md").find("## Statistics by family"), std::string::npos);
  std::system(("rm -rf '" + cwd + "'").c_str());
}

TEST(CliRun, BadBatchInputIsOneLineAndExitTwoBeforeAnyWork) {
  const std::string cwd = "/tmp/tv_cli_bad_" + std::to_string(::getpid());
  std::system(("rm -rf '" + cwd + "' && mkdir -p '" + cwd + "'").c_str());
  std::ofstream(cwd + "/typo.toml") << "output = \"out\"\n[[job]]\nfamily = \"hypercube\"\nn = 3\nlimts = { time = \"1m\" }\n";
  std::ofstream(cwd + "/limit.toml") << "output = \"out\"\n[[job]]\nfamily = \"hypercube\"\nn = 3\nlimits = { time = \"soon\" }\n";
  const bad_case cases[] = {
      {"run typo.toml", "typo.toml:5:1: unknown key 'limts' in a hypercube job"},
      {"run limit.toml", "limit.toml:5:19: limits.time = \"soon\" is not a duration"},
      {"run missing.toml", "cannot read batch file 'missing.toml'"},
      {"report nowhere", "report: 'nowhere' is not a folder"},
      {"run typo.toml --backend tpu", "unknown key 'limts'"},
  };
  for (const auto& c : cases) {
    const auto r = run_topoverify(c.args, cwd);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << " printed: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << ": " << r.err;
  }
  EXPECT_FALSE(std::ifstream(cwd + "/out/results.jsonl").good());  // nothing ran
  std::system(("rm -rf '" + cwd + "'").c_str());
}

}  // namespace
