// A catalog.toml bound to its claims' logic (see catalog_file.hpp).
#include "host/claims/catalog_file.hpp"

#include <map>
#include <set>
#include <stdexcept>

#include <toml++/toml.h>

namespace tv::host::claims {

namespace {

[[noreturn]] void defect(const std::string& name, const std::string& what) {
  throw std::logic_error("claims catalog " + name + ": " + what);
}

std::string text_of(const toml::table& t, const std::string& key, const std::string& name,
                    const std::string& where, bool required) {
  const toml::node* n = t.get(key);
  if (!n) {
    if (required) defect(name, where + " has no " + key);
    return "";
  }
  if (!n->is_string()) defect(name, where + "'s " + key + " is not a string");
  return n->value<std::string>().value();
}

std::vector<std::string> families_of(const toml::node& n, const std::string& name,
                                     const std::string& where) {
  const toml::array* a = n.as_array();
  if (!a || a->empty()) defect(name, where + "'s families is not a list of names");
  std::vector<std::string> out;
  for (const auto& f : *a) {
    if (!f.is_string()) defect(name, where + "'s families is not a list of names");
    out.push_back(f.value<std::string>().value());
  }
  return out;
}

}  // namespace

std::vector<claim_spec> bind_catalog(const char* toml_text, const std::string& name,
                                     std::initializer_list<const claim_logic*> logic) {
  toml::table root;
  try {
    root = toml::parse(toml_text, name);
  } catch (const toml::parse_error& e) {
    defect(name, std::string(e.description()) + " at line " +
                     std::to_string(e.source().begin.line));
  }
  std::map<std::string, const claim_logic*> by_id;
  for (const claim_logic* l : logic)
    if (!by_id.emplace(l->id, l).second) defect(name, "two logics for " + l->id);

  const std::string paper = text_of(root, "paper", name, "the file", true);
  const toml::node* default_families = root.get("families");
  if (!default_families) defect(name, "the file has no families");
  const toml::array* claims = root["claim"].as_array();
  if (!claims) defect(name, "no [[claim]] entries");

  static const std::set<std::string> known{"id",     "source",   "statement",  "domain",
                                           "reading", "families", "cannot_fail"};
  std::vector<claim_spec> out;
  std::set<std::string> bound;
  for (const auto& node : *claims) {
    const toml::table* t = node.as_table();
    if (!t) defect(name, "a claim entry is not a table");
    const std::string id = text_of(*t, "id", name, "a claim", true);
    for (const auto& [key, value] : *t)
      if (!known.count(std::string(key.str()))) defect(name, id + " has an unknown key " + std::string(key.str()));
    const auto it = by_id.find(id);
    if (it == by_id.end()) defect(name, id + " has no claim_logic in the code");
    if (!bound.insert(id).second) defect(name, id + " is listed twice");
    claim_spec spec;
    spec.id = id;
    spec.source = paper + ", " + text_of(*t, "source", name, id, true);
    spec.statement = text_of(*t, "statement", name, id, true);
    spec.domain = text_of(*t, "domain", name, id, true);
    spec.reading = text_of(*t, "reading", name, id, false);
    const toml::node* own = t->get("families");
    spec.families = families_of(own ? *own : *default_families, name, id);
    spec.check = it->second->check;
    spec.explain = it->second->explain;
    spec.cannot_fail = text_of(*t, "cannot_fail", name, id, false);
    out.push_back(std::move(spec));
  }
  for (const auto& [id, l] : by_id)
    if (!bound.count(id)) defect(name, "the logic " + id + " has no entry");
  return out;
}

}  // namespace tv::host::claims
