// The k-ary n-fly (constructions.hpp): Dally & Towles, "Principles and Practices of
// Interconnection Networks", 2004, Section 4.1, unwrapped, its channels taken as links.
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"

namespace tv::graph::topologies {

topology_shape butterfly_shape(uint64_t k, uint64_t n) { return k_ary_levels_shape("butterfly", "stage", k, n); }

topology butterfly(uint64_t k, uint64_t n, uint32_t concentration) {
  const topology_shape shape = butterfly_shape(k, n);
  const uint64_t row = shape.routers / n;  // k^(n-1) switches per stage
  std::vector<uint64_t> place(n, 1);       // k^i, digit i's place value
  for (uint64_t i = 1; i < n; ++i) place[i] = place[i - 1] * k;
  // The channel from stage i to stage i+1 leaving by output port j sets digit n-2-i of
  // the row to j: destination-tag routing reads the destination's digits from the most
  // significant down, one per stage.
  auto with_digit = [&](uint64_t w, uint64_t digit, uint64_t value) {
    return w - (w / place[digit]) % k * place[digit] + value * place[digit];
  };
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    const uint64_t stage = v / row, w = v % row;
    if (stage + 1 < n)  // output ports
      for (uint64_t j = 0; j < k; ++j) add(static_cast<uint32_t>((stage + 1) * row + with_digit(w, n - 2 - stage, j)));
    if (stage > 0)  // input ports: the channels of stage - 1 that set digit n-1-stage
      for (uint64_t j = 0; j < k; ++j) add(static_cast<uint32_t>((stage - 1) * row + with_digit(w, n - 1 - stage, j)));
  });
  t.facts.endpoints.at.assign(shape.routers, 0);
  for (uint64_t w = 0; w < row; ++w) t.facts.endpoints.at[w] = concentration;
  t.facts.endpoints.per_router = concentration;
  t.facts.construction = "k-ary n-fly, unwrapped, channels as links: " + std::to_string(concentration) +
                         " terminals at each stage-0 switch, none at the others; stage i's port j "
                         "sets row digit n-2-i to j";
  return t;
}

}  // namespace tv::graph::topologies
