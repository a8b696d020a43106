// Runs the built topoverify binary in a shell and captures its exit code and output, for
// tests of the command line as users see it.
#pragma once
#include <sys/wait.h>

#include <algorithm>
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

/// Runs a shell command with stdout and stderr captured in temporary files (unless the
/// command redirects them itself); the exit code is the shell's.
inline command_result run_captured(const std::string& command) {
  static int counter = 0;
  const std::string base = "/tmp/tv_cmd_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string cmd = "{ " + command + " ; } >" + base + ".out 2>" + base + ".err";
  const int status = std::system(cmd.c_str());
  command_result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}

/// Runs `TOPOVERIFY_BINARY args` in folder `cwd` (created if missing).
inline command_result run_topoverify(const std::string& args, const std::string& cwd = ".") {
  return run_captured("mkdir -p '" + cwd + "' && cd '" + cwd + "' && '" TOPOVERIFY_BINARY "' " + args);
}

}  // namespace tv::test

#include <fcntl.h>
#include <unistd.h>

#include <vector>

namespace tv::test {

/// Starts `TOPOVERIFY_BINARY args...` in folder `cwd` without waiting, stdout and stderr
/// to the given files; returns its pid (for tests that signal or kill it).
inline pid_t spawn_topoverify(const std::vector<std::string>& args, const std::string& cwd,
                              const std::string& out_file, const std::string& err_file) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (::chdir(cwd.c_str()) != 0) ::_exit(126);
    const int out = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, 1);
    ::dup2(err, 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(TOPOVERIFY_BINARY));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(TOPOVERIFY_BINARY, argv.data());
    ::_exit(127);
  }
  return pid;
}

/// Waits for a child; its exit code, or 128 + signal number when a signal ended it.
inline int wait_exit_code(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

/// Complete lines in a file so far.
inline size_t count_lines(const std::string& path) {
  const std::string s = slurp(path);
  return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace tv::test

namespace tv::test {

/// Runs a shell command line in which "TOPOVERIFY" stands for the binary (for tests
/// that need redirections, ulimits or pipes of their own); stdout and stderr are
/// captured unless the line redirects them itself.
inline command_result run_shell(std::string line) {
  const std::string bin = "'" TOPOVERIFY_BINARY "'";
  for (size_t at; (at = line.find("TOPOVERIFY")) != std::string::npos;) line.replace(at, 10, bin);
  return run_captured(line);
}

}  // namespace tv::test
