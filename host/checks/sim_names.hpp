// The names of the simulators' options as batch files, the command line and records
// spell them (the kernels/sim enums), in one place.  Each parser accepts the name and
// its aliases and raises std::invalid_argument naming the known values; each *_name
// gives the name records use.
#pragma once
#include <string>

#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::host {

sim::routing_algorithm parse_routing_algorithm(const std::string& s);
const char* routing_algorithm_name(sim::routing_algorithm a);
sim::choice_rule parse_choice_rule(const std::string& s);
const char* choice_rule_name(sim::choice_rule c);

sim::broadcast_scheme parse_broadcast_scheme(const std::string& s);
const char* broadcast_scheme_name(sim::broadcast_scheme s);
sim::tree_mode parse_tree_mode(const std::string& s);
const char* tree_mode_name(sim::tree_mode m);
sim::tree_kind parse_tree_kind(const std::string& s);
const char* tree_kind_name(sim::tree_kind t);

sim::multicast_scheme parse_multicast_scheme(const std::string& s);
const char* multicast_scheme_name(sim::multicast_scheme s);

sim::prefix_algorithm parse_prefix_algorithm(const std::string& s);
const char* prefix_algorithm_name(sim::prefix_algorithm a);
sim::prefix_operator parse_prefix_operator(const std::string& s);
const char* prefix_operator_name(sim::prefix_operator o);
sim::operand_order parse_operand_order(const std::string& s);
const char* operand_order_name(sim::operand_order o);
sim::partner_reading parse_partner_reading(const std::string& s);
const char* partner_reading_name(sim::partner_reading p);
sim::prefix_input parse_prefix_input(const std::string& s);
const char* prefix_input_name(sim::prefix_input p);

}  // namespace tv::host
