// Runs the embedded plotting script (plots.py and the modules it imports) in a scratch
// folder inside the output folder and reads its manifest.
#include "host/report/plots.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include <csignal>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "host/claims/summary.hpp"
#include "host/records/file_names.hpp"
#include "host/records/run_plan.hpp"
#include "host/report/comparison.hpp"
#include "host/plots_script.hpp"
#include "host/records/record_fields.hpp"


namespace tv::host::report {

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string last_line(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  const auto nl = s.rfind('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

/// Only the fields the plots use, so the input stays small for large batches: claims as
/// [id, verdict] pairs ("outside" for an instance outside the claim's domain), and the
/// papers with their claims in catalog order for the verdict maps.
nlohmann::json plot_input(const std::vector<nlohmann::json>& latest, const nlohmann::ordered_json& verdicts,
                          const std::vector<bool>& superseded) {
  nlohmann::json records = nlohmann::json::array();
  for (size_t i = 0; i < latest.size(); ++i) {
    const nlohmann::json& r = latest[i];
    nlohmann::json p = nlohmann::json::object();
    for (const char* k : {"family", "params", "nodes", "wall_s", record_field::status, "distance_counts",
                          "eccentricity_histogram", "broadcast", "timings", "compare", "diameter",
                          "average_distance"})
      if (r.contains(k)) p[k] = r[k];
    if (superseded[i]) p.erase("compare");  // its comparison's chart draws the network once, as its table
    if (r.contains("link_load") && r["link_load"].is_object()) {
      const nlohmann::json& load = r["link_load"];
      if (load.contains("max_load")) p["link_load_max"] = load["max_load"];
      // Sampled, no value of the largest load: the lower end of its 95% interval, which the
      // comparison chart draws apart from the exact loads.
      const nlohmann::json ci = load.value("max_load_ci95", nlohmann::json());
      const bool sampled = load.value("exact", nlohmann::json()) == nlohmann::json(false);
      if (sampled && ci.is_array() && ci.size() == 2 && ci[0].is_number()) p["link_load_low"] = ci[0];
    }
    if (r.contains("claims") && r["claims"].is_array()) {
      p["claims"] = nlohmann::json::array();
      for (const auto& c : r["claims"]) {
        const claim_verdict verdict = verdict_of(c);
        std::string v(host::to_string(verdict));
        if (verdict == claim_verdict::not_checked && claims::is_outside_domain(c)) v = "outside";
        p["claims"].push_back({c.value("id", ""), v});
      }
    }
    records.push_back(std::move(p));
  }
  nlohmann::json papers = nlohmann::json::array();
  for (const auto& paper : verdicts.value("papers", nlohmann::ordered_json::array())) {
    nlohmann::json ids = nlohmann::json::array();
    for (const auto& c : paper.value("claims", nlohmann::ordered_json::array())) ids.push_back(c.value("id", ""));
    const std::string authors = paper.value("authors", ""), title = paper.value("title", "");
    const std::string name = authors.empty() || title.empty() ? paper.value("reference", "") : authors + ": " + title;
    papers.push_back({{"key", paper.value("key", "")}, {"name", name}, {"claims", ids}});
  }
  // The only record text that goes into a plot's file name, made safe here.
  nlohmann::json families = nlohmann::json::object(), comparisons = nlohmann::json::object();
  for (const auto& r : latest)
    if (r.contains("family") && r["family"].is_string())
      families[r["family"].get<std::string>()] = safe_file_stem(r["family"].get<std::string>());
  for (const auto& [name, stem] : comparison_file_stems(latest)) comparisons[name] = stem;
  return {{"records", records}, {"papers", papers}, {"stems", {{"families", families}, {"comparisons", comparisons}}}};
}

/// Prefix of the plotting script's scratch folders inside an output folder.
constexpr const char* scratch_prefix = ".plots-tmp-";

/// A scratch folder inside the output folder, removed on scope exit.  Inside, not in
/// $TMPDIR: a process killed outright leaves it where the next report (holding the
/// folder's lock, so no other process can be using it) removes it, and a missing or
/// full $TMPDIR does not matter.
struct temp_dir {
  fs::path path;
  explicit temp_dir(const fs::path& parent) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(parent, ec))
      if (e.path().filename().string().rfind(scratch_prefix, 0) == 0) fs::remove_all(e.path(), ec);
    std::string tmpl = (parent / (std::string(scratch_prefix) + "XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) == nullptr)
      throw std::runtime_error("cannot create a scratch folder in '" + parent.string() +
                               "': " + std::strerror(errno));
    path = tmpl;
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

/// One attempt with one interpreter: the plots, or why there are none.
plot_set run_script(const std::string& python, const fs::path& script, const fs::path& input,
                    const fs::path& plots_dir, const fs::path& out, const fs::path& err) {
  plot_set result;
  const std::string s_script = script.string(), s_input = input.string(), s_dir = plots_dir.string();
  std::vector<char*> argv = {const_cast<char*>(python.c_str()), const_cast<char*>(s_script.c_str()),
                             const_cast<char*>(s_input.c_str()), const_cast<char*>(s_dir.c_str()),
                             nullptr};
  // The child reports a failed exec through this pipe (closed on a successful exec).
  int exec_errors[2];
  if (::pipe2(exec_errors, O_CLOEXEC) != 0) {
    result.skipped = std::string("plots were skipped: no pipe for the plotting process (") +
                     std::strerror(errno) + ")";
    return result;
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(exec_errors[0]);
    // Only async-signal-safe calls between fork and exec.  The child dies with its
    // parent: a killed topoverify leaves no plotting process behind.
#if defined(__linux__)
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(126);  // the parent died before prctl
#endif
    const int in = ::open("/dev/null", O_RDONLY);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0) ::_exit(126);
    ::dup2(in, STDIN_FILENO);
    ::dup2(o, STDOUT_FILENO);
    ::dup2(e, STDERR_FILENO);
    ::execvp(python.c_str(), argv.data());
    const int err = errno;
    if (::write(exec_errors[1], &err, sizeof err) < 0) {
    }
    ::_exit(127);
  }
  const int fork_errno = errno;
  ::close(exec_errors[1]);
  int exec_errno = 0;
  const bool exec_failed = pid > 0 && ::read(exec_errors[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;
  ::close(exec_errors[0]);
  if (pid < 0 || exec_failed) {
    if (exec_failed) ::waitpid(pid, nullptr, 0);
    result.skipped = "plots were skipped: " + python + " could not be started (" +
                     std::strerror(pid < 0 ? fork_errno : exec_errno) + ")";
    return result;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == 127) {
    result.skipped = "plots were skipped: " + python + " was not found";
  } else if (code == 3) {
    result.skipped = "plots were skipped: " + last_line(slurp(err));
  } else if (code != 0) {
    result.skipped = "plots were skipped: the plotting script failed (" +
                     (WIFEXITED(status) ? "exit " + std::to_string(code) : std::string("killed by a signal")) +
                     "): " + last_line(slurp(err));
  } else {
    try {
      for (const auto& p : nlohmann::json::parse(slurp(out))) {
        // A plot is read back from plots/ by the HTML page: a plain file name only.
        const std::string file = p.at("file").get<std::string>();
        if (file.empty() || file.find('/') != std::string::npos || file[0] == '.')
          throw std::runtime_error("a plot file name outside plots/: '" + file + "'");
        result.plots.push_back({file, p.at("title").get<std::string>(),
                                p.value("kind", ""), p.value("family", ""), p.value("paper", ""),
                                p.value("panels", std::vector<std::string>())});
      }
    } catch (const std::exception& e) {
      result.skipped = std::string("plots were skipped: the plotting script's list was unreadable (") +
                       e.what() + ")";
    }
  }
  return result;
}

}  // namespace

plot_set make_plots(const std::vector<nlohmann::json>& latest, const nlohmann::ordered_json& verdicts,
                    const std::string& dir) {
  plot_set result;
  const fs::path plots_dir = fs::path(dir) / "plots";
  std::error_code ec;
  fs::create_directories(plots_dir, ec);
  // The folder is the report's own: stale plots of an earlier rendering go.
  for (const auto& e : fs::directory_iterator(plots_dir, ec))
    if (e.path().extension() == ".png") fs::remove(e.path(), ec);

  temp_dir tmp(dir);
  const fs::path script = tmp.path / "plots.py", input = tmp.path / "input.json",
                 out = tmp.path / "stdout", err = tmp.path / "stderr";
  for (const auto& file : kPlotsFiles) std::ofstream(tmp.path / file.name) << file.text;
  std::ofstream(input) << plot_input(latest, verdicts, superseded_comparison_records(latest, read_run_plan(dir))).dump();

  // python3 from PATH first; then Debian's own, which python3-matplotlib installs into
  // (a PATH python3 from pyenv or a virtual environment often lacks matplotlib).
  std::vector<std::string> candidates;
  if (const char* env_python = std::getenv("TOPOVERIFY_PYTHON"); env_python && *env_python) {
    candidates.push_back(env_python);
  } else {
    candidates.push_back("python3");
    if (::access("/usr/bin/python3", X_OK) == 0) candidates.push_back("/usr/bin/python3");
  }
  for (const auto& python : candidates) {
    result = run_script(python, script, input, plots_dir, out, err);
    if (result.skipped.empty()) break;
  }
  return result;
}

}  // namespace tv::host::report
