// The architects' families by name (topology_families.hpp).
#include "host/topology_families.hpp"

#include <charconv>
#include <stdexcept>

#include "host/messages.hpp"
#include "kernels/graph/topologies/constructions.hpp"

namespace tv::host {

namespace {

using kind = param_spec::kind;
constexpr long long most_endpoints = 1 << 20;

param_spec integer(std::string name, long long lo, long long hi, std::string help, std::string def = "") {
  return {std::move(name), kind::integer, lo, hi, std::move(def), std::move(help)};
}
param_spec concentration(std::string help) {
  return integer("concentration", 0, most_endpoints, "endpoints per router; " + std::move(help));
}

/// "8,8,4" -> {8, 8, 4}; invalid_argument naming the bad entry.
std::vector<uint64_t> size_list(const std::string& text) {
  std::vector<uint64_t> out;
  for (const std::string& item : seed_list(text)) {
    uint64_t v = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() || v > (1u << 20))
      throw std::invalid_argument("hyperx: S = '" + echo_value(text) + "': '" + echo_value(item) +
                                  "' is not a dimension size (an integer from 2 to 2^20)");
    out.push_back(v);
  }
  if (out.size() > 64) throw std::invalid_argument("hyperx: S names more than 64 dimensions");
  return out;
}

/// The concentration the user gave, or the family's published default.
uint32_t given_or(const std::map<std::string, long long>& ints, const std::string& key, uint64_t def) {
  const auto it = ints.find(key);
  return static_cast<uint32_t>(it != ints.end() ? static_cast<uint64_t>(it->second) : def);
}

}  // namespace

std::vector<family_spec> topology_family_specs() {
  return {
      {"fattree", "k-ary n-tree (Petrini & Vanneschi): n levels of k^(n-1) switches of radix 2k, "
                  "k^n endpoints at the leaves",
       {integer("k", 2, 1 << 16, "switch arity (k ports down, k up)"), integer("n", 1, 64, "levels"),
        concentration("at each leaf switch only (default k)")}},
      {"dragonfly", "dragonfly (Kim, Dally, Scott & Abts): g = a h + 1 groups of a routers, all-to-all "
                    "within a group, one global link per pair of groups (palm-tree arrangement)",
       {integer("a", 1, 1 << 16, "routers per group"),
        integer("p", 0, most_endpoints, "terminals per router, the concentration (default h, the "
                                        "balanced a = 2p = 2h)"),
        integer("h", 1, 1 << 16, "global channels per router")}},
      {"hyperx", "HyperX (Ahn et al.): the Hamming graph over S_1 x ... x S_L, K = 1",
       {{"S", kind::text, 0, 0, "", "dimension sizes S_1,...,S_L, e.g. \"8,8,8\""},
        integer("T", 0, most_endpoints, "terminals per router, the concentration (default "
                                        "floor(min S_i / 2): relative bisection K S / (2T) >= 1)")}},
      {"butterfly", "k-ary n-fly (Dally & Towles): n stages of k^(n-1) switches of k inputs and k "
                    "outputs, unwrapped, channels as links; k^n terminals at the first stage",
       {integer("k", 2, 1 << 16, "switch arity (k inputs, k outputs)"), integer("n", 1, 64, "stages"),
        concentration("at each stage-0 switch only (default k)")}},
      {"flattenedbutterfly", "k-ary n-flat (Kim, Dally & Abts): the k-ary n-fly's rows merged, "
                             "the HyperX over n-1 dimensions of k",
       {integer("k", 2, 1 << 16, "butterfly arity"), integer("n", 2, 64, "butterfly stages"),
        concentration("default k, as published")}},
      {"slimfly", "Slim Fly (Besta & Hoefler): the MMS graph of a prime power q = 4w + delta, "
                  "2 q^2 routers of network degree (3q - delta) / 2, diameter 2",
       {integer("q", 3, 1 << 16, "prime power, q mod 4 != 2"),
        concentration("default ceil(k'/2) for network degree k', as published")}},
      {"polarfly", "PolarFly (Lakhotia et al.): the polarity graph ER_q of a prime power q, "
                   "q^2 + q + 1 routers of network degree q + 1 (q at the q + 1 quadrics), diameter 2",
       {integer("q", 2, 1 << 16, "prime power"),
        concentration("default ceil((q+1)/2), half the network degree as for Slim Fly")}},
      {"jellyfish", "Jellyfish (Singla et al.): random regular graph RRG(N, k, r) of N switches "
                    "with k ports, r to other switches, k - r endpoints each; seeded",
       {integer("N", 2, int64_t{1} << 31, "switches"), integer("k", 1, 1 << 20, "ports per switch"),
        integer("r", 1, 1 << 20, "ports to other switches (network degree)"),
        integer("seed", 0, int64_t{1} << 62, "random seed (std::mt19937_64)", "1")}},
  };
}

