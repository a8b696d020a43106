// The multicast heuristics' public entry point (validation, the scheme's tree or cycle,
// then the backend asked for: core::dispatch) and the Hamiltonian cycle of EFC_n.
#include "kernels/sim/multicast.hpp"

#include <stdexcept>
#include <unordered_map>

#include "kernels/core/bitwords.hpp"
#include "kernels/core/dispatch.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::sim {

namespace {

/// Definition 1's listing orders of V_3..V_6 (Gray sequences).
std::vector<uint64_t> listed_base(int order) {
  switch (order) {
    case 3: return {0b1, 0b0};
    case 4: return {0b01, 0b00, 0b10};
    case 5: return {0b001, 0b101, 0b100, 0b000, 0b010};
    case 6: return {0b0001, 0b0101, 0b0100, 0b0000, 0b0010, 0b1010, 0b1000, 0b1001};
  }
  return {};
}

bool adjacent(uint64_t a, uint64_t b) { return core::popcount64(a ^ b) == 1; }

std::vector<uint64_t> cycle_of(int order);

std::vector<uint64_t> path_of(int order) {
  if (order <= 6) return listed_base(order);
  return cycle_of(order);  // a cycle read from its first node is a path
}

/// Two parallel copies of a path joined at both ends: pre_a||P then pre_b||reverse(P).
std::vector<uint64_t> prism(const std::vector<uint64_t>& p, uint64_t pre_a, uint64_t pre_b, int width) {
  std::vector<uint64_t> c;
  for (uint64_t x : p) c.push_back((pre_a << width) | x);
  for (size_t i = p.size(); i-- > 0;) c.push_back((pre_b << width) | p[i]);
  return c;
}

std::vector<uint64_t> cycle_of(int order) {
  if (order == 6) return listed_base(6);
  const int w = order - 2;  // label bits
  std::vector<uint64_t> big = prism(path_of(order - 2), 0b00, 0b10, w - 2);
  const std::vector<uint64_t> small = prism(path_of(order - 4), 0b0100, 0b0101, w - 4);
  // Join across a square: consecutive p, q on `small` and consecutive p', q' on `big`
  // with p ~ p' and q ~ q'; then big = ... p', p, (small backwards from p to q), q, q' ...
  std::unordered_map<uint64_t, size_t> at;
  for (size_t i = 0; i < big.size(); ++i) at[big[i]] = i;
  const size_t S = small.size(), B = big.size();
  for (size_t i = 0; i < S; ++i) {
    const uint64_t p = small[i], q = small[(i + 1) % S];
    for (int bit = 0; bit < w; ++bit) {
      const auto it = at.find(p ^ (uint64_t{1} << bit));
      if (it == at.end()) continue;
      const size_t j = it->second;
      for (int dir : {1, -1}) {
        const size_t k = (j + B + dir) % B;
        if (!adjacent(big[k], q)) continue;
        // Walk small from p backwards (away from q) around to q.
        std::vector<uint64_t> loop;
        for (size_t s = 0; s < S; ++s) loop.push_back(small[(i + S - s) % S]);
        // loop = p, ..., q.  Insert between big[j] (p') and big[k] (q').
        std::vector<uint64_t> out;
        if (dir == 1) {
          out.assign(big.begin(), big.begin() + j + 1);
          out.insert(out.end(), loop.begin(), loop.end());
          out.insert(out.end(), big.begin() + j + 1, big.end());
        } else {
          // q' = big[j-1] comes first: ... q', q, (loop reversed), p, p' ...
          out.assign(big.begin(), big.begin() + j);
          if (j == 0) {
            out.clear();
            out.assign(big.begin(), big.end());
            out.insert(out.end(), loop.rbegin(), loop.rend());  // big[B-1] = q', then back to p' = big[0]
          } else {
            out.insert(out.end(), loop.rbegin(), loop.rend());
            out.insert(out.end(), big.begin() + j, big.end());
          }
        }
        return out;
      }
    }
  }
  throw std::runtime_error("efc Hamiltonian cycle: no square joins the two cycles of EFC_" +
                           std::to_string(order));
}

}  // namespace

std::vector<uint64_t> efc_hamiltonian_cycle(const families::enhanced_fibonacci_cube& f) {
  if (f.order < 6) throw std::invalid_argument("efc Hamiltonian cycle: EFC_n needs n >= 6");
  if (f.size() > (uint64_t{1} << 26))
    throw std::invalid_argument("efc Hamiltonian cycle: built on the host, N <= 2^26");
  std::vector<uint64_t> c = cycle_of(f.order);
  // Check: every node once, consecutive labels (cyclically) adjacent.
  if (c.size() != f.size()) throw std::runtime_error("efc Hamiltonian cycle: wrong length");
  std::vector<bool> seen(f.size(), false);
  for (size_t i = 0; i < c.size(); ++i) {
    if (!f.contains(c[i])) throw std::runtime_error("efc Hamiltonian cycle: not a node");
    const uint64_t r = f.rank(c[i]);
    if (seen[r]) throw std::runtime_error("efc Hamiltonian cycle: a node repeats");
    seen[r] = true;
    if (!adjacent(c[i], c[(i + 1) % c.size()]))
      throw std::runtime_error("efc Hamiltonian cycle: consecutive nodes not adjacent");
  }
  return c;
}

std::string multicast_unsupported(const families::enhanced_fibonacci_cube& f,
                                  const multicast_options& opt) {
  if (opt.destinations < 1 || opt.destinations > 64)
    return "multicast: destinations must lie in 1..64";
  if (opt.destinations >= f.size())
    return "multicast: EFC_" + std::to_string(f.order) + " has only " + std::to_string(f.size()) +
           " nodes";
  if (opt.scheme == multicast_scheme::hamiltonian && f.order < 6)
    return "multicast: the Hamiltonian-cycle heuristic needs EFC_n with n >= 6";
  if (f.size() >= (uint64_t{1} << 32)) return "multicast: more than 2^32 nodes";
  return "";
}

multicast_result multicast(core::backend b, const families::enhanced_fibonacci_cube& f,
                           const multicast_options& opt) {
  const std::string why = multicast_unsupported(f, opt);
  if (!why.empty()) throw std::invalid_argument(why);
  spanning_tree tree;
  std::vector<uint64_t> pos;
  if (opt.scheme == multicast_scheme::eft_tree) {
    tree = make_tree(f, tree_kind::eft, nullptr);
  } else {
    const std::vector<uint64_t> c = efc_hamiltonian_cycle(f);
    pos.assign(f.size(), 0);
    for (uint64_t i = 0; i < c.size(); ++i) pos[f.rank(c[i])] = i;
  }
  return core::dispatch<detail::multicast_backend>(
      b, [&](auto on) { return on.run(f, opt, &tree, &pos); });
}

}  // namespace tv::sim
