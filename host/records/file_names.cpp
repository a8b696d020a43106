// Safe file name stems from record or user data (file_names.hpp).
#include "host/records/file_names.hpp"

#include <cstdint>
#include <cstdio>

namespace tv::host {

namespace {

constexpr size_t max_stem_bytes = 64;

bool kept(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.' || c == '+';
}

/// FNV-1a, 32 bits: enough to tell apart the few names of one folder, and stable across
/// builds and machines (std::hash is neither).
std::string hash_hex(std::string_view raw) {
  uint32_t h = 2166136261u;
  for (unsigned char c : raw) {
    h ^= c;
    h *= 16777619u;
  }
  char buf[9];
  std::snprintf(buf, sizeof buf, "%08x", h);
  return buf;
}

}  // namespace

std::string safe_file_stem(std::string_view raw) {
  std::string s;
  for (unsigned char c : raw) s += kept(c) ? static_cast<char>(c) : '_';
  size_t lead = 0;
  while (lead < s.size() && s[lead] == '.') ++lead;
  s.erase(0, lead);
  if (s.size() > max_stem_bytes) s.resize(max_stem_bytes);
  if (s != raw || s.empty()) s += (s.empty() ? "" : "-") + hash_hex(raw);
  return s;
}

}  // namespace tv::host
