// The throughput check's loads, exact or from a sample of sources (throughput_sample.hpp).
//
// The interval of the largest load M = max over links of L_a, from B = 16 batches whose
// estimates of each L_a are independent and unbiased:
//  - high: the largest over links of (batch mean + t(B-1) standard errors), a one-sided
//    97.5% bound at the link that truly carries M, and the largest is at least that one;
//  - low: the larger of two one-sided 98.75% bounds below M: the mean load over links
//    (M is at least the mean; its batch estimates average every link, so they are
//    tight), and the load of the link the first B/2 batches rank highest measured on the
//    other B/2 alone (chosen without the data that measure it; M is at least its load).
// Together a 95% interval for M.  Near-normal batch means are assumed (t quantiles).
// No point estimate of M is given when sampled (the record's max_load is null): the
// largest per-link estimate is biased upward, since a sampled source's own links carry
// its whole injection scaled by (routers that send) / (batch size).
#include "host/checks/throughput_sample.hpp"

#include <algorithm>
#include <cmath>

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
  const uint64_t batches = plan.batches, size = plan.exact ? 0 : plan.sample / batches, half = batches / 2;
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
  std::vector<double> sum(g.arcs(), 0), squares(g.arcs(), 0), held, batch_means, x(g.arcs());
  uint64_t chosen = 0;  // the arc the first half ranks highest
  for (uint64_t b = 0; b < batches; ++b) {
    x = fixed;
    double unroutable = fixed_unroutable;
    for (const sampled_pass& p : sampled) {
      const uint32_t* first = p.sources.data() + b * size;
      add_loads(x, unroutable,
                distance::split_link_loads(g, from_sources(*p.traffic, first, first + size, g.nodes, p.scale),
                                           progress.next()));
    }
    double total = 0;
    for (size_t a = 0; a < sum.size(); ++a) sum[a] += x[a], squares[a] += x[a] * x[a], total += x[a];
    batch_means.push_back(sum.empty() ? 0 : total / static_cast<double>(sum.size()));
    out.unroutable += unroutable / static_cast<double>(batches);
    if (b + 1 == half) chosen = static_cast<uint64_t>(std::max_element(sum.begin(), sum.end()) - sum.begin());
    if (b >= half && !sum.empty()) held.push_back(x[chosen]);
  }
  out.per_arc.resize(sum.size());
  const double count = static_cast<double>(batches);
  const double t_high = student_t_quantile(normal_q975, batches - 1);
  double high = 0;
  for (size_t a = 0; a < sum.size(); ++a) {
    const double mean = sum[a] / count;
    out.per_arc[a] = mean;
    high = std::max(high, mean_interval(mean, std::max(0.0, squares[a] - count * mean * mean), batches, t_high).second);
  }
  auto low_end = [](const std::vector<double>& values) {  // a one-sided 98.75% bound below their mean
    if (values.size() < 2) return 0.0;
    double mean = 0, squares = 0;
    for (const double v : values) mean += v / static_cast<double>(values.size());
    for (const double v : values) squares += (v - mean) * (v - mean);
    return mean_interval(mean, squares, values.size(), student_t_quantile(normal_q9875, values.size() - 1)).first;
  };
  const double low = std::max(low_end(held), low_end(batch_means));
  out.max_interval = {std::max(0.0, low), high};
  progress.stage = end_stage;
  return out;
}

}  // namespace tv::host
