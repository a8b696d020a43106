// The throughput check's loads, exact or from a sample of sources (throughput_sample.hpp);
// the interval of the largest load when sampled is load_sample_interval.hpp's.  No point
// estimate of it is given when sampled (the record's max_load is null): the largest
// per-link estimate is biased upward, since a sampled source's own links carry its whole
// injection scaled by (routers that send) / (batch size).
#include "host/checks/throughput_sample.hpp"

#include <algorithm>
#include <cmath>

#include "host/checks/load_sample_interval.hpp"
#include "host/checks/seeded_sample.hpp"

namespace tv::host {

namespace {

/// The part of `t` that `sources` send, scaled by `scale`.
distance::router_traffic from_sources(const distance::router_traffic& t, const uint32_t* first,
                                      const uint32_t* last, uint64_t n, double scale) {
  distance::router_traffic part;
  if (!t.out_weight.empty()) {
    part.out_weight.assign(n, 0);
    part.in_weight = t.in_weight;
    for (const uint32_t* s = first; s != last; ++s) part.out_weight[*s] = t.out_weight[*s] * scale;
  }
  if (!t.demands.empty()) {
    part.demands.resize(n);
    for (const uint32_t* s = first; s != last; ++s) {
      part.demands[*s] = t.demands[*s];
      for (auto& demand : part.demands[*s]) demand.second *= scale;
    }
  }
  return part;
}

/// The routers that send in `t`.
std::vector<uint32_t> senders(const distance::router_traffic& t, uint64_t n) {
  std::vector<uint32_t> out;
  for (uint64_t s = 0; s < n; ++s)
    if ((!t.out_weight.empty() && t.out_weight[s] != 0) || (!t.demands.empty() && !t.demands[s].empty()))
      out.push_back(static_cast<uint32_t>(s));
  return out;
}

/// A pass run from a sample: its sources in the order drawn and their scale per batch.
struct sampled_pass {
  const distance::router_traffic* traffic;
  std::vector<uint32_t> sources;
  double scale;
};

void add_loads(std::vector<double>& to, double& unroutable, const distance::split_load_result& r) {
  for (size_t a = 0; a < to.size(); ++a) to[a] += r.per_arc[a];
  unroutable += r.unroutable;
}

}  // namespace

core::run_control staged_progress::next() {
  core::run_control part = whole;
  const core::run_control all = whole;
  const uint64_t at = std::min(stage++, stages - 1), of = stages;
  part.progress = [all, at, of](uint64_t done, uint64_t total) { all.report(at * total + done, of * total); };
  return part;
}

uint64_t throughput_calls(size_t passes, const throughput_sources& plan) {
  return passes * (plan.exact ? 1 : plan.batches);
}

throughput_sources plan_throughput_sources(uint64_t n, uint64_t wanted, uint64_t seed) {
  throughput_sources p;
  const uint64_t b = throughput_sample_batches;
  wanted = (wanted + b - 1) / b * b;
  if (wanted >= n) return p;
  p.exact = false;
  p.sample = wanted;
  p.batches = b;
  p.seed = seed;
  return p;
}

throughput_loads estimate_throughput_loads(const graph::csr_graph& g,
                                           const std::vector<distance::router_traffic>& passes,
                                           const throughput_sources& plan, staged_progress& progress) {
  throughput_loads out;
  const uint64_t end_stage = progress.stage + throughput_calls(passes.size(), plan);
  // Every pass with no more routers that send than the sample runs from all of them,
  // once; the others from the sample, batch by batch.
  std::vector<double> fixed(g.arcs(), 0);
  double fixed_unroutable = 0;
  std::vector<sampled_pass> sampled;
  const uint64_t batches = plan.batches, size = plan.exact ? 0 : plan.sample / batches;
  for (const auto& pass : passes) {
    std::vector<uint32_t> from = senders(pass, g.nodes);
    if (plan.exact || from.size() <= plan.sample) {
      add_loads(fixed, fixed_unroutable, distance::split_link_loads(g, pass, progress.next()));
      continue;
    }
    std::vector<uint32_t> drawn = seeded_sample(from.size(), plan.sample, plan.seed);
    for (auto& i : drawn) i = from[i];
    sampled.push_back({&pass, std::move(drawn), static_cast<double>(from.size()) / static_cast<double>(size)});
  }
  if (sampled.empty()) {
    progress.stage = end_stage;
    out.per_arc = std::move(fixed);
    out.unroutable = fixed_unroutable;
    return out;
  }
  out.exact = false;
  // Each pass's sample is its own fraction of its routers that send: the smallest of
  // them keeps the finite-population factor conservative.
  double fraction = 1;
  for (const sampled_pass& p : sampled)  // scale = (routers that send) / (batch size)
    fraction = std::min(fraction, static_cast<double>(batches) / p.scale);
  load_sample_interval interval(g.arcs(), batches, fraction);
  std::vector<double> x;
  for (uint64_t b = 0; b < batches; ++b) {
    x = fixed;
    double unroutable = fixed_unroutable;
    for (const sampled_pass& p : sampled) {
      const uint32_t* first = p.sources.data() + b * size;
      add_loads(x, unroutable,
                distance::split_link_loads(g, from_sources(*p.traffic, first, first + size, g.nodes, p.scale),
                                           progress.next()));
    }
    interval.add(x, 1.0);
    out.unroutable += unroutable / static_cast<double>(batches);
  }
  out.per_arc = interval.estimates();
  out.max_interval = interval.max_interval();
  progress.stage = end_stage;
  return out;
}

}  // namespace tv::host
