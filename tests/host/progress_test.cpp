// The progress display with a hand-driven clock: plain lines off a terminal, one redrawn
// line on it, and an ETA from the work done so far.
#include "host/progress.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace {

using tv::host::progress_display;
using tv::host::progress_style;

struct fake_clock {
  double now = 0;
  std::function<double()> fn() {
    return [this] { return now; };
  }
};

TEST(Progress, PlainModePrintsOneLinePerInstanceAndRareProgressLines) {
  std::ostringstream out;
  fake_clock c;
  progress_display d(out, progress_style::plain, c.fn());
  d.begin(2, 2000);
  d.start(0, "hypercube n=3", 1000);
  d.step("counts");
  c.now = 1.5;
  d.progress(1, 2);  // too soon for a plain progress line
  d.finish("done", true);
  EXPECT_EQ(out.str(), "[1/2] hypercube n=3: done (1.50 s)\n");
  out.str("");
  d.start(1, "hypercube n=4", 1000);
  d.step("distances");
  c.now = 40;  // 38.5 s into the instance: a long step gets a line
  d.progress(1, 4);
  const std::string s = out.str();
  EXPECT_NE(s.find("[1/2 done] hypercube n=4 · distances 25%"), std::string::npos) << s;
  EXPECT_EQ(s.find('\r'), std::string::npos);
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 1);
}

TEST(Progress, TtyModeRedrawsOneLineAndKeepsOnlyProblems) {
  std::ostringstream out;
  fake_clock c;
  progress_display d(out, progress_style::tty, c.fn(), 200);
  d.begin(3, 3000);
  d.start(0, "postal lambda=2 n=5", 1000);
  c.now = 1;
  d.step("counts");
  c.now = 2;
  d.finish("done", true);
  // Nothing but redraws so far: no newline.
  EXPECT_EQ(out.str().find('\n'), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\r\x1b[K[0/3 done] postal lambda=2 n=5"), std::string::npos);
  d.start(1, "postal lambda=2 n=6", 1000);
  c.now = 3;
  d.finish("not checked: time limit 1s reached during counts", false);
  const std::string s = out.str();
  EXPECT_NE(s.find("\r\x1b[K[2/3] postal lambda=2 n=6: not checked: time limit 1s reached during counts (1.00 s)\n"),
            std::string::npos)
      << s;
  d.end();
  EXPECT_EQ(out.str().substr(out.str().size() - 4), "\r\x1b[K");
}

TEST(Progress, TtyLineIsCutToTheTerminalWidth) {
  std::ostringstream out;
  fake_clock c;
  progress_display d(out, progress_style::tty, c.fn(), 20);
  d.begin(1, 1);
  d.start(0, "a very long instance label that would wrap", 1);
  const std::string s = out.str();
  const std::string line = s.substr(s.rfind("\x1b[K") + 3);
  EXPECT_EQ(line.size(), 19u) << line;
}

TEST(Progress, EtaFromTheWorkDoneAndTheInstancesOwnProgress) {
  std::ostringstream out;
  fake_clock c;
  progress_display d(out, progress_style::none, c.fn());
  d.begin(3, 300);
  EXPECT_LT(d.eta_seconds(), 0);  // nothing to go on yet
  d.start(0, "a", 100);
  c.now = 10;
  d.finish("done", true);  // 10 s per 100 units
  EXPECT_DOUBLE_EQ(d.eta_seconds(), 20);
  d.start(1, "b", 100);
  c.now = 14;
  EXPECT_DOUBLE_EQ(d.eta_seconds(), 16);  // 6 s left of the average plus 10 s for c
  d.progress(4, 5);                        // b says it is 80% done after 4 s
  EXPECT_DOUBLE_EQ(d.eta_seconds(), 11);   // 1 s left of b plus 10 s for c
  d.skipped(0);
}

}  // namespace
