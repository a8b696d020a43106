// The five papers whose claims the catalog holds, cited as each paper's own text gives
// them (title and authors from its head; venue and year only where the text states them),
// and the mapping from a claim's `source` ("papers/000 (...), Theorem 3") to its paper.
#pragma once
#include <string>
#include <vector>

#include "host/claims/claim.hpp"

namespace tv::host::claims {

struct paper_reference {
  std::string key;      // "000": the paper's number in the shared papers folder
  std::string authors;  // "Jie Wu and Yuanyuan Yang"
  std::string title;
  std::string venue;    // "" where the text names none
  std::string year;     // "" where the text gives none

  /// @brief "Authors, Title, Venue, Year", leaving out what the text does not give.
  std::string citation() const;
};

/// @brief The papers in catalog order (000 .. 004).
const std::vector<paper_reference>& paper_references();

/// @brief The paper key of a claim ("000" for a source "papers/000 (...), Theorem 3");
/// std::logic_error for a source in another form (the catalog test keeps them all mapped).
std::string paper_key(const claim_spec& claim);

/// @brief Where in its paper a claim stands: "Theorem 3" for "papers/000 (...), Theorem 3".
std::string place_in_paper(const claim_spec& claim);

/// @brief The reference of a paper key; std::logic_error for an unknown key.
const paper_reference& paper_reference_of(const std::string& key);

}  // namespace tv::host::claims
