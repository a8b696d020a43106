// The three engines that run in ranges (range_engine.hpp), and their finished results
// from a complete partial: all pairs (the plan's batches and W, the orbits found once),
// multi-source broadcast and all-pairs routing (ranges of whole 64-source words).
#pragma once
#include <memory>

#include "host/checks/range_engine.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/families/family.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::host {

/// @brief All pairs of g under opt on backend b, planned here (orbits, W, batch starts).
std::unique_ptr<range_engine> all_pairs_engine(core::backend b, const graph::csr_graph& g,
                                               const distance::all_pairs_options& opt);
/// @brief The statistics of a complete all-pairs partial.
distance::all_pairs_result finish_all_pairs(std::unique_ptr<range_partial> p);

/// @brief A broadcast scheme from every source opt asks for.
std::unique_ptr<range_engine> broadcast_engine(core::backend b, const families::family& f,
                                               const graph::csr_graph& g, const sim::broadcast_options& opt);
sim::broadcast_result finish_broadcast(std::unique_ptr<range_partial> p);

/// @brief Routing of every ordered pair (not a sample: its sources are drawn at random).
std::unique_ptr<range_engine> routing_engine(core::backend b, const families::family& f,
                                             const sim::routing_options& opt);
sim::routing_result finish_routing(std::unique_ptr<range_partial> p);

}  // namespace tv::host
