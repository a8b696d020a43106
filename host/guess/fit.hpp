// The floating-point half of a guess: which rational coefficients make a combination of
// terms equal the measured values on a set of rows.  Least squares by the normal
// equations (columns scaled to unit length, long double), each coefficient then read as
// the nearest fraction with a small denominator, and the combination kept only when it
// matches every row to 1e-9.  It only proposes: formula.hpp decides, exactly.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "host/guess/formula.hpp"
#include "host/guess/grammar.hpp"

namespace tv::host::guess {

/// Coefficients of c0 + sum c_i * t_i.
struct fitted {
  std::vector<ratio> coefficients;  // one per term, none zero
  ratio constant;
};

class fitter {
 public:
  /// @brief Fits over `rows` (indices into the table) of `terms`, to the values `y`.
  fitter(const std::vector<term>& terms, const std::vector<long double>& y, std::vector<size_t> rows);
  /// @brief The coefficients that make c0 + sum c_i * terms[picks[i]] equal y on every row,
  /// or nothing (fewer than 2k + 1 rows for k coefficients, no such rational coefficients
  /// with denominators up to 1000, a term
  /// whose coefficient would be zero, or terms dependent on these rows).
  /// Without `with_constant`, c0 is 0 (a homogeneous recurrence).
  std::optional<fitted> fit(const std::vector<size_t>& picks, bool with_constant = true) const;
  size_t rows() const { return rows_.size(); }
  /// @brief Whether term i is usable on these rows (defined, and not zero on all).
  bool usable(size_t i) const { return scale_[i + 1] > 0; }

 private:
  const std::vector<term>& terms_;
  const std::vector<long double>& y_;
  std::vector<size_t> rows_;
  std::vector<long double> scale_;            // column norms: [0] the constant, [i + 1] term i
  std::vector<std::vector<long double>> gram_;  // scaled columns' inner products
  std::vector<long double> rhs_;              // scaled columns against y
  long double y_scale_ = 1;
};

}  // namespace tv::host::guess
