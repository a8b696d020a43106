// The papers' recursive definitions, written on strings exactly as printed: EFC_n's
// Definition 1 (papers/001), PN_lambda(n)'s Definition 1 and PT_lambda(n)'s Definition 2
// (papers/000).  Written once here for the family tests and the claim tests alike; none
// of it calls the code under test (the kernels' families, host/claims' definitions).
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tv::test {

/// EFC_n's labels (n - 2 bits) by papers/001 Definition 1, in the definition's order: the
/// printed bases V_3..V_6, then V_n = 00||V_{n-2}, 10||V_{n-2}, 0100||V_{n-4}, 0101||V_{n-4}.
inline std::vector<std::string> efc_definition1_order(int n) {
  switch (n) {
    case 3: return {"1", "0"};
    case 4: return {"01", "00", "10"};
    case 5: return {"001", "101", "100", "000", "010"};
    case 6: return {"0001", "0101", "0100", "0000", "0010", "1010", "1000", "1001"};
    default: break;
  }
  std::vector<std::string> v;
  for (const char* pre : {"00", "10"})
    for (const auto& s : efc_definition1_order(n - 2)) v.push_back(pre + s);
  for (const char* pre : {"0100", "0101"})
    for (const auto& s : efc_definition1_order(n - 4)) v.push_back(pre + s);
  return v;
}

/// PN_lambda(n)'s labels by papers/000 Definition 1: V(n) = 0||V(n-1) u
/// 10^(lambda-1)||V(n-lambda) for n > lambda; for n <= lambda, 0^n and the n weight-one
/// strings.
inline std::set<std::string> postal_definition1(int lambda, int n) {
  std::set<std::string> v;
  if (n <= lambda) {
    v.insert(std::string(n, '0'));
    for (int i = 0; i < n; ++i) {
      std::string s(n, '0');
      s[i] = '1';
      v.insert(s);
    }
    return v;
  }
  for (const auto& s : postal_definition1(lambda, n - 1)) v.insert("0" + s);
  for (const auto& s : postal_definition1(lambda, n - lambda))
    v.insert("1" + std::string(lambda - 1, '0') + s);
  return v;
}

/// PT_lambda(n) by papers/000 Definition 2 as child -> parent strings: PT(n-1) on 0|| plus
/// PT(n-lambda) on 10^(lambda-1)|| with the latter's root under the former's; for
/// n <= lambda a star at 0^n.  The root 0^n has no entry.
inline std::map<std::string, std::string> postal_definition2_parents(int lambda, int n) {
  std::map<std::string, std::string> parent;
  if (n <= lambda) {
    for (int i = 0; i < n; ++i) {
      std::string s(n, '0');
      s[i] = '1';
      parent[s] = std::string(n, '0');
    }
    return parent;
  }
  for (auto& [c, p] : postal_definition2_parents(lambda, n - 1)) parent["0" + c] = "0" + p;
  const std::string pre = "1" + std::string(lambda - 1, '0');
  for (auto& [c, p] : postal_definition2_parents(lambda, n - lambda)) parent[pre + c] = pre + p;
  parent[pre + std::string(n - lambda, '0')] = std::string(n, '0');
  return parent;
}

}  // namespace tv::test
