// Runs the built topoverify binary in a shell and captures its exit code and output, for
// tests of the command line as users see it.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace tv::test {

struct command_result {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `TOPOVERIFY_BINARY args` in folder `cwd` (created if missing).
inline command_result run_topoverify(const std::string& args, const std::string& cwd = ".") {
  static int counter = 0;
  const std::string base = "/tmp/tv_cmd_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string cmd = "mkdir -p '" + cwd + "' && cd '" + cwd + "' && '" TOPOVERIFY_BINARY "' " +
                          args + " >" + base + ".out 2>" + base + ".err";
  const int status = std::system(cmd.c_str());
  command_result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}

}  // namespace tv::test