bool is_topology_family(const std::string& family) {
  for (const auto& s : topology_family_specs())
    if (s.name == family) return true;
  return false;
}

bool topology_parameter_optional(const std::string& family, const std::string& parameter) {
  return is_topology_family(family) &&
         (parameter == "concentration" || (family == "dragonfly" && parameter == "p") ||
          (family == "hyperx" && parameter == "T"));
}

void build_topology(instance& inst, const std::map<std::string, long long>& ints,
                    const std::map<std::string, std::string>& texts) {
  namespace t = graph::topologies;
  const std::string& f = inst.family;
  auto at = [&](const char* key) { return static_cast<uint64_t>(ints.at(key)); };
  t::topology built;
  std::string concentration_key = "concentration";
  uint64_t concentration = 0;
  if (f == "fattree") {
    concentration = given_or(ints, "concentration", at("k"));
    built = t::fat_tree(at("k"), at("n"), static_cast<uint32_t>(concentration));
  } else if (f == "butterfly") {
    concentration = given_or(ints, "concentration", at("k"));
    built = t::butterfly(at("k"), at("n"), static_cast<uint32_t>(concentration));
  } else if (f == "dragonfly") {
    concentration_key = "p";
    concentration = given_or(ints, "p", at("h"));
    built = t::dragonfly(at("a"), concentration, at("h"));
  } else if (f == "hyperx") {
    concentration_key = "T";
    const std::vector<uint64_t> S = size_list(texts.at("S"));
    uint64_t smallest = UINT64_MAX;
    for (uint64_t s : S) smallest = std::min(smallest, s);
    concentration = given_or(ints, "T", std::max<uint64_t>(1, smallest / 2));
    built = t::hyperx(S, static_cast<uint32_t>(concentration));
  } else if (f == "flattenedbutterfly") {
    concentration = given_or(ints, "concentration", at("k"));
    built = t::flattened_butterfly(at("k"), at("n"), static_cast<uint32_t>(concentration));
  } else if (f == "slimfly") {
    const uint64_t q = at("q");
    const uint64_t degree = t::slim_fly_shape(q).links * 2 / (2 * q * q);
    concentration = given_or(ints, "concentration", (degree + 1) / 2);
    built = t::slim_fly(q, static_cast<uint32_t>(concentration));
  } else if (f == "polarfly") {
    concentration = given_or(ints, "concentration", (at("q") + 2) / 2);
    (void)t::polar_fly_shape(at("q"));
    built = t::polar_fly(at("q"), static_cast<uint32_t>(concentration));
  } else if (f == "jellyfish") {
    if (at("r") > at("k"))
      throw std::invalid_argument("jellyfish: r = " + std::to_string(at("r")) + " is more than k = " +
                                  std::to_string(at("k")) + " ports");
    built = t::jellyfish(at("N"), at("k"), at("r"), at("seed"));
    concentration = at("k") - at("r");
  } else {
    throw std::invalid_argument("family '" + f + "' is no architects' family");
  }
  // Records give every parameter, the defaults included, in the spec's order.
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (const auto& p : find_family(f).params) {
    if (p.name == concentration_key) params[p.name] = concentration;
    else if (inst.params.contains(p.name)) params[p.name] = inst.params[p.name];
  }
  inst.params = params;
  auto file = std::make_shared<graph::edge_list_file>();
  file->graph = std::move(built.graph);
  file->checksum = graph::graph_checksum(file->graph);
  inst.file = std::move(file);
  inst.topology = std::make_shared<const t::topology_facts>(std::move(built.facts));
}

}  // namespace tv::host
