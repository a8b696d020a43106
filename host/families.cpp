// Family names and parameters as users type them, and their construction.
#include "host/families.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>

#include "host/errors.hpp"
#include "host/messages.hpp"
#include "host/topology_families.hpp"

namespace tv::host {

namespace {
using kind = param_spec::kind;

param_spec integer(std::string name, long long lo, long long hi, std::string help,
                   std::string def = "") {
  return {std::move(name), kind::integer, lo, hi, std::move(def), std::move(help)};
}
param_spec text(std::string name, std::string help, std::string def = "") {
  return {std::move(name), kind::text, 0, 0, std::move(def), std::move(help)};
}
param_spec boolean(std::string name, std::string help, std::string def) {
  return {std::move(name), kind::boolean, 0, 1, std::move(def), std::move(help)};
}

}  // namespace

std::vector<std::string> seed_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto a = item.find_first_not_of(" \t"), b = item.find_last_not_of(" \t");
    out.push_back(a == std::string::npos ? "" : item.substr(a, b - a + 1));
  }
  return out;
}

const std::vector<family_spec>& family_specs() {
  static const std::vector<family_spec> specs = [] {
  std::vector<family_spec> specs = {
      {"hypercube", "hypercube Q(n): all n-bit labels, Hamming-1 edges",
       {integer("n", 1, 63, "dimension")}},
      {"postal", "postal network PN_lambda(n): n-bit labels whose 1-bits are >= lambda apart "
                 "(lambda=1 hypercube, lambda=2 Fibonacci cube)",
       {integer("lambda", 1, 64, "series number"), integer("n", 1, 64, "dimension (label bits)")}},
      {"efc", "enhanced Fibonacci cube EFC_n: labels of n-2 bits",
       {integer("n", 3, 66, "order (labels have n-2 bits)")}},
      {"metacube", "Metacube MC(k,m): m*2^k+k address bits, degree k+m",
       {integer("k", 0, 5, "class-cube dimension"), integer("m", 1, 63, "cluster dimension"),
        text("presentation", "address presentation: class (Section 3) or cluster (Section 2)",
             "class")}},
      {"dualcube", "dual-cube = Metacube MC(1,m)",
       {integer("m", 1, 31, "cluster dimension"),
        text("presentation", "address presentation: class or cluster", "class")}},
      {"debruijn", "de Bruijn network: DDB(k) (2^k nodes, arcs S -> 2S, 2S+1 mod 2^k), or B(d,k) with d",
       {integer("k", 1, 63, "label bits (string length for d > 2)"),
        integer("d", 2, 1 << 20, "symbols; absent or 2: the binary DDB(k)"),
        boolean("directed", "directed (true) or its undirected version (false)", "true")}},
      {"lrn", "linear recursive network from a seed set or a generator string",
       {integer("n", 1, 64, "label bits"),
        text("seeds", "comma-separated prefix-free seed strings, e.g. \"0,10\""),
        text("generator", "generator string starting with 1, e.g. \"11\"")}},
      {"foldedcube", "folded hypercube FQ(n): Q(n) plus the complement edges x ~ ~x, degree n+1",
       {integer("n", 2, 63, "dimension")}},
      {"torus", "k-ary n-cube C_k^n: n digits mod k, +-1 in one digit; k=2 is Q(n)",
       {integer("k", 2, 1 << 20, "radix (nodes per ring)"), integer("n", 1, 63, "dimension (digits)")}},
      {"kautz", "Kautz digraph K(d,k): length-k strings over d+1 symbols, no two equal neighbors",
       {integer("d", 2, 1 << 20, "out-degree (d+1 symbols)"), integer("k", 1, 63, "string length")}},
      {"star", "star graph S_n: the permutations of n symbols, first symbol swapped with another",
       {integer("n", 2, 15, "symbols (n! nodes)")}},
      {"gfc", "generalized Fibonacci cube Q_n(f): n-bit strings avoiding the factor f",
       {integer("n", 1, 64, "label bits"), text("f", "forbidden factor, e.g. \"11\"")}},
      {"edgelist", "your own network from a file: an edge list (SNAP, KONECT, export) or a "
                   "Matrix Market coordinate file",
       {text("path", "the file"),
        boolean("directed", "pairs are arcs (true) or edges (false)", "false"),
        boolean("labels", "ids are bit-string labels (export --format labelled)", "false")}},
  };
  for (auto& s : topology_family_specs()) specs.push_back(std::move(s));
  return specs;
  }();
  return specs;
}

