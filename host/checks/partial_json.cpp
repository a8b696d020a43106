// The pieces every partial's JSON form shares: version, checksums, covered ranges.
#include "host/checks/partial_json.hpp"

#include <cstdio>

#include "host/errors.hpp"

namespace tv::host {

using nlohmann::json;

void require_partial_version(const json& j, int version, const std::string& what) {
  if (!j.is_object() || !j.contains("version"))
    throw input_error(what + " partial: no \"version\" (not a partial)");
  if (j["version"] != version)
    throw input_error(what + " partial: version " + j["version"].dump() + ", this build reads " +
                      std::to_string(version));
}

std::string hex16(uint64_t x) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(x));
  return buf;
}

uint64_t parse_hex16(const std::string& s, const std::string& what) {
  if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw input_error(what + " partial: checksum \"" + s + "\" is not 16 hex digits");
  return std::stoull(s, nullptr, 16);
}

json covered_to_json(const std::vector<core::source_range>& covered) {
  json out = json::array();
  for (const auto& r : covered) out.push_back({r.begin, r.end});
  return out;
}

std::vector<core::source_range> covered_from_json(const json& j, uint64_t order_size,
                                                  const std::string& what) {
  std::vector<core::source_range> covered;
  for (const json& r : j) covered.push_back({r.at(0).get<uint64_t>(), r.at(1).get<uint64_t>()});
  if (!core::well_formed(covered, order_size))
    throw input_error(what + " partial: covered ranges are not sorted, disjoint, non-empty and within the " +
                      std::to_string(order_size) + " sources");
  return covered;
}

namespace {
bool is_checksum(const std::string& name) {
  const std::string tail = "_checksum";
  return name.size() >= tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

json identity_to_json(const sim::run_identity& id) {
  json out = json::array();
  for (const auto& [name, value] : id.fields)
    out.push_back(is_checksum(name) ? json{name, hex16(value)} : json{name, value});
  return out;
}

sim::run_identity identity_from_json(const json& j, const std::string& what) {
  if (!j.is_array()) throw input_error(what + " partial: identity is not a list of [name, value]");
  sim::run_identity id;
  for (const json& field : j) {
    if (!field.is_array() || field.size() != 2 || !field[0].is_string())
      throw input_error(what + " partial: identity field " + field.dump() + " is not [name, value]");
    const std::string name = field[0].get<std::string>();
    if (is_checksum(name) && field[1].is_string())
      id.add(name, parse_hex16(field[1].get<std::string>(), what));
    else if (!is_checksum(name) && field[1].is_number_unsigned())
      id.add(name, field[1].get<uint64_t>());
    else
      throw input_error(what + " partial: identity field \"" + name + "\" has the value " +
                        field[1].dump());
  }
  return id;
}

}  // namespace tv::host
