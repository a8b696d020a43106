// Paper references (see references.hpp).  Each entry is written from the paper's text in
// the shared papers folder: 000-003 print title and authors at their head and no venue or
// year; 004 (a stemmed copy) names its authors (W.-J. Hsu, M. J. Chung, A. Das) and, in
// its page footers, "IEEE Transactions on Parallel and Distributed Systems" (the numbers
// of the footers are stemmed away; the year 1997 is the folder README's).
#include "host/claims/references.hpp"

#include <stdexcept>

namespace tv::host::claims {

std::string paper_reference::citation() const {
  std::string s = authors + ", " + title;
  if (!venue.empty()) s += ", " + venue;
  if (!year.empty()) s += ", " + year;
  return s;
}

const std::vector<paper_reference>& paper_references() {
  static const std::vector<paper_reference> papers = {
      {"000", "Jie Wu and Yuanyuan Yang",
       "The Postal Network: A Recursive Network for Parameterized Communication Model", "", ""},
      {"001", "Haifeng Qian and Jie Wu",
       "Unicast, Multicast, and Broadcast in Enhanced Fibonacci Cubes", "", ""},
      {"002", "Yamin Li, Shietung Peng and Wanming Chu",
       "An Effective Structure for Algorithmic Design and a Parallel Prefix Algorithm on Metacube",
       "", ""},
      {"003", "Ming-Bo Lin and Ming-Hong Bai",
       "Broadcast Algorithms for Binary Directed de Bruijn Networks", "", ""},
      {"004", "W.-J. Hsu, M. J. Chung and A. Das",
       "Linear Recursive Networks and Their Applications in Distributed Systems",
       "IEEE Transactions on Parallel and Distributed Systems", "1997"},
  };
  return papers;
}

std::string paper_key(const claim_spec& claim) {
  const std::string prefix = "papers/";
  if (claim.source.rfind(prefix, 0) != 0 || claim.source.size() < prefix.size() + 3)
    throw std::logic_error("claim " + claim.id + ": source '" + claim.source +
                           "' does not start with papers/NNN");
  const std::string key = claim.source.substr(prefix.size(), 3);
  paper_reference_of(key);  // known, or logic_error
  return key;
}

std::string place_in_paper(const claim_spec& claim) {
  // "papers/000 (Wu, Yang: The Postal Network), Theorem 3": after the parenthesis.
  const auto close = claim.source.find("), ");
  if (close != std::string::npos) return claim.source.substr(close + 3);
  const auto space = claim.source.find(' ');
  return space == std::string::npos ? std::string() : claim.source.substr(space + 1);
}

const paper_reference& paper_reference_of(const std::string& key) {
  for (const auto& p : paper_references())
    if (p.key == key) return p;
  throw std::logic_error("no paper '" + key + "' in the references");
}

}  // namespace tv::host::claims
