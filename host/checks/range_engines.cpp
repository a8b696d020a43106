// The all-pairs, broadcast and routing engines behind range_engine: each keeps its typed
// partial in a typed_partial and its options and plan in an engine class.  All pairs
// cuts its ranges at the plan's batch starts and sends the plan's W with every range, so
// a split run reports the one call's batches and W; broadcast and routing report no
// batches in their records and cut at every 64 sources (one word of a batch).
#include "host/checks/range_engines.hpp"

#include <algorithm>
#include <functional>

#include "host/checks/all_pairs_partial_binary.hpp"
#include "host/checks/broadcast_partial_json.hpp"
#include "host/checks/routing_partial_json.hpp"
#include "host/errors.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/sim/broadcast_partial.hpp"
#include "kernels/sim/routing_partial.hpp"

namespace tv::host {

namespace {

template <class P>
P merged(P a, const P& b) {
  using distance::merge;
  using sim::merge;
  return merge(std::move(a), b);
}

template <class P>
class typed_partial final : public range_partial {
 public:
  typed_partial(P p, std::function<std::string(const P&)> bytes) : value(std::move(p)), bytes_(std::move(bytes)) {}
  void merge_from(const range_partial& other) override {
    value = merged(std::move(value), dynamic_cast<const typed_partial&>(other).value);
  }
  std::string to_bytes() const override { return bytes_(value); }
  const std::vector<core::source_range>& covered() const override { return value.covered; }
  P value;

 private:
  std::function<std::string(const P&)> bytes_;
};

template <class P>
P take(std::unique_ptr<range_partial> p) {
  return std::move(dynamic_cast<typed_partial<P>&>(*p).value);
}

/// Every multiple of 64 below n, from 0.
std::vector<uint64_t> word_cuts(uint64_t n) {
  std::vector<uint64_t> cuts;
  for (uint64_t s = 0; s < n || cuts.empty(); s += 64) cuts.push_back(s);
  return cuts;
}

class all_pairs_run final : public range_engine {
 public:
  all_pairs_run(core::backend b, const graph::csr_graph& g, const distance::all_pairs_options& opt)
      : b_(b), g_(g), opt_(opt), plan_(distance::plan_all_pairs(b, g, opt)) {
    opt_.plan_words = plan_.words;
    opt_.known_orbits = plan_.orbits;
    opt_.known_colouring = plan_.colouring;
    opt_.known_relabelling = plan_.relabelling;
    opt_.engines = std::make_shared<distance::engine_cache>();  // kept between this thread's ranges
  }
  std::string name() const override { return "all pairs"; }
  uint64_t order_size() const override { return plan_.identity.order_size; }
  const std::vector<uint64_t>& cuts() const override { return plan_.batch_starts; }
  nlohmann::json identity() const override {
    const distance::all_pairs_identity& id = plan_.identity;
    nlohmann::json j = {{"nodes", id.nodes},         {"arcs", id.arcs},         {"directed", id.directed},
            {"checksum", std::to_string(id.checksum)}, {"symmetry", id.symmetry},
            {"hamming", id.hamming},     {"per_node", id.per_node}, {"order_size", id.order_size},
            {"words", plan_.words},      {"batches", plan_.batch_starts.size()}};
    // Only where true, so that other runs' checkpoints keep their names.
    if (id.by_colour) j["by_colour"] = true;
    if (id.locality) j["locality"] = true;
    return j;
  }
  const core::run_control& control() const override { return opt_.control; }
  std::unique_ptr<range_partial> run(core::source_range r, const core::run_control& control) override {
    distance::all_pairs_options part = opt_;
    part.control = control;
    return wrap(distance::run_all_pairs_range(b_, g_, part, r));
  }
  std::unique_ptr<range_partial> from_bytes(std::string_view bytes) const override {
    return wrap(all_pairs_partial_from_bytes(bytes));
  }
  nlohmann::json settings() const override { return {{"words", opt_.plan_words}}; }
  void apply_settings(const nlohmann::json& s) override { opt_.plan_words = s.value("words", opt_.plan_words); }
  std::unique_ptr<range_engine> for_worker() const override {
    auto w = std::make_unique<all_pairs_run>(*this);
    w->opt_.control.progress = nullptr;  // the run reports its own and the helpers' progress
    w->opt_.control.resumed = nullptr;
    w->opt_.engines = std::make_shared<distance::engine_cache>();
    return w;
  }

