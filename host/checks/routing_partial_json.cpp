// Routing partials as JSON: route_all's totals under their own names, the first stuck
// pair as an object with its pair index (or null), the identity as [name, value] pairs
// (host/checks/partial_json.hpp).
#include "host/checks/routing_partial_json.hpp"

#include <string>

#include "host/checks/partial_json.hpp"
#include "host/errors.hpp"

namespace tv::host {

using nlohmann::json;

namespace {

/// The JSON form's version; a reader refuses any other.
constexpr int routing_partial_version = 1;

/// The shape a partial must have to be merged or finished.
void check_shape(const sim::routing_partial& p) {
  const sim::routing_result& t = p.totals;
  const auto fail = [](const std::string& what) { throw input_error("routing partial: " + what); };
  if (t.delivered + t.stuck != t.pairs) fail("delivered and stuck routes do not add up to the pairs");
  const bool has_first = t.first_stuck.has_value();
  if (p.first_stuck_index.has_value() != has_first || has_first != (t.stuck > 0))
    fail("a first stuck pair goes with its index and with stuck routes");
  const uint64_t n = p.order_size();
  if (p.identity.get("sample_pairs") == 0 && n >= 2) {
    const uint64_t covered = core::count(p.covered);
    if (t.pairs != covered * (n - 1))
      fail(std::to_string(t.pairs) + " pairs, but the covered sources route " +
           std::to_string(covered * (n - 1)));
  }
}

/// route_all's totals written and read by name as they are.
using totals = sim::routing_result;
constexpr auto total_fields = std::make_tuple(
    field("pairs", &totals::pairs), field("delivered", &totals::delivered), field("stuck", &totals::stuck),
    field("hops_sum", &totals::hops_sum), field("excess_sum", &totals::excess_sum),
    field("max_excess", &totals::max_excess), field("hop_histogram", &totals::hop_histogram),
    field("excess_histogram", &totals::excess_histogram));

}  // namespace

json routing_partial_to_json(const sim::routing_partial& p) {
  const sim::routing_result& t = p.totals;
  json first = nullptr;
  if (t.first_stuck)
    first = {{"index", *p.first_stuck_index}, {"source", t.first_stuck->source},
             {"target", t.first_stuck->target}, {"at", t.first_stuck->at},
             {"hops", t.first_stuck->hops}};
  json j = partial_head(p, routing_partial_version);
  fields_to_json(j, t, total_fields);
  j["first_stuck"] = first;
  return j;
}

sim::routing_partial routing_partial_from_json(const json& j) {
  return read_partial<sim::routing_partial>(
      j, routing_partial_version, "routing", [&](sim::routing_partial& p) {
        sim::routing_result& t = p.totals;
        fields_from_json(j, t, total_fields);
        if (const json& f = j.at("first_stuck"); !f.is_null()) {
          p.first_stuck_index = f.at("index").get<uint64_t>();
          t.first_stuck = sim::stuck_pair{f.at("source").get<uint64_t>(), f.at("target").get<uint64_t>(),
                                          f.at("at").get<uint64_t>(), f.at("hops").get<uint32_t>()};
        }
        check_shape(p);
      });
}

}  // namespace tv::host
