// A paper's claims as data: host/claims/<paper>/catalog.toml holds each claim's id, where
// in the paper it stands, its statement, domain, reading and families, in the paper's
// order; the build embeds it (host/CMakeLists.txt).  bind_catalog pairs each entry with
// the claim_logic of the same id, so the words and the code of a claim meet in one place
// and a claim without either is found at the first use of the catalog.
#pragma once
#include <initializer_list>
#include <string>
#include <vector>

#include "host/claims/claim.hpp"

namespace tv::host::claims {

/// @brief The claims of one catalog file, in its order, each with the logic of its id.
/// `name` names the file in errors.  Raises std::logic_error (a defect of the build, not
/// of the user's input) when the text does not parse, a key is missing or unknown, or an
/// id has no logic, two, or a logic has no entry.
std::vector<claim_spec> bind_catalog(const char* toml_text, const std::string& name,
                                     std::initializer_list<const claim_logic*> logic);

}  // namespace tv::host::claims
