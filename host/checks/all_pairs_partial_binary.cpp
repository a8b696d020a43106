// All-pairs partials as bytes: "TVPARTIAL 1\n", then length-prefixed pieces (u64 byte
// count, then the bytes): the JSON of the small fields, `last` (u32 per node), `dsum`
// and `reach` (u64 per node), `orbit_rep` (u32 per node, or none); then a checksum of
// everything before it (u64: FNV-1a over 8-byte words, then the length).  Version 2: the
// checksum of version 1 went byte by byte, 10 ms for DDB(18)'s 7 MB, paid by every
// rank's partial and every checkpoint.
#include "host/checks/all_pairs_partial_binary.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

#include "host/checks/all_pairs_partial_json.hpp"
#include "host/errors.hpp"
#include "kernels/core/source_range.hpp"

namespace tv::host {

namespace {

constexpr std::string_view magic = "TVPARTIAL 2\n";

/// A word changed anywhere changes the sum (each step is a bijection of the state); the
/// length last tells a copy cut inside its zero-padded last word.
uint64_t checksum(std::string_view bytes) {
  uint64_t h = core::fnv1a_basis;
  size_t at = 0;
  for (; at + 8 <= bytes.size(); at += 8) {
    uint64_t w = 0;
    std::memcpy(&w, bytes.data() + at, 8);
    h = core::fnv1a(h, w);
  }
  uint64_t tail = 0;
  std::memcpy(&tail, bytes.data() + at, bytes.size() - at);
  return core::fnv1a(core::fnv1a(h, tail), bytes.size());
}

void put_u64(std::string& out, uint64_t x) { out.append(reinterpret_cast<const char*>(&x), 8); }

template <class T>
void put_array(std::string& out, const std::vector<T>& v) {
  put_u64(out, v.size() * sizeof(T));
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

[[noreturn]] void refuse(const std::string& why) { throw input_error("all-pairs partial: " + why); }

/// Reads the pieces in order, refusing any that would run past the end.
class piece_reader {
 public:
  explicit piece_reader(std::string_view bytes) : bytes_(bytes) {}
  std::string_view next(const char* what) {
    if (bytes_.size() - at_ < 8) refuse(std::string("cut short before its ") + what);
    uint64_t size = 0;
    std::memcpy(&size, bytes_.data() + at_, 8);
    at_ += 8;
    if (size > bytes_.size() - at_) refuse(std::string("cut short inside its ") + what);
    const std::string_view piece = bytes_.substr(at_, size);
    at_ += size;
    return piece;
  }
  template <class T>
  std::vector<T> array(const char* what) {
    const std::string_view piece = next(what);
    if (piece.size() % sizeof(T)) refuse(std::string(what) + " is not a whole number of entries");
    std::vector<T> v(piece.size() / sizeof(T));
    std::memcpy(v.data(), piece.data(), piece.size());
    return v;
  }
  size_t at() const { return at_; }

 private:
  std::string_view bytes_;
  size_t at_ = 0;
};

}  // namespace

std::string all_pairs_partial_to_bytes(const distance::all_pairs_partial& p) {
  const std::string text = all_pairs_partial_fields_to_json(p).dump();
  std::string out(magic);
  out.reserve(magic.size() + text.size() + 5 * 8 + p.last.size() * 24);
  put_u64(out, text.size());
  out += text;
  put_array(out, p.last);
  put_array(out, p.dsum);
  put_array(out, p.reach);
  put_array(out, p.orbit_rep);
  put_u64(out, checksum(out));
  return out;
}

distance::all_pairs_partial all_pairs_partial_from_bytes(std::string_view bytes) {
  if (bytes.substr(0, 10) != magic.substr(0, 10)) refuse("not a partial (no TVPARTIAL line)");
  if (bytes.substr(0, magic.size()) != magic)
    refuse("another format version (\"" + std::string(bytes.substr(0, magic.size() - 1)) +
           "\"), this build reads \"" + std::string(magic.substr(0, magic.size() - 1)) + "\"");
  if (bytes.size() < magic.size() + 8) refuse("cut short before its checksum");
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  uint64_t stored = 0;
  std::memcpy(&stored, bytes.data() + body.size(), 8);
  if (checksum(body) != stored) refuse("checksum mismatch (a torn or altered copy)");
  piece_reader in(body.substr(magic.size()));
  nlohmann::json small;
  const std::string_view text = in.next("fields");
  small = nlohmann::json::parse(text, nullptr, false);
  if (small.is_discarded()) refuse("its fields are not JSON");
  distance::all_pairs_partial p = all_pairs_partial_fields_from_json(small);
  p.last = in.array<uint32_t>("last");
  p.dsum = in.array<uint64_t>("dsum");
  p.reach = in.array<uint64_t>("reach");
  p.orbit_rep = in.array<uint32_t>("orbit_rep");
  if (in.at() != body.size() - magic.size()) refuse("bytes left over after its last field");
  check_all_pairs_partial_shape(p);
  return p;
}

}  // namespace tv::host
