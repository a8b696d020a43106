// The papers' names of instances (see instance_name.hpp).
#include "host/records/instance_name.hpp"

#include <algorithm>

namespace tv::host {

namespace {
using json = nlohmann::json;

std::string text_of(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

/// "family key=value ..." : the records' own spelling, for what the papers do not name.
std::string plain_label(const std::string& family, const json& params) {
  std::string s = family;
  if (params.is_object())
    for (auto it = params.begin(); it != params.end(); ++it) s += " " + it.key() + "=" + text_of(*it);
  return s;
}

bool has_int(const json& p, const char* key) { return p.contains(key) && p[key].is_number_integer(); }
std::string num(const json& p, const char* key) { return std::to_string(p[key].get<long long>()); }
bool has_text(const json& p, const char* key) { return p.contains(key) && p[key].is_string(); }

/// "0, 10" -> "0,10": the seed list as a set without the spaces users may type.
std::string compact_list(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }), s.end());
  return s;
}
}  // namespace

std::string instance_name(const std::string& family, const json& p) {
  if (!p.is_object()) return family;
  if (family == "hypercube" && has_int(p, "n")) return "Q(" + num(p, "n") + ")";
  if (family == "postal" && has_int(p, "lambda") && has_int(p, "n"))
    return "PN_" + num(p, "lambda") + "(" + num(p, "n") + ")";
  if (family == "efc" && has_int(p, "n")) return "EFC_" + num(p, "n");
  if ((family == "metacube" && has_int(p, "k") && has_int(p, "m")) ||
      (family == "dualcube" && has_int(p, "m"))) {
    const std::string k = family == "dualcube" ? "1" : num(p, "k");
    std::string s = "MC(" + k + "," + num(p, "m") + ")";
    // The class presentation (Section 3) is the default; name the other one.
    if (has_text(p, "presentation") && p["presentation"] != "class")
      s += " in the " + p["presentation"].get<std::string>() + " presentation";
    return s;
  }
  if (family == "debruijn" && has_int(p, "k")) {
    const bool directed = !p.contains("directed") || !p["directed"].is_boolean() || p["directed"].get<bool>();
    const std::string prefix = directed ? "" : "undirected ";
    if (has_int(p, "d") && p["d"].get<long long>() != 2) return prefix + "B(" + num(p, "d") + "," + num(p, "k") + ")";
    return prefix + "DDB(" + num(p, "k") + ")";
  }
  if (family == "lrn" && has_int(p, "n")) {
    if (has_text(p, "seeds"))
      return "L_" + num(p, "n") + "({" + compact_list(p["seeds"].get<std::string>()) + "})";
    if (has_text(p, "generator"))
      return "L_" + num(p, "n") + "(generator " + p["generator"].get<std::string>() + ")";
  }
  if (family == "foldedcube" && has_int(p, "n")) return "FQ(" + num(p, "n") + ")";
  if (family == "torus" && has_int(p, "k") && has_int(p, "n"))
    return "C_" + num(p, "k") + "^" + num(p, "n");
  if (family == "kautz" && has_int(p, "d") && has_int(p, "k"))
    return "K(" + num(p, "d") + "," + num(p, "k") + ")";
  if (family == "star" && has_int(p, "n")) return "S_" + num(p, "n");
  if (family == "gfc" && has_int(p, "n") && has_text(p, "f"))
    return "Q_" + num(p, "n") + "(" + p["f"].get<std::string>() + ")";
  // The architects' families (host/topology_families.cpp), as their papers write them.
  if (family == "fattree" && has_int(p, "k") && has_int(p, "n")) return num(p, "k") + "-ary " + num(p, "n") + "-tree";
  if (family == "butterfly" && has_int(p, "k") && has_int(p, "n")) return num(p, "k") + "-ary " + num(p, "n") + "-fly";
  if (family == "flattenedbutterfly" && has_int(p, "k") && has_int(p, "n"))
    return num(p, "k") + "-ary " + num(p, "n") + "-flat";
  if (family == "dragonfly" && has_int(p, "a") && has_int(p, "p") && has_int(p, "h"))
    return "DF(a=" + num(p, "a") + ",p=" + num(p, "p") + ",h=" + num(p, "h") + ")";
  if (family == "hyperx" && has_text(p, "S")) return "HyperX(" + compact_list(p["S"].get<std::string>()) + ")";
  if (family == "slimfly" && has_int(p, "q")) return "SF(" + num(p, "q") + ")";
  if (family == "polarfly" && has_int(p, "q")) return "ER_" + num(p, "q");
  if (family == "jellyfish" && has_int(p, "N") && has_int(p, "k") && has_int(p, "r"))
    return "RRG(" + num(p, "N") + "," + num(p, "k") + "," + num(p, "r") + ")" +
           (has_int(p, "seed") && p["seed"] != 1 ? " seed " + num(p, "seed") : "");
  return plain_label(family, p);
}

std::string instance_name(const json& record) {
  return instance_name(record.value("family", std::string("?")),
                       record.contains("params") ? record["params"] : json::object());
}

}  // namespace tv::host
