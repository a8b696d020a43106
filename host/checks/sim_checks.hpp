// The simulation checks: routing, broadcast, postal, multicast, prefix.  Each reads its
// options (the batch file's [job.options.NAME] table) and adds one object to the record
// with the keys of docs/simulations.md.  Option strings are mapped to the
// simulators' enums here and nowhere else.
#pragma once
#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

void run_routing_check(check_context& ctx, nlohmann::ordered_json& record);
void run_broadcast_check(check_context& ctx, nlohmann::ordered_json& record);
void run_postal_check(check_context& ctx, nlohmann::ordered_json& record);
void run_multicast_check(check_context& ctx, nlohmann::ordered_json& record);
void run_prefix_check(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
