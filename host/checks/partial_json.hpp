// What the JSON forms of the engines' partial results share (all_pairs_partial_json.hpp,
// broadcast_partial_json.hpp, routing_partial_json.hpp): the version check, 64-bit
// checksums as 16 hex digits (a 64-bit number is not exact in every JSON reader), and
// the covered source ranges as [begin, end) pairs, checked as they are read, and the
// simulators' identities (kernels/sim/partial_identity.hpp) as [name, value] pairs.
#pragma once
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/errors.hpp"
#include "kernels/core/source_range.hpp"
#include "kernels/sim/partial_identity.hpp"

namespace tv::host {

/// @brief Raises input_error "WHAT partial: ..." unless j is an object whose "version" is
/// `version`.
void require_partial_version(const nlohmann::json& j, int version, const std::string& what);

/// @brief x as 16 lower-case hex digits, and back (input_error naming `what` otherwise).
std::string hex16(uint64_t x);
uint64_t parse_hex16(const std::string& s, const std::string& what);

/// @brief Covered ranges as [[begin, end], ...], and back; reading raises input_error
/// naming `what` unless they are sorted, disjoint, non-empty and within `order_size`.
nlohmann::json covered_to_json(const std::vector<core::source_range>& covered);
std::vector<core::source_range> covered_from_json(const nlohmann::json& j, uint64_t order_size,
                                                  const std::string& what);

/// A member written and read under its own name: one list of these per partial serves
/// both directions, so the writer and the reader cannot drift apart.
template <class T, class M>
struct json_field {
  const char* name;
  M T::*member;
};
template <class T, class M>
constexpr json_field<T, M> field(const char* name, M T::*member) {
  return {name, member};
}

/// @brief Writes each field of `fields` (a tuple of json_field) of `x` into j[name].
template <class T, class Fields>
void fields_to_json(nlohmann::json& j, const T& x, const Fields& fields) {
  std::apply([&](const auto&... f) { ((j[f.name] = x.*(f.member)), ...); }, fields);
}
/// @brief Reads each field of `fields` from j[name] into `x` (json exceptions for a
/// missing or mistyped one).
template <class T, class Fields>
void fields_from_json(const nlohmann::json& j, T& x, const Fields& fields) {
  std::apply([&](const auto&... f) { (j.at(f.name).get_to(x.*(f.member)), ...); }, fields);
}

/// @brief A simulator's identity as [[name, value], ...] in its order (values named
/// "..._checksum" as 16 hex digits), and back (input_error naming `what` otherwise).
nlohmann::json identity_to_json(const sim::run_identity& id);
sim::run_identity identity_from_json(const nlohmann::json& j, const std::string& what);

/// @brief The start of a simulator partial's JSON: {"version", "identity", "covered"}.
template <class Partial>
nlohmann::json partial_head(const Partial& p, int version) {
  return {{"version", version}, {"identity", identity_to_json(p.identity)},
          {"covered", covered_to_json(p.covered)}};
}

/// @brief A simulator partial from JSON: the version checked, its identity and covered
/// ranges read, then `read_rest(p)` for the rest; a json error or an identity without a
/// field the partial needs becomes input_error "WHAT partial: ...".
template <class Partial, class ReadRest>
Partial read_partial(const nlohmann::json& j, int version, const std::string& what,
                     ReadRest read_rest) {
  require_partial_version(j, version, what);
  Partial p;
  try {
    p.identity = identity_from_json(j.at("identity"), what);
    p.covered = covered_from_json(j.at("covered"), p.order_size(), what);
    read_rest(p);
  } catch (const nlohmann::json::exception& e) {
    throw input_error(what + " partial: " + e.what());
  } catch (const std::invalid_argument& e) {
    throw input_error(what + " partial: " + e.what());
  }
  return p;
}

}  // namespace tv::host
