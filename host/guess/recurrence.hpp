// When no closed form of the grammar fits: linear recurrences in the last swept parameter
// (docs/guess.md, "Recurrences").  In each slice of the table (one value of every other
// parameter), a(n) = c1 a(n - 1) + ... + cd a(n - d) + c0 with rational coefficients, of the
// least order d (up to 6) that fits, homogeneous (c0 = 0) before not; fitted like the closed
// forms (fit.hpp proposes, then every step is checked exactly in 128-bit integers), on more
// than twice as many steps as it has coefficients.  Then one form for every slice is
// sought, a lag that follows another parameter written as that parameter (PN_lambda(n)'s
// node counts: a(n) = a(n - 1) + a(n - lambda)).  A recurrence is no claim `check --claim`
// reads (a claim sees one instance), so guess checks it on held-out sizes itself:
// check_steps.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "host/guess/formula.hpp"
#include "host/guess/table.hpp"

namespace tv::host::guess {

/// c * a(n - lag), lag = `lag` plus, when `parameter` >= 0, that parameter's value.
struct recurrence_term {
  ratio coefficient;
  int64_t lag = 1;
  int parameter = -1;  // an index into the table's parameters (never the last)
};

struct recurrence {
  std::vector<recurrence_term> terms;
  ratio constant;    // c0
  std::string text;  // "a(n) = a(n - 1) + a(n - lambda)"
};

/// One slice of the table: the rows where every parameter but the last has one value.
struct slice {
  std::string name;                   // "lambda = 3"; "" when the last parameter is the only one
  std::vector<int64_t> others;        // those values, in the table's parameter order
  std::map<int64_t, int64_t> values;  // the last parameter's value -> the invariant (integers)
  std::optional<recurrence> found;
};

/// The recurrences of a table: per slice, and one form for all when there is one.
struct recurrences_found {
  std::vector<slice> slices;
  std::optional<recurrence> common;  // holds at every step of every slice
};

/// @brief The table's slices, each with its recurrence when one fits, and the common form.
/// No slices when the table holds a rational value.  A slice whose last-parameter values
/// are not consecutive integers gets none.
recurrences_found recurrences(const table& t);

/// A recurrence's first wrong step: the measured value and what the recurrence gives.
struct step_failure {
  int64_t at = 0;
  int64_t value = 0;
  std::string predicted;  // an integer, or a fraction
};

/// @brief Checks `r` on slice `s`'s values at each of `at` whose predecessors are known
/// (`checked` counts them); the first failure, or nothing.
std::optional<step_failure> check_steps(const recurrence& r, const slice& s, const std::map<int64_t, int64_t>& values,
                                        const std::vector<int64_t>& at, size_t& checked);

}  // namespace tv::host::guess
