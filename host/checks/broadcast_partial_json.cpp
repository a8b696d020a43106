// Broadcast partials as JSON: every field under its own name, the identity as [name,
// value] pairs (host/checks/partial_json.hpp), a missing first incomplete source as null.
#include "host/checks/broadcast_partial_json.hpp"

#include <string>

#include "host/checks/partial_json.hpp"
#include "host/errors.hpp"

namespace tv::host {

using nlohmann::json;

namespace {

/// The JSON form's version; a reader refuses any other.
constexpr int broadcast_partial_version = 1;

/// The shape a partial must have to be merged or finished.
void check_shape(const sim::broadcast_partial& p) {
  const auto fail = [](const std::string& what) { throw input_error("broadcast partial: " + what); };
  const uint64_t covered = core::count(p.covered);
  if (covered != p.sources)
    fail("sources " + std::to_string(p.sources) + " but the covered ranges hold " + std::to_string(covered));
  const uint64_t order = p.order_size(), nodes = p.identity.get("nodes");
  if (p.rounds_per_source.size() != (p.identity.get("per_source") ? order : 0))
    fail("rounds_per_source is not of the run's " + std::to_string(order) + " sources");
  const uint64_t loads = (p.identity.get("bits") + 1) * nodes;
  if (!p.link_loads.empty() && p.link_loads.size() != loads)
    fail("link_loads is not of " + std::to_string(loads) + " entries (iterations x nodes)");
}

/// The fields written and read by name as they are (numbers and arrays of them).
constexpr auto plain_fields = std::make_tuple(
    field("sources", &sim::broadcast_partial::sources),
    field("rounds_max", &sim::broadcast_partial::rounds_max),
    field("rounds_min", &sim::broadcast_partial::rounds_min),
    field("active_rounds", &sim::broadcast_partial::active_rounds),
    field("messages", &sim::broadcast_partial::messages),
    field("duplicates", &sim::broadcast_partial::duplicates),
    field("unreached", &sim::broadcast_partial::unreached),
    field("incomplete_sources", &sim::broadcast_partial::incomplete_sources),
    field("informed_per_round", &sim::broadcast_partial::informed_per_round),
    field("messages_per_round", &sim::broadcast_partial::messages_per_round),
    field("duplicates_per_round", &sim::broadcast_partial::duplicates_per_round),
    field("rounds_per_source", &sim::broadcast_partial::rounds_per_source),
    field("trace", &sim::broadcast_partial::trace),
    field("link_loads", &sim::broadcast_partial::link_loads),
    field("words", &sim::broadcast_partial::words),
    field("batches", &sim::broadcast_partial::batches));

}  // namespace

json broadcast_partial_to_json(const sim::broadcast_partial& p) {
  json j = partial_head(p, broadcast_partial_version);
  fields_to_json(j, p, plain_fields);
  j["first_incomplete_source"] =
      p.first_incomplete_source ? json(*p.first_incomplete_source) : json(nullptr);
  return j;
}

sim::broadcast_partial broadcast_partial_from_json(const json& j) {
  return read_partial<sim::broadcast_partial>(
      j, broadcast_partial_version, "broadcast", [&](sim::broadcast_partial& p) {
        fields_from_json(j, p, plain_fields);
        if (const json& f = j.at("first_incomplete_source"); !f.is_null())
          p.first_incomplete_source = f.get<uint64_t>();
        check_shape(p);
      });
}

}  // namespace tv::host
