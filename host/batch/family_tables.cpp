// `[[family]]` tables and rule files (see family_tables.hpp): each table's keys checked,
// its rule parsed and lowered, the family defined; errors at the file, line and column of
// the key they are about, and the column within an expression's text.
#include "host/batch/family_tables.hpp"

#include <cctype>
#include <map>
#include <set>

#include "host/batch/batch_toml.hpp"
#include "host/batch/input_file.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {

using namespace batch_toml;

namespace {

const std::set<std::string> family_keys = {"name", "description", "parameters", "bits", "member", "neighbors"};

bool valid_name(const std::string& s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  return true;
}

/// `parameters = { n = "1..40", k = "2..4" }`: each an integer range.
std::vector<families::rule_text::parameter> parse_parameters(const std::string& source, const toml::node& node) {
  if (!node.is_table() || node.as_table()->empty())
    fail(source, node, "'parameters' must be a table of integer ranges, e.g. parameters = { n = \"1..40\" }");
  std::vector<families::rule_text::parameter> out;
  for (const auto& [k, v] : *node.as_table()) {
    const std::string key(k.str());
    const std::string range = v.is_string() ? v.as_string()->get() : "";
    const size_t dots = range.find("..");
    long long lo = 0, hi = 0;
    bool ok = dots != std::string::npos && dots > 0 && dots + 2 < range.size();
    if (ok) {
      try {
        size_t used_lo = 0, used_hi = 0;
        lo = std::stoll(range.substr(0, dots), &used_lo);
        hi = std::stoll(range.substr(dots + 2), &used_hi);
        ok = used_lo == dots && used_hi == range.size() - dots - 2;
      } catch (const std::exception&) {
        ok = false;
      }
    }
    if (!ok) fail(source, v, "parameter '" + key + "' takes a range of integers like \"1..40\"");
    if (hi < lo) fail(source, v, "parameter '" + key + "' range \"" + echo_value(range) + "\" is empty");
    out.push_back({key, lo, hi});
  }
  return out;
}

/// An expression: a string (or, for bits, an integer).
std::string expression_text(const std::string& source, const toml::node& node, const std::string& key) {
  if (key == "bits" && node.is_integer()) return std::to_string(node.as_integer()->get());
  if (!node.is_string())
    fail(source, node, "'" + key + "' must be an expression in a string, e.g. " +
                           (key == "member" ? "\"x & (x >> 1) == 0\"" : key == "bits" ? "\"n\"" : "\"x ^ (1 << i)\""));
  const std::string s = node.as_string()->get();
  if (s.find_first_not_of(" \t") == std::string::npos) fail(source, node, "'" + key + "' is empty");
  return s;
}

void define_one(const std::string& source, const toml::node& at, std::vector<std::string>& names) {
  if (!at.is_table())
    fail(source, at, "'family' must be an array of tables ([[family]]), each defining one family");
  const toml::table& t = *at.as_table();
  refuse_unknown_keys(source, t, family_keys, "a [[family]] table");
  families::rule_text text;
  const toml::node* name = t.get("name");
  if (!name) fail(source, at, "a [[family]] table has no 'name'");
  text.name = get_string(source, *name, "name");
  if (!valid_name(text.name))
    fail(source, *name, "family name '" + echo_value(text.name) +
                            "' must start with a letter and hold only letters, digits, '_' and '-'");
  const std::string head = "family '" + text.name + "': ";
  const toml::node* params = t.get("parameters");
  if (!params) fail(source, at, head + "no 'parameters' (e.g. parameters = { n = \"1..40\" })");
  text.parameters = parse_parameters(source, *params);
  bool has_n = false;
  for (const auto& p : text.parameters) has_n = has_n || p.name == "n";
  if (const toml::node* b = t.get("bits")) text.bits = expression_text(source, *b, "bits");
  else if (!has_n) fail(source, at, head + "no 'bits' (the label width), and no parameter n to take it from");
  if (const toml::node* m = t.get("member")) text.member = expression_text(source, *m, "member");
  const toml::node* nb = t.get("neighbors");
  if (!nb) fail(source, at, head + "no 'neighbors' (e.g. neighbors = [\"x ^ (1 << i)\"])");
  std::vector<const toml::node*> neighbor_nodes;
  if (nb->is_array()) {
    if (nb->as_array()->empty()) fail(source, *nb, "'neighbors' is an empty list");
    for (const auto& v : *nb->as_array()) neighbor_nodes.push_back(&v);
  } else {
    neighbor_nodes.push_back(nb);
  }
  for (const toml::node* v : neighbor_nodes) text.neighbors.push_back(expression_text(source, *v, "neighbors"));

  std::shared_ptr<const families::rule_definition> rule;
  try {
    rule = std::make_shared<const families::rule_definition>(text);
  } catch (const families::rule_error& e) {
    // Point at the key the error is about; the message names the column in its text.
    const std::string& part = e.part();
    const toml::node* node = &at;
    if (part == "bits" && t.get("bits")) node = t.get("bits");
    else if (part == "member") node = t.get("member");
    else if (part == "parameters") node = params;
    else if (part.rfind("neighbors", 0) == 0) {
      node = nb;
      const size_t open = part.find('[');
      if (open != std::string::npos) {
        const size_t k = std::stoul(part.substr(open + 1));
        if (k < neighbor_nodes.size()) node = neighbor_nodes[k];
      }
    }
    fail(source, *node, head + e.what());
  }
  defined_family d;
  d.spec.name = text.name;
  d.spec.description = "rule family";
  if (const toml::node* desc = t.get("description")) d.spec.description = get_string(source, *desc, "description");
  for (const auto& p : text.parameters)
    d.spec.params.push_back({p.name, param_spec::kind::integer, p.lo, p.hi, "", "rule parameter"});
  d.rule = std::move(rule);
  d.source = where(source, at.source());
  define_family(std::move(d));
  names.push_back(text.name);
}

}  // namespace

std::vector<std::string> define_family_tables(const std::string& source, const toml::node& families) {
  std::vector<std::string> names;
  if (!families.is_array_of_tables())
    fail(source, families, "'family' must be an array of tables ([[family]]), each defining one family");
  for (const auto& t : *families.as_array()) define_one(source, t, names);
  return names;
}

bool is_rule_file(const std::string& family) {
  return family.size() > 5 && family.compare(family.size() - 5, 5, ".toml") == 0;
}

const family_spec& resolve_family(const std::string& family_or_file) {
  if (!is_rule_file(family_or_file)) return find_family(family_or_file);
  static std::map<std::string, std::string> loaded;  // path -> the family it defines
  if (const auto it = loaded.find(family_or_file); it != loaded.end()) return find_family(it->second);
  const std::string& path = family_or_file;
  const std::string text = read_input_file(path, "rule file");
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw input_error(where(path, e.source()) + ": malformed TOML: " + std::string(e.description()));
  }
  for (const auto& [k, v] : root)
    if (k.str() != "family")
      fail_key(path, k, "unknown key '" + std::string(k.str()) + "' in a rule file (it holds [[family]] tables)");
  const toml::node* families = root.get("family");
  if (!families) throw input_error(path + ": no [[family]] table: a rule file defines one family");
  const std::vector<std::string> names = define_family_tables(path, *families);
  if (names.size() != 1) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    throw input_error(path + " defines " + std::to_string(names.size()) + " families (" + list +
                      "): a rule file named in place of a family defines one");
  }
  loaded[path] = names.front();
  return find_family(names.front());
}

}  // namespace tv::host
