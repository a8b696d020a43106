// Batch runner: output folder safety, per-instance records, plain progress lines.
#include "host/runner.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "host/checks.hpp"
#include "host/errors.hpp"

namespace tv::host {

namespace fs = std::filesystem;

void append_line_durably(const std::string& path, const std::string& line) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot open '" + path + "' for appending");
  const std::string data = line + "\n";
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t w = ::write(fd, data.data() + done, data.size() - done);
    if (w < 0) {
      ::close(fd);
      throw std::runtime_error("write to '" + path + "' failed");
    }
    done += static_cast<size_t>(w);
  }
  ::fsync(fd);
  ::close(fd);
}

std::vector<nlohmann::json> read_records(const std::string& path, int* torn) {
  std::vector<nlohmann::json> out;
  if (torn) *torn = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) return out;
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t pos = 0;
  while (pos < all.size()) {
    const size_t nl = all.find('\n', pos);
    if (nl == std::string::npos) {  // no newline: a write cut short
      if (torn) ++*torn;
      break;
    }
    const std::string line = all.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.empty()) continue;
    try {
      out.push_back(nlohmann::json::parse(line));
    } catch (const nlohmann::json::exception&) {
      if (torn) ++*torn;
    }
  }
  return out;
}

namespace {
std::string instance_key(const std::string& hash, const job_instance& ji) {
  nlohmann::json k = {{"config", hash},
                      {"family", ji.inst.family},
                      {"params", ji.inst.params},
                      {"checks", ji.checks},
                      {"job", ji.job_name}};
  return k.dump();
}
std::string record_key(const nlohmann::json& r) {
  if (!r.contains("config_hash") || !r.contains("job")) return {};
  nlohmann::json k = {{"config", r["config_hash"]},
                      {"family", r["family"]},
                      {"params", r["params"]},
                      {"checks", r.value("requested_checks", nlohmann::json::array())},
                      {"job", r["job"]}};
  return k.dump();
}
}  // namespace

int run_batches(const std::vector<batch_config>& batches, const run_options& opt) {
  // Everything that can be refused is refused before the first instance runs.
  struct plan {
    const batch_config* cfg;
    std::string out_dir;
    core::backend backend;
  };
  std::vector<plan> plans;
  std::set<std::string> dirs;
  for (const auto& cfg : batches) {
    plan p{&cfg, opt.output.empty() ? cfg.output : opt.output, core::backend::cpu};
    try {
      p.backend = core::resolve_backend(opt.backend.empty() ? cfg.backend : opt.backend);
    } catch (const std::exception& e) {
      throw input_error(e.what());
    }
    std::error_code ec;
    fs::create_directories(p.out_dir, ec);
    if (ec || !fs::is_directory(p.out_dir))
      throw input_error("output folder '" + p.out_dir + "' cannot be created: " + ec.message());
    const std::string probe = p.out_dir + "/.write-test";
    {
      std::ofstream t(probe);
      if (!t) throw input_error("output folder '" + p.out_dir + "' is not writable");
    }
    fs::remove(probe, ec);
    const std::string results = p.out_dir + "/results.jsonl";
    if (!opt.resume && !dirs.count(p.out_dir) && fs::exists(results) && fs::file_size(results) > 0)
      throw input_error("output folder '" + p.out_dir +
                        "' already holds results.jsonl from an earlier run; use --resume to "
                        "continue it, or --output DIR for a new folder (earlier results are "
                        "never overwritten)");
    dirs.insert(p.out_dir);
    plans.push_back(p);
  }

  int errors = 0;
  for (const auto& p : plans) {
    const std::string results = p.out_dir + "/results.jsonl";
    std::set<std::string> done;
    if (opt.resume) {
      int torn = 0;
      for (const auto& r : read_records(results, &torn))
        if (r.value("status", "") == "ok") done.insert(record_key(r));
      if (torn) std::cerr << "topoverify: ignored " << torn << " torn line(s) in " << results << "\n";
    }
    const auto& inst = p.cfg->instances;
    std::cerr << "topoverify: " << p.cfg->source << ": " << inst.size() << " instance(s) on "
              << core::backend_name(p.backend) << " -> " << results << "\n";
    for (size_t i = 0; i < inst.size(); ++i) {
      const job_instance& ji = inst[i];
      const std::string key = instance_key(p.cfg->hash, ji);
      if (done.count(key)) {
        std::cerr << "[" << i + 1 << "/" << inst.size() << "] " << ji.inst.label()
                  << ": already recorded, skipped\n";
        continue;
      }
      const auto t0 = std::chrono::steady_clock::now();
      nlohmann::ordered_json rec;
      try {
        rec = run_checks(ji.inst, ji.checks, p.backend, ji.check_options);
        rec["status"] = "ok";
      } catch (const std::exception& e) {
        ++errors;
        rec = nlohmann::ordered_json::object();
        rec["family"] = ji.inst.family;
        rec["params"] = ji.inst.params;
        rec["status"] = "error";
        rec["error"] = e.what();
        rec["backend"] = core::backend_name(p.backend);
      }
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      rec["job"] = ji.job_name;
      rec["requested_checks"] = ji.checks;
      rec["config"] = p.cfg->source;
      rec["config_hash"] = p.cfg->hash;
      rec["wall_s"] = secs;
      append_line_durably(results, rec.dump());
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.3f s", secs);
      std::cerr << "[" << i + 1 << "/" << inst.size() << "] " << ji.inst.label() << ": "
                << (rec["status"] == "ok" ? "done" : "ERROR: " + rec["error"].get<std::string>())
                << " (" << buf << ")\n";
    }
  }
  return errors ? exit_instance_error : exit_ok;
}

}  // namespace tv::host
