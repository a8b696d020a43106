// papers/000 Sections 4 and 5, the printed examples: every label set, distance_1 value,
// exclusive or, subcube and containment example the text prints (pn.examples and the
// reading pn.examples.alt).
#include <algorithm>
#include <string>
#include <vector>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/postal/sections.hpp"
#include "kernels/core/hd.hpp"

namespace tv::host::claims::postal {

namespace {

json bit_list(const std::vector<uint64_t>& v, int width) {
  json j = json::array();
  for (uint64_t x : v) j.push_back(label_bits(x, width));
  return j;
}

std::vector<uint64_t> parse_all(const std::vector<std::string>& v) {
  std::vector<uint64_t> out;
  for (const auto& s : v) out.push_back(parse_bits(s));
  return sorted_unique(out);
}

}  // namespace

// ---- pn.examples ----------------------------------------------------------------------
void check_examples(claim_env& env, claim_result& r, bool alt) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 4 || n != 6)
    return r.outside("the examples run once, on postal lambda=4 n=6 (the first network Section 4 "
                     "names); the other networks they name are built inside");
  part_list parts;
  auto set_part = [&](const std::string& name, const std::vector<std::string>& printed, int l, int k) {
    const std::vector<uint64_t> p = parse_all(printed), m = pn_labels(l, k);
    parts.add(name, bit_list(p, k), bit_list(m, k), p == m);
  };
  const std::vector<std::string> pn46{"000000", "000001", "000010", "000100", "001000",
                                      "010000", "100000", "010001", "100001", "100010"};
  const std::vector<std::string> pn26_extra{"000101", "001001", "001010", "010010",
                                            "010100", "100100", "101000", "010101",
                                            "100101", "101001", "101010"};
  set_part("V(PN_4(6))", pn46, 4, 6);
  {
    std::vector<std::string> all = pn46;
    all.insert(all.end(), pn26_extra.begin(), pn26_extra.end());
    set_part("V(PN_2(6)) = V(PN_4(6)) plus the 11 listed", all, 2, 6);
  }
  {
    bool ok = true;
    for (const auto& s : pn46) {
      const uint64_t x = parse_bits(s);
      ok = ok && core::popcount64(x) <= 2 && distance_1(x) >= 4;
    }
    parts.add("PN_4(6) labels have at most two 1-bits, >= 4 apart", true, ok, ok);
  }
  auto d1_part = [&](const std::string& arg, int printed) {
    const int m = distance_1(parse_bits(arg));
    const json pj = printed >= distance_1_infinite ? json("infinity") : json(printed);
    const json mj = m >= distance_1_infinite ? json("infinity") : json(m);
    parts.add("distance_1(" + arg + ")", pj, mj, m == printed);
  };
  d1_part("000100", distance_1_infinite);
  d1_part("010001", 4);
  d1_part("100101", 2);
  // "100011 is an illegal neighbor, since its distance_1(10001) = 1": the argument as
  // printed (10001), or, in the alternative reading, the neighbor the sentence names.
  d1_part(alt ? "100011" : "10001", 1);
  auto xor_part = [&](const std::string& a, const std::string& b, const std::string& printed) {
    const uint64_t m = parse_bits(a) ^ parse_bits(b);
    parts.add(a + " xor " + b, printed, label_bits(m, static_cast<int>(a.size())),
              m == parse_bits(printed));
  };
  xor_part("01000", "10010", "11010");
  xor_part("100010", "000001", "100011");
  xor_part("11011", "01001", "10010");
  {
    const bool illegal = distance_1(parse_bits("11000")) < 2;
    parts.add("11000 is illegal in the Fibonacci cube PN_2(5)", true, illegal, illegal);
    const uint64_t c = parse_bits("10010") ^ (uint64_t{1} << (5 - 2));
    parts.add("10010^2 (complement bit 2)", "11010", label_bits(c, 5), c == parse_bits("11010"));
  }
  {
    // (10000, 00001) in PN_3(5): distance_1(10001) >= 3; the 2-cube *000* holds 00000,
    // 00001, 10000, 10001, all nodes.
    const int d = distance_1(parse_bits("10001"));
    parts.add("distance_1(10001) >= 3", ">= 3", d, d >= 3);
    const std::vector<uint64_t> cube = parse_all({"00000", "00001", "10000", "10001"});
    std::vector<uint64_t> pts;
    const subcube sc{0, parse_bits("10001")};
    for (uint64_t sub = sc.free;; sub = (sub - 1) & sc.free) {
      pts.push_back(sc.base | sub);
      if (!sub) break;
    }
    const std::vector<uint64_t> p35 = pn_labels(3, 5);
    bool inside = true;
    for (uint64_t x : cube) inside = inside && std::binary_search(p35.begin(), p35.end(), x);
    parts.add("*000* = {00000, 00001, 10000, 10001} inside PN_3(5)", bit_list(cube, 5),
              bit_list(sorted_unique(pts), 5), sorted_unique(pts) == cube && inside);
  }
  {
    // The smallest cube holding s = 11011 and d = 01001: stars at the 1-bits of s xor d.
    const uint64_t s = parse_bits("11011"), d = parse_bits("01001");
    const std::string pat = subcube_pattern({s & ~(s ^ d), s ^ d}, 5);
    parts.add("smallest cube holding 11011 and 01001", "*10*1", pat, pat == "*10*1");
  }
  set_part("V(PN_2(4))", {"0000", "0001", "0010", "0100", "0101", "1000", "1001", "1010"}, 2, 4);
  set_part("V(PN_3(4))", {"0000", "0001", "0010", "0100", "1000", "1001"}, 3, 4);
  set_part("V(PN_2(3))", {"000", "001", "010", "100", "101"}, 2, 3);
  auto contains_part = [&](const std::string& name, int lh, int nh, int lg, int ng, containment_rule rule) {
    const auto rep = find_containment(pn_labels(lh, nh), nh, pn_labels(lg, ng), ng, rule,
                                      env.options().budget);
    parts.add(name, true, rep.contains ? json(rep.how) : json(nullptr),
              rep.contains && *rep.contains);
  };
  contains_part("PN_2(4) contains PN_3(4) by condition 1", 2, 4, 3, 4, containment_rule::condition_1_only);
  {
    const std::vector<uint64_t> v24 = pn_labels(2, 4), v23 = pn_labels(2, 3);
    for (int pos : {1, 4}) {
      std::vector<uint64_t> proj;
      for (uint64_t x : v24) proj.push_back(delete_positions(x, 4, {pos}));
      proj = sorted_unique(proj);
      parts.add("V(PN_2(3)) = V(PN_2(4)) with bit " + std::to_string(pos) + " removed",
                bit_list(v23, 3), bit_list(proj, 3), proj == v23);
    }
  }
  contains_part("PN_3(5) contains PN_3(4)", 3, 5, 3, 4, containment_rule::conditions_1_or_2);
  contains_part("PN_3(5) contains PN_4(5)", 3, 5, 4, 5, containment_rule::conditions_1_or_2);
  contains_part("PN_4(5) contains PN_3(3)", 4, 5, 3, 3, containment_rule::conditions_1_or_2);
  contains_part("PN_4(5) contains PN_3(4)", 4, 5, 3, 4, containment_rule::conditions_1_or_2);
  auto group = [](int l, int k) { return ceil_div(k, l); };
  auto rank_in_group = [&](int l, int k) { return k - (group(l, k) - 1) * l; };
  parts.add("PN_4(5): series 4, group 2", json{4, 2}, json{4, group(4, 5)}, group(4, 5) == 2);
  parts.add("PN_3(3): series 3, group 1", json{3, 1}, json{3, group(3, 3)}, group(3, 3) == 1);
  parts.add("PN_4(5) and PN_3(4): group 2, ranks 1 and 1", json{2, 2, 1, 1},
            json{group(4, 5), group(3, 4), rank_in_group(4, 5), rank_in_group(3, 4)},
            group(4, 5) == 2 && group(3, 4) == 2 && rank_in_group(4, 5) == 1 &&
                rank_in_group(3, 4) == 1);
  {
    json groups = json::array();
    bool ok = true;
    for (int k = 1; k <= 6; ++k) {
      groups.push_back(group(3, k));
      ok = ok && group(3, k) == (k <= 3 ? 1 : 2);
    }
    parts.add("PN_3(1..3) form group 1, PN_3(4..6) group 2", json{1, 1, 1, 2, 2, 2}, groups, ok);
  }
  {
    const long long v = 9 + ceil_div(9, 2) * (1 - 2);
    parts.add("9 + ceil(9/2)(1 - 2)", 4, v, v == 4);
  }
  {
    const std::vector<uint64_t> listed = parse_all({"000000", "000001", "010000", "010001"});
    std::vector<uint64_t> pts;
    const uint64_t fr = parse_bits("010001");
    for (uint64_t sub = fr;; sub = (sub - 1) & fr) {
      pts.push_back(sub);
      if (!sub) break;
    }
    pts = sorted_unique(pts);
    const std::vector<uint64_t> v46 = pn_labels(4, 6);
    bool inside = true;
    for (uint64_t x : pts) inside = inside && std::binary_search(v46.begin(), v46.end(), x);
    parts.add("0*000* = {000000, 000001, 010000, 010001} inside PN_4(6)", bit_list(listed, 6),
              bit_list(pts, 6), pts == listed && inside);
  }
  parts.finish(r);
}

std::string explain_examples(const failure_view& f) { return part_sentence(f, "Sections 4-5's printed examples"); }

const claim_logic pn_examples =
    with_reading("pn.examples", check_examples, false, explain_examples);
const claim_logic pn_examples_alt =
    with_reading("pn.examples.alt", check_examples, true, explain_examples);

}  // namespace tv::host::claims::postal