namespace {
std::vector<defined_family>& definitions() {
  static std::vector<defined_family> defined;
  return defined;
}
const defined_family* find_defined(const std::string& name) {
  for (const auto& d : definitions())
    if (d.spec.name == name) return &d;
  return nullptr;
}
}  // namespace

const std::vector<defined_family>& defined_families() { return definitions(); }

void define_family(defined_family f) {
  const std::string& name = f.spec.name;
  for (const auto& s : family_specs())
    if (s.name == name)
      throw input_error(f.source + ": family '" + name + "' is a built-in family: give the rule another name");
  if (const defined_family* d = find_defined(name)) {
    if (d->rule->digest() == f.rule->digest()) return;
    throw input_error(f.source + ": family '" + name + "' is defined differently at " + d->source +
                      ": give one of the rules another name");
  }
  definitions().push_back(std::move(f));
}

const family_spec& find_family(const std::string& name) {
  for (const auto& s : family_specs())
    if (s.name == name) return s;
  if (const defined_family* d = find_defined(name)) return d->spec;
  std::string known;
  for (const auto& s : family_specs()) known += (known.empty() ? "" : ", ") + s.name;
  for (const auto& d : definitions()) known += ", " + d.spec.name;
  throw input_error("unknown family '" + echo_value(name) + "' (known: " + known +
                    "; or a rule file FILE.toml: docs/own-networks.md)");
}

std::string instance::label() const {
  std::string s = family;
  for (auto it = params.begin(); it != params.end(); ++it) {
    s += " " + it.key() + "=";
    s += it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
  }
  return s;
}

uint64_t instance::nodes() const { return file ? file->graph.nodes : families::size_of(net); }
bool instance::directed() const { return file ? file->graph.directed : families::is_directed(net); }
int instance::bits() const { return file ? file->label_bits : families::bits_of(net); }
bool instance::hamming_edges() const {
  return file ? file->hamming_edges : families::has_hamming_edges(net);
}
int instance::max_degree() const {
  if (!file) return families::max_degree_of(net);
  uint32_t d = 0;
  for (uint64_t v = 0; v < file->graph.nodes; ++v) d = std::max(d, file->graph.degree(v));
  return static_cast<int>(d);
}