 private:
  static std::unique_ptr<range_partial> wrap(distance::all_pairs_partial p) {
    return std::make_unique<typed_partial<distance::all_pairs_partial>>(std::move(p), &all_pairs_partial_to_bytes);
  }
  core::backend b_;
  const graph::csr_graph& g_;
  distance::all_pairs_options opt_;
  distance::all_pairs_plan plan_;
};

/// Broadcast and routing: the order and identity read off the empty range, ranges cut at
/// every 64 sources, partials as their JSON.
template <class P, class Options>
class simulation_run final : public range_engine {
 public:
  using range_fn = std::function<P(const Options&, core::source_range)>;
  simulation_run(std::string name, Options opt, range_fn run, nlohmann::json (*to_json)(const P&),
                 P (*from_json)(const nlohmann::json&))
      : name_(std::move(name)), opt_(std::move(opt)), run_(std::move(run)), to_json_(to_json), from_json_(from_json) {
    empty_ = run_(opt_, {0, 0});
    order_ = empty_.order_size();
    identity_ = to_json_(empty_).at("identity");
    cuts_ = word_cuts(order_);
  }
  std::string name() const override { return name_; }
  uint64_t order_size() const override { return order_; }
  const std::vector<uint64_t>& cuts() const override { return cuts_; }
  nlohmann::json identity() const override { return identity_; }
  const core::run_control& control() const override { return opt_.control; }
  std::unique_ptr<range_partial> run(core::source_range r, const core::run_control& control) override {
    // The empty range (what every range merges into, asked for at each start and flush)
    // is the one made here: running it again would plan the sources (sort, tree) again.
    if (r.begin == r.end) return wrap(empty_);
    Options part = opt_;
    part.control = control;
    return wrap(run_(part, r));
  }
  std::unique_ptr<range_partial> from_bytes(std::string_view bytes) const override {
    const nlohmann::json j = nlohmann::json::parse(bytes, nullptr, false);
    if (j.is_discarded()) throw input_error(name_ + " partial: not JSON");
    return wrap(from_json_(j));
  }
  std::unique_ptr<range_engine> for_worker() const override {
    auto w = std::make_unique<simulation_run>(*this);
    w->opt_.control.progress = nullptr;  // the run reports its own and the helpers' progress
    w->opt_.control.resumed = nullptr;
    return w;
  }

 private:
  std::unique_ptr<range_partial> wrap(P p) const {
    return std::make_unique<typed_partial<P>>(std::move(p), [to_json = to_json_](const P& q) { return to_json(q).dump(); });
  }
  std::string name_;
  Options opt_;
  range_fn run_;
  nlohmann::json (*to_json_)(const P&);
  P (*from_json_)(const nlohmann::json&);
  P empty_;
  uint64_t order_ = 0;
  nlohmann::json identity_;
  std::vector<uint64_t> cuts_;
};

}  // namespace

uint64_t batches_in(const range_engine& engine, core::source_range r) {
  const std::vector<uint64_t>& cuts = engine.cuts();
  return static_cast<uint64_t>(std::lower_bound(cuts.begin(), cuts.end(), r.end) -
                               std::lower_bound(cuts.begin(), cuts.end(), r.begin));
}

std::unique_ptr<range_engine> all_pairs_engine(core::backend b, const graph::csr_graph& g,
                                               const distance::all_pairs_options& opt) {
  return std::make_unique<all_pairs_run>(b, g, opt);
}
distance::all_pairs_result finish_all_pairs(std::unique_ptr<range_partial> p) {
  return distance::finish(take<distance::all_pairs_partial>(std::move(p)));
}

std::unique_ptr<range_engine> broadcast_engine(core::backend b, const families::family& f,
                                               const graph::csr_graph& g, const sim::broadcast_options& opt) {
  return std::make_unique<simulation_run<sim::broadcast_partial, sim::broadcast_options>>(
      "broadcast", opt,
      [b, &f, &g](const sim::broadcast_options& o, core::source_range r) { return sim::run_broadcast_range(b, f, g, o, r); },
      &broadcast_partial_to_json, &broadcast_partial_from_json);
}
sim::broadcast_result finish_broadcast(std::unique_ptr<range_partial> p) {
  return sim::finish(take<sim::broadcast_partial>(std::move(p)));
}

std::unique_ptr<range_engine> routing_engine(core::backend b, const families::family& f,
                                             const sim::routing_options& opt) {
  return std::make_unique<simulation_run<sim::routing_partial, sim::routing_options>>(
      "routing", opt, [b, &f](const sim::routing_options& o, core::source_range r) { return sim::run_routing_range(b, f, o, r); },
      &routing_partial_to_json, &routing_partial_from_json);
}
sim::routing_result finish_routing(std::unique_ptr<range_partial> p) {
  return sim::finish(take<sim::routing_partial>(std::move(p)));
}

}  // namespace tv::host
