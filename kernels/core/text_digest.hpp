// The 64-bit FNV-1a digest of a text as 16 hex digits: what a record and a checkpoint keep
// to tell one batch file or rule definition from another (not a cryptographic hash; it
// only has to change when the text does).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace tv::core {

inline std::string text_digest_hex(const std::string& text) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a 64-bit offset basis
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace tv::core
