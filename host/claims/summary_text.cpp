// The verdict summary as terminal text (see summary.hpp): the answer first, per claim, in
// lines that fit the terminal (100 columns when stdout is not one).
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <sstream>

#include "host/claims/summary.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::claims {

namespace {

using ojson = nlohmann::ordered_json;

/// Words of `text` filled into lines of at most `width` columns, the first line starting
/// after `first` columns already used, the others indented by `indent` spaces.  A word
/// longer than a line gets a line of its own.
std::string wrap(const std::string& text, size_t first, size_t indent, size_t width) {
  std::istringstream words(text);
  std::string word, out;
  size_t col = first;
  bool line_empty = true;
  while (words >> word) {
    if (!line_empty && col + 1 + word.size() > width) {
      out += "\n" + std::string(indent, ' ');
      col = indent;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++col;
    }
    out += word;
    col += word.size();
    line_empty = false;
  }
  return out;
}

std::string count(uint64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string instance_counts(const ojson& c) {
  const auto& i = c["instances"];
  std::string s;
  auto add = [&s](uint64_t n, const std::string& what) {
    if (n) s += (s.empty() ? "" : ", ") + what;
  };
  const uint64_t h = i.value("holds", 0), f = i.value("fails", 0), u = i.value("not_checked", 0),
                 o = i.value("outside_domain", 0);
  add(h, count(h, "holds", "hold"));
  add(f, count(f, "fails", "fail"));
  add(u, std::to_string(u) + " not checked");
  add(o, std::to_string(o) + " outside its domain");
  return s.empty() ? "no instance" : s;
}

}  // namespace

std::string instance_totals(const ojson& summary) {
  const auto& i = summary["instances"];
  std::string parts;
  for (auto it = i.begin(); it != i.end(); ++it) {
    if (it.key() == "total" || it.key() == "planned" || it->get<uint64_t>() == 0) continue;
    parts += (parts.empty() ? "" : ", ") + std::to_string(it->get<uint64_t>()) + " " + it.key();
  }
  const uint64_t total = i.value("total", 0), planned = i.value("planned", total);
  // A run that stopped early says how far it got.
  const std::string of = planned != total ? std::to_string(total) + " of " : "";
  return of + count(planned != total ? planned : total, "instance", "instances") +
         (parts.empty() ? "" : " (" + parts + ")");
}

std::string summary_totals(const ojson& summary) {
  const auto& c = summary["claims"];
  const uint64_t total = c.value("total", 0), fails = c.value("fails", 0),
                 holds = c.value("holds", 0), unchecked = c.value("not_checked", 0);
  if (total == 0) return "no claim ran, over " + instance_totals(summary);
  if (fails == 0 && unchecked == 0)
    return count(total, "claim holds", "claims hold") + ", over " + instance_totals(summary);
  std::string s = std::to_string(fails) + " of " + count(total, "claim", "claims") +
                  (fails == 1 ? " fails" : " fail") + ", " + std::to_string(holds) +
                  (holds == 1 ? " holds" : " hold");
  if (unchecked) s += ", " + std::to_string(unchecked) + " not checked";
  return s + ", over " + instance_totals(summary);
}

std::string render_summary(const ojson& summary, int width_in, bool colour) {
  const size_t width = static_cast<size_t>(width_in < 40 ? 40 : width_in);
  std::string out;
  for (const auto& paper : summary["papers"]) {
    const std::string key = paper.value("key", std::string());
    const bool own = key == own_claims_key;
    out += wrap(paper.value("reference", std::string()) + (key.empty() || own ? "" : " (papers/" + key + ")"),
                0, 0, width) +
           "\n";
    for (const auto& c : paper["claims"]) {
      const std::string id = c.value("id", std::string());
      const claim_verdict v = verdict_of(c);
      // The verdict first, in a column of its own, so a failure is the first thing seen.
      std::string shown = v == claim_verdict::fails ? "FAILS" : std::string(to_string(v));
      shown += std::string(11 - std::min<size_t>(11, shown.size()), ' ');
      if (v == claim_verdict::fails && colour) shown = "\033[1;31m" + shown.substr(0, 5) + "\033[0m" + shown.substr(5);
      const std::string source = c.value("source", std::string());
      const std::string place = own ? "" : source.substr(std::min(source.size(), source.find(' ') + 1));
      out += "\n  " + shown + "  " +
             wrap(id + (place.empty() ? "" : " (" + place + ")") + ": " + instance_counts(c), 15, 15, width) +
             "\n";
      const std::string pad(15, ' ');
      if (!c.value("statement", std::string()).empty())
        out += pad + wrap(c.value("statement", std::string()), pad.size(), pad.size(), width) + "\n";
      // A claim written as an expression: its condition under its words, and its domain.
      for (const char* key : {"holds", "when"})
        if (own && c.contains(key) && c[key].is_string() && c[key].get<std::string>() != c.value("statement", std::string()))
          out += pad + key + ": " + wrap(c[key].get<std::string>(), pad.size() + std::string(key).size() + 2,
                                         pad.size() + 4, width) + "\n";
      // A claim read two ways (X and X.alt) prints the same statement twice: the reading
      // used is what tells the two verdicts apart.
      if (!c.value("reading", std::string()).empty())
        out += pad + wrap("reading: " + c.value("reading", std::string()), pad.size(), pad.size() + 2, width) + "\n";
      const std::string ran = c.value("domain_run", std::string());
      if (!ran.empty()) out += pad + "ran on: " + wrap(ran, pad.size() + 8, pad.size() + 8, width) + "\n";
      if (v == claim_verdict::fails) {
        const std::string at = c.value("fails_at", std::string());
        out += pad + "fails at: " +
               wrap(at == ran ? "every instance it ran on" : at, pad.size() + 10, pad.size() + 10, width) +
               "\n";
        const auto& f = c["smallest_failure"];
        if (f.is_object())
          out += pad + wrap("smallest counterexample: " + f.value("sentence", std::string()),
                            pad.size(), pad.size() + 2, width) +
                 "\n";
      }
      // Instances not checked are explained whatever the verdict ("1 holds, 8 not checked"
      // says why the 8 were not), as --json and the report do.
      const uint64_t unchecked = c.contains("instances") ? c["instances"].value("not_checked", uint64_t{0}) : 0;
      if ((unchecked > 0 || v == claim_verdict::not_checked) && c["first_reason"].is_string()) {
        out += pad + wrap("not checked: " + c["first_reason"].get<std::string>(), pad.size(),
                          pad.size() + 2, width) +
               "\n";
      }
    }
    out += "\n";
  }
  return out + wrap(summary_totals(summary), 0, 2, width) + "\n";
}

int summary_width() {
  if (!::isatty(STDOUT_FILENO)) return 100;
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0) return 100;
  return ws.ws_col < 60 ? 60 : ws.ws_col > 160 ? 160 : ws.ws_col;
}

bool summary_colour() {
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && term && std::strcmp(term, "dumb") != 0;
}

}  // namespace tv::host::claims
