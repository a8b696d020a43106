// Parsing and printing of durations and byte sizes.
#include "host/units.hpp"

#include <initializer_list>
#include <utility>

#include <ctime>

#include <cctype>
#include <cmath>
#include <cstdio>

#include "kernels/core/memory.hpp"

namespace tv::host {

namespace {
/// Reads a non-negative decimal number ("12", "1.5") at text[pos]; advances pos.
std::optional<double> read_number(const std::string& text, size_t& pos) {
  const size_t start = pos;
  bool digits = false, dot = false;
  while (pos < text.size()) {
    const char c = text[pos];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits = true;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
    ++pos;
  }
  if (!digits) return std::nullopt;
  return std::stod(text.substr(start, pos - start));
}
/// The factor of a unit's name in `units`, or nothing for a name not there.
std::optional<double> unit_scale(const std::string& unit,
                                 std::initializer_list<std::pair<const char*, double>> units) {
  for (const auto& [name, scale] : units)
    if (unit == name) return scale;
  return std::nullopt;
}

}  // namespace

std::optional<double> parse_duration(const std::string& text) {
  if (text.empty()) return std::nullopt;
  double total = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    const auto value = read_number(text, pos);
    if (!value) return std::nullopt;
    size_t end = pos;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    const std::string unit = text.substr(pos, end - pos);
    pos = end;
    const auto scale = unit_scale(unit, {{"ms", 0.001}, {"s", 1}, {"m", 60}, {"h", 3600}, {"d", 86400}});
    if (!scale) return std::nullopt;
    total += *value * *scale;
  }
  if (!std::isfinite(total)) return std::nullopt;
  return total;
}

std::optional<uint64_t> parse_bytes(const std::string& text) {
  size_t pos = 0;
  const auto value = read_number(text, pos);
  if (!value) return std::nullopt;
  while (pos < text.size() && text[pos] == ' ') ++pos;
  const std::string unit = text.substr(pos);
  constexpr double kib = 1024.0;
  const auto scale = unit_scale(unit, {{"B", 1}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
                                       {"KiB", kib}, {"MiB", kib * kib}, {"GiB", kib * kib * kib},
                                       {"TiB", kib * kib * kib * kib}});
  if (!scale) return std::nullopt;
  const double bytes = std::round(*value * *scale);
  if (!(bytes < 18446744073709551616.0)) return std::nullopt;
  return static_cast<uint64_t>(bytes);
}

std::string format_duration(double s) {
  char buf[64];
  if (s < 10) {
    std::snprintf(buf, sizeof buf, "%.2f s", s);
  } else if (s < 60) {
    std::snprintf(buf, sizeof buf, "%.0f s", s);
  } else if (s < 3600) {
    const long t = std::lround(s);
    std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
  } else {
    const long t = std::lround(s / 60);
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 60, t % 60);
  }
  return buf;
}

std::string format_bytes(double b) { return core::human_bytes(b); }

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace tv::host
