// The numbers a guess starts from (issue 34, docs/guess.md): one row per instance of a
// sweep, the values of the parameters the sweep varies and the invariant's exact value
// there (an integer, or a rational such as wiener / (N*(N-1))).  host/cli/guess_command.cpp
// fills it by running the sweep; the search (search.hpp) reads nothing else.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/expr/exact.hpp"

namespace tv::host::guess {

struct table {
  /// The parameters the sweep varies (two or more values), in the order the user gave
  /// them; a formula may read these and nothing else.
  std::vector<std::string> parameters;
  struct row {
    std::vector<int64_t> at;  // one value per parameter
    expr::value value;        // the invariant there: integer or rational
    std::string instance;     // "PN_3(7)", for the table the output shows
  };
  std::vector<row> rows;
};

}  // namespace tv::host::guess