instance make_instance(const std::string& family, const std::map<std::string, std::string>& kv) {
  const family_spec& spec = find_family(family);
  for (const auto& [key, value] : kv) {
    bool known = false;
    for (const auto& p : spec.params) known = known || p.name == key;
    if (!known) {
      std::string names;
      for (const auto& p : spec.params) names += (names.empty() ? "" : ", ") + p.name;
      throw input_error("family '" + family + "' has no parameter '" + echo_value(key) +
                        "' (its parameters: " + names + ")");
    }
  }
  instance inst;
  inst.family = family;
  inst.params = nlohmann::ordered_json::object();
  std::map<std::string, long long> ints;
  std::map<std::string, std::string> texts;
  std::map<std::string, bool> bools;
  const bool lrn = family == "lrn";
  // Optional without a default, so that records of the binary de Bruijn network keep
  // their parameters as they were.
  const bool debruijn_arity = family == "debruijn";
  for (const auto& p : spec.params) {
    auto it = kv.find(p.name);
    std::string value;
    if (it != kv.end()) {
      value = it->second;
    } else if (!p.default_value.empty()) {
      value = p.default_value;
    } else if (lrn && (p.name == "seeds" || p.name == "generator")) {
      continue;  // exactly one of the two, checked below
    } else if (debruijn_arity && p.name == "d") {
      continue;
    } else if (topology_parameter_optional(family, p.name)) {
      continue;  // the family's published default, from the other parameters

    } else {
      throw input_error(family + ": missing parameter '" + p.name + "' (" + p.help + ")");
    }
    switch (p.type) {
      case kind::integer: {
        long long v = 0;
        const char* b = value.data();
        const char* e = b + value.size();
        auto [ptr, ec] = std::from_chars(b, e, v);
        if (ec != std::errc() || ptr != e || value.empty())
          throw input_error(family + ": parameter '" + p.name + "' = '" + echo_value(value) +
                            "' is not an integer");
        if (v < p.lo || v > p.hi)
          throw input_error(family + ": parameter '" + p.name + "' = " + echo_value(value) +
                            " is out of range " + std::to_string(p.lo) + ".." +
                            std::to_string(p.hi));
        ints[p.name] = v;
        inst.params[p.name] = v;
        break;
      }
      case kind::boolean: {
        bool v;
        if (value == "true" || value == "1") v = true;
        else if (value == "false" || value == "0") v = false;
        else
          throw input_error(family + ": parameter '" + p.name + "' = '" + echo_value(value) +
                            "' is not a boolean (true or false)");
        bools[p.name] = v;
        inst.params[p.name] = v;
        break;
      }
      case kind::text:
        texts[p.name] = value;
        inst.params[p.name] = value;
        break;
    }
  }
  try {
    if (const defined_family* d = find_defined(family)) {
      std::vector<int64_t> values;
      for (const auto& p : spec.params) values.push_back(ints[p.name]);
      families::rule_instance r;
      try {
        r = d->rule->instantiate(values);
      } catch (const families::rule_error& e) {  // where the rule was written, then why
        throw input_error(d->source + ": " + e.what());
      }
      inst.net = r.net;
      inst.rule_storage = std::move(r.storage);
      inst.rule_digest = d->rule->digest();
    } else if (family == "hypercube") {
      inst.net = families::hypercube::make(static_cast<int>(ints["n"]));
    } else if (family == "postal") {
      inst.net = families::postal_network::make(static_cast<int>(ints["lambda"]),
                                                static_cast<int>(ints["n"]));
    } else if (family == "efc") {
      inst.net = families::enhanced_fibonacci_cube::make(static_cast<int>(ints["n"]));
    } else if (family == "metacube" || family == "dualcube") {
      const std::string& pres = texts["presentation"];
      if (pres != "class" && pres != "cluster")
        throw input_error(family + ": presentation = '" + echo_value(pres) +
                          "' is not one of: class, cluster");
      const int k = family == "dualcube" ? 1 : static_cast<int>(ints["k"]);
      inst.net = families::metacube::make(k, static_cast<int>(ints["m"]), pres == "cluster");
    } else if (family == "debruijn") {
      const int k = static_cast<int>(ints["k"]);
      if (ints.count("d") && ints["d"] != 2)
        inst.net = families::dary_de_bruijn::make(static_cast<int>(ints["d"]), k, bools["directed"]);
      else
        inst.net = families::de_bruijn::make(k, bools["directed"]);
    } else if (family == "lrn") {
      const bool has_seeds = texts.count("seeds"), has_gen = texts.count("generator");
      if (has_seeds == has_gen)
        throw input_error("lrn: give exactly one of 'seeds' (e.g. seeds=\"0,10\") or "
                          "'generator' (e.g. generator=\"11\")");
      const int n = static_cast<int>(ints["n"]);
      inst.net = has_seeds ? families::linear_recursive::from_seeds(n, seed_list(texts["seeds"]))
                           : families::linear_recursive::from_generator(n, texts["generator"]);
    } else if (family == "foldedcube") {
      inst.net = families::folded_hypercube::make(static_cast<int>(ints["n"]));
    } else if (family == "torus") {
      inst.net = families::torus::make(static_cast<int>(ints["k"]), static_cast<int>(ints["n"]));
    } else if (family == "kautz") {
      inst.net = families::kautz::make(static_cast<int>(ints["d"]), static_cast<int>(ints["k"]));
    } else if (family == "star") {
      inst.net = families::star_graph::make(static_cast<int>(ints["n"]));
    } else if (family == "gfc") {
      inst.net = families::linear_recursive::avoiding(static_cast<int>(ints["n"]), texts["f"]);
    } else if (family == "edgelist") {
      // Read when the instance is made, so that a malformed file stops the batch at its
      // parse, before any work: "PATH:LINE: reason" (an edge_list_error, an invalid_argument).
      inst.file = std::make_shared<const graph::edge_list_file>(graph::read_edge_list(
          {texts["path"], bools["directed"], bools["labels"]}));
    } else if (is_topology_family(family)) {
      build_topology(inst, ints, texts);
    } else {
      throw input_error("family '" + family + "' has no constructor");
    }
  } catch (const std::invalid_argument& e) {
    throw input_error(e.what());
  } catch (const core::too_large& e) {
    throw input_error(family + ": too large for this machine: " + e.what());
  }
  return inst;
}

}  // namespace tv::host
