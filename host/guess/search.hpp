// The search of a guess (docs/guess.md): every formula of the grammar (grammar.hpp) that
// equals the invariant exactly on every row of the table, the simplest first.
//
// A formula is either a linear combination c0 + c1*t1 + c2*t2 + c3*t3 of up to three
// terms (at most one of them a product) with rational coefficients, or a case split
// if(CONDITION, A, B) whose two sides are such combinations of up to two terms, each
// fitted on the rows its side covers, and neither of which alone fits every row (a split
// around a formula that already fits is a branch the table does not ask for).  Every combination is tried (the search is
// exhaustive within these bounds); each is fitted on at least two more rows than it has
// coefficients, and kept only when it equals the measured value exactly on every row.
// Formulas are ordered by description length (formula.hpp), then by text; of formulas
// that agree on every row and on the next values of every parameter, the shortest stands
// for them all.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "host/guess/table.hpp"

namespace tv::host::guess {

struct guessed {
  std::string formula;     // as `check --claim` reads it (the right side of INVARIANT == ...)
  int size = 0;            // its description length
  size_t fitted_on = 0;    // rows it was fitted on (every row of the table)
  size_t equivalents = 0;  // further formulas found that agree with it everywhere tried
};

/// @brief Up to `most` formulas that fit `t` exactly, simplest first; none when nothing in
/// the grammar fits.  The table must have at least one parameter and one row.
std::vector<guessed> search(const table& t, size_t most);

}  // namespace tv::host::guess
