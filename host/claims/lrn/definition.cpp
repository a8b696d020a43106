// papers/004 (linear recursive networks), the definition of L_n(S): which instances are
// LRNs (seeds, a generator, or Q_n(f) with f = 1^k) and which the paper names congruent.
// The copy of the paper is a stemmed word list: the statements come from the catalog (catalog.toml), and the
// one definition the text does not preserve (congruence, "iff ... j ... constant m") is
// replaced by the networks the paper names as congruent LRNs: hypercubes and generalized
// Fibonacci cubes.
#include <algorithm>

#include "host/claims/lrn/sections.hpp"
#include "host/claims/papers.hpp"
#include "host/families.hpp"

namespace tv::host::claims {

bool named_clrn_seeds(std::vector<std::string> seeds) {
  std::sort(seeds.begin(), seeds.end());
  if (seeds == std::vector<std::string>{"0", "1"}) return true;  // the hypercube
  // {0, 10, 110, ..., 1^(k-1)0}: the k-th order (generalized) Fibonacci cube.
  std::vector<std::string> fib;
  for (size_t k = 0; k < seeds.size(); ++k) fib.push_back(std::string(k, '1') + "0");
  std::sort(fib.begin(), fib.end());
  return seeds == fib;
}

}  // namespace tv::host::claims

namespace tv::host::claims::lrn {

lrn_info info_of(claim_env& env) {
  lrn_info i;
  if (env.inst().family == "gfc") {
    const std::string f = env.text("f");
    i.given = "f = " + f;
    i.is_lrn = f.find_first_not_of('1') == std::string::npos;
    i.named_clrn = i.is_lrn;  // Q_n(1^k): the generalized Fibonacci cube, seeds {0, ..., 1^(k-1)0}
    i.at = [f](int n) { return linear_recursive::avoiding(n, f); };
    return i;
  }
  const std::string seeds = env.text("seeds"), gen = env.text("generator");
  std::vector<std::string> s;
  if (!seeds.empty()) {
    s = seed_list(seeds);
    i.given = "seeds " + seeds;
  } else {
    s = linear_recursive::generator_seeds(gen);
    i.given = "generator " + gen;
  }
  i.named_clrn = named_clrn_seeds(s);
  i.at = [s](int n) { return linear_recursive::from_seeds(n, s); };
  return i;
}

/// For the LRN theorems: Q_n(f) counts as an LRN only when f = 1^k.
bool require_lrn(claim_env& env, claim_result& r) {
  if (info_of(env).is_lrn) return true;
  r.outside("Q_n(" + env.text("f") + ") is not a linear recursive network (an LRN is given by "
            "seeds; Q_n(f) is one when f = 1^k)");
  return false;
}

}  // namespace tv::host::claims::lrn
