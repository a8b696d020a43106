// Subgraph containment by papers/000 Section 5's conditions 1 and 2: a search over the sets
// of deleted bit positions (see structure.hpp).
#include "host/claims/structure.hpp"

#include <algorithm>

#include "host/claims/claim.hpp"

namespace tv::host::claims {

// ---- Containment ------------------------------------------------------------------------

uint64_t delete_positions(uint64_t x, int bits, const std::vector<int>& positions) {
  uint64_t out = 0;
  size_t k = 0;
  for (int pos = 1; pos <= bits; ++pos) {
    if (k < positions.size() && positions[k] == pos) {
      ++k;
      continue;
    }
    out = (out << 1) | ((x >> (bits - pos)) & 1u);
  }
  return out;
}

namespace {
double binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}
std::string positions_text(const std::vector<int>& p) {
  std::string s;
  for (int x : p) s += (s.empty() ? "" : ", ") + std::to_string(x);
  return s;
}
}  // namespace

containment_report find_containment(const std::vector<uint64_t>& host_in, int host_bits,
                                    const std::vector<uint64_t>& guest_in, int guest_bits,
                                    containment_rule rule, double budget) {
  containment_report r;
  std::vector<uint64_t> host = host_in, guest = guest_in;
  std::sort(host.begin(), host.end());
  host.erase(std::unique(host.begin(), host.end()), host.end());
  std::sort(guest.begin(), guest.end());
  guest.erase(std::unique(guest.begin(), guest.end()), guest.end());
  const int d = host_bits - guest_bits;
  if (d < 0) {
    r.contains = false;
    r.how = "the guest's labels are longer than the host's: no positions to delete";
    return r;
  }
  if (rule == containment_rule::condition_1_only) {
    r.candidates = 1;
    for (uint64_t x : guest)
      if (!std::binary_search(host.begin(), host.end(), x)) {
        r.contains = false;
        r.how = "condition 1 fails: guest label " + label_bits(x, guest_bits) + " is not a host label";
        return r;
      }
    r.contains = true;
    r.how = "condition 1";
    return r;
  }
  if (guest.size() > host.size()) {
    r.contains = false;
    r.how = "the guest has more nodes than the host (deleting positions never adds labels)";
    return r;
  }
  const double work = binomial(host_bits, d) * static_cast<double>(host.size() + guest.size());
  if (work > budget) return r;  // contains stays empty: over the budget
  std::vector<int> pos(d);
  for (int i = 0; i < d; ++i) pos[i] = i + 1;
  const bool use_bitmap = guest_bits <= 26;
  std::vector<uint64_t> bitmap(use_bitmap ? ((uint64_t{1} << guest_bits) + 63) / 64 : 0);
  std::vector<uint64_t> projected;
  while (true) {
    ++r.candidates;
    bool all = true;
    if (use_bitmap) {
      std::fill(bitmap.begin(), bitmap.end(), 0);
      for (uint64_t h : host) {
        const uint64_t y = delete_positions(h, host_bits, pos);
        bitmap[y >> 6] |= uint64_t{1} << (y & 63);
      }
      for (uint64_t x : guest)
        if (!((bitmap[x >> 6] >> (x & 63)) & 1u)) {
          all = false;
          break;
        }
    } else {
      projected.clear();
      for (uint64_t h : host) projected.push_back(delete_positions(h, host_bits, pos));
      std::sort(projected.begin(), projected.end());
      all = std::includes(projected.begin(), projected.end(), guest.begin(), guest.end());
    }
    if (all) {
      r.contains = true;
      r.deleted = pos;
      r.how = d == 0 ? "condition 1" : "condition 2 (delete positions " + positions_text(pos) + ")";
      return r;
    }
    // Next combination in lexicographic order.
    int i = d - 1;
    while (i >= 0 && pos[i] == host_bits - d + i + 1) --i;
    if (i < 0) break;
    ++pos[i];
    for (int j = i + 1; j < d; ++j) pos[j] = pos[j - 1] + 1;
  }
  r.contains = false;
  r.how = d == 0 ? "condition 1 fails (same width, no positions to delete)"
                 : "no set of " + std::to_string(d) + " deleted positions works (" +
                       std::to_string(r.candidates) + " tried)";
  return r;
}

}  // namespace tv::host::claims
