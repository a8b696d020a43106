// A run stopped by a signal: its report says the run is incomplete (how many planned
// instances finished, which was interrupted, how many never ran) and never that every
// instance ran; after --resume the same folder's report says the run is complete.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <sstream>

#include "host/errors.hpp"
#include "host/run/runner.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;
using namespace tv::host;

// Raises SIGINT during the hypercube of dimension 2 (a user pressing Ctrl-C mid-instance).
void interrupting_check(check_context& ctx, nlohmann::ordered_json& r) {
  for (int i = 0; i < 3; ++i) {
    if (ctx.control.stop_requested()) throw tv::core::interrupted("stopped");
    if (i == 1 && ctx.inst.params["n"] == 2) std::raise(SIGINT);
    ctx.control.report(i + 1, 3);
  }
  r["steps"] = 3;
}

TEST(InterruptedRunReport, SaysTheRunIsIncompleteUntilResumed) {
  const std::string dir =
      (fs::temp_directory_path() / ("tv_interrupted_report_" + std::to_string(::getpid()))).string();
  fs::remove_all(dir);
  std::vector<check_spec> catalog;
  for (const auto& spec : check_specs())
    if (spec.name == "counts") catalog.push_back(spec);
  catalog.push_back({"interrupting", "test: raises SIGINT", interrupting_check, nullptr});
  batch_config cfg = parse_batch("title = \"stopped batch\"\n[[job]]\nfamily = \"hypercube\"\nn = \"1..4\"\n", "t.toml");
  for (auto& ji : cfg.instances) ji.checks = {"counts", "interrupting"};
  std::ostringstream log;
  run_options o;
  o.output = dir;
  o.backend = "cpu";
  o.progress = progress_style::plain;
  o.log = &log;
  o.catalog = &catalog;
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);  // no plots needed here

  EXPECT_EQ(run_batches({cfg}, o), exit_instance_error);
  const std::string md = tv::test::slurp(dir + "/report.md"), html = tv::test::slurp(dir + "/report.html");
  const std::string headline =
      "Incomplete run: 1 of 4 planned instances finished; 1 interrupted (SIGINT during interrupting), 2 not run "
      "yet. Continue it with `topoverify run --resume` (the same batch file and output folder).";
  EXPECT_EQ(md.rfind("# topoverify report: stopped batch\n\n**" + headline + "**\n", 0), 0u) << md;
  EXPECT_NE(md.find("- planned: 4\n- finished: 1\n- refused by limits: 0\n- interrupted: 1\n- not run: 2\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("2 planned instance(s) have no record"), std::string::npos);
  EXPECT_NE(md.find("| hypercube n=2 | hypercube | interrupted | SIGINT during interrupting |"), std::string::npos) << md;
  EXPECT_NE(html.find("<div class=\"run incomplete\""), std::string::npos);
  for (const std::string& text : {md, html}) {
    EXPECT_EQ(text.find("Complete run"), std::string::npos);
    EXPECT_EQ(text.find("Every recorded instance finished"), std::string::npos);
    EXPECT_EQ(text.find("every instance ran"), std::string::npos);
  }

  // Resumed without the interruption, the same folder's report is complete.
  catalog.back().run = [](check_context&, nlohmann::ordered_json& r) { r["steps"] = 3; };
  o.resume = true;
  EXPECT_EQ(run_batches({cfg}, o), exit_ok);
  const std::string resumed = tv::test::slurp(dir + "/report.md");
  EXPECT_EQ(resumed.rfind("# topoverify report: stopped batch\n\n**Complete run: all 4 planned instances finished.**", 0),
            0u)
      << resumed;
  ::unsetenv("TOPOVERIFY_PYTHON");
  fs::remove_all(dir);
}

}  // namespace
