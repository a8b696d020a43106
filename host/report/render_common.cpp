// What Markdown, HTML and CSV share: CSV itself, base64 for embedded plots, and the few
// sentences both documents print the same way.
#include "host/report/render.hpp"

namespace tv::host::report {

std::string base64(const std::string& in) {
  static const char* abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) |
                       (static_cast<unsigned char>(in[i + 1]) << 8) | static_cast<unsigned char>(in[i + 2]);
    out += abc[(v >> 18) & 63];
    out += abc[(v >> 12) & 63];
    out += abc[(v >> 6) & 63];
    out += abc[v & 63];
  }
  if (i + 1 == in.size()) {
    const unsigned v = static_cast<unsigned char>(in[i]) << 16;
    out += abc[(v >> 18) & 63];
    out += abc[(v >> 12) & 63];
    out += "==";
  } else if (i + 2 == in.size()) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) | (static_cast<unsigned char>(in[i + 1]) << 8);
    out += abc[(v >> 18) & 63];
    out += abc[(v >> 12) & 63];
    out += abc[(v >> 6) & 63];
    out += '=';
  }
  return out;
}

std::string to_csv(const table& t) {
  auto field = [](const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + field(cells[i]);
    out += "\r\n";
  };
  line(t.header);
  for (const auto& r : t.csv_rows) line(r);
  return out;
}

std::string source_within_paper(const std::string& source) {
  // "papers/000 Theorem 3" (the summary's) or "papers/000 (Authors: Title), Theorem 3".
  const auto close = source.find("), ");
  if (close != std::string::npos) return source.substr(close + 3);
  if (source.rfind("papers/", 0) == 0 && source.find(' ') != std::string::npos) return source.substr(source.find(' ') + 1);
  return source;
}

namespace {
std::string count(const nlohmann::ordered_json& obj, const char* key) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_number() ? it->dump() : "0";
}
bool nonzero(const nlohmann::ordered_json& obj, const char* key) { return count(obj, key) != "0"; }
}  // namespace

std::string claim_counts_text(const nlohmann::ordered_json& c) {
  const std::string total = count(c, "total");
  std::string s = total + (total == "1" ? " claim: " : " claims: ") + count(c, "holds") + " hold";
  s += ", " + count(c, "fails") + " fail";
  if (nonzero(c, "not_checked")) s += ", " + count(c, "not_checked") + " not checked";
  return s;
}

std::string instance_counts_text(const nlohmann::ordered_json& n) {
  std::string s = count(n, "holds") + " hold, " + count(n, "fails") + " fail";
  if (nonzero(n, "not_checked")) s += ", " + count(n, "not_checked") + " not checked";
  if (nonzero(n, "outside_domain")) s += ", " + count(n, "outside_domain") + " outside its domain";
  return s;
}

}  // namespace tv::host::report
