// Instances named in the papers' notation, for sentences a reader checks against the
// paper: "Q(4)", "PN_2(7)", "EFC_5", "MC(1,3)", "DDB(5)", "L_6({0,10})", "Q_6(11)".  The
// records keep the family and its typed parameters; this is the one place that turns them
// into the papers' names.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief The instance in the notation of its paper, from a record's `family` and `params`.
///  - hypercube n=4 -> "Q(4)"; postal lambda=2 n=7 -> "PN_2(7)"; efc n=5 -> "EFC_5"
///  - metacube k=1 m=3 -> "MC(1,3)", with presentation=cluster -> "MC(1,3) in the cluster
///    presentation"; dualcube m=3 -> "MC(1,3)" (the dual-cube, papers/002)
///  - debruijn k=5 -> "DDB(5)"; directed=false -> "undirected DDB(5)"; d=3 -> "B(3,5)"
///  - lrn n=6 seeds="0,10" -> "L_6({0,10})"; generator="11" -> "L_6(generator 11)"
///  - gfc n=6 f=11 -> "Q_6(11)"
///  - the comparators: foldedcube n=6 -> "FQ(6)"; torus k=3 n=4 -> "C_3^4" (the k-ary
///    n-cube); kautz d=2 k=3 -> "K(2,3)"; star n=5 -> "S_5"
/// A family or parameter set it does not know is written "family key=value ...".
std::string instance_name(const std::string& family, const nlohmann::json& params);

/// @brief The same, from a record (its `family` and `params`).
std::string instance_name(const nlohmann::json& record);

}  // namespace tv::host
