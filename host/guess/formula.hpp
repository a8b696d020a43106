// A guessed formula as text `check --claim` reads, checked exactly: parsed once by the
// expression language (kernels/expr) over the table's parameters and evaluated row by
// row in its exact arithmetic, so a formula is printed only when it equals the measured
// value on every instance it was fitted on, whatever the floating-point fit proposed.
// Its size is its description length (docs/guess.md): the nodes of its syntax tree, a
// number counting one per decimal digit.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "host/guess/table.hpp"
#include "kernels/expr/ast.hpp"
#include "kernels/expr/names.hpp"

namespace tv::host::guess {

/// A rational coefficient num/den, den > 0, in lowest terms.
struct ratio {
  int64_t num = 0, den = 1;
};

/// @brief c0 + sum c_i * t_i written over one denominator: "2*ceil(n/lambda) - 1",
/// "n*pow(4, n)/4", "(n*n + n)/2".  Terms with a zero coefficient are left out.
std::string linear_text(const std::vector<std::string>& terms, const std::vector<ratio>& coefficients,
                        ratio constant);

/// @brief `text` with every name token `name` replaced by `value` ("(-2)" when negative):
/// with_value("count(degree == k)", "k", 3) is "count(degree == 3)".  A dotted name that
/// merely contains `name` is left alone.  expr_error when `text` does not tokenize.
std::string with_value(const std::string& text, const std::string& name, int64_t value);

class formula {
 public:
  /// @brief Parses `text` over `parameters` (all integers); expr_error when it does not parse.
  formula(const std::string& text, const std::vector<std::string>& parameters);
  const std::string& text() const { return e_.text; }
  /// @brief The description length: nodes of the tree, a number one per decimal digit.
  int size() const;
  /// @brief The value at the parameters' values `at`; nothing when the evaluation meets an
  /// overflow, a division by zero or a value outside a function's domain.
  std::optional<expr::value> at(const std::vector<int64_t>& at) const;
  /// @brief True when the value equals each row's value exactly.
  bool fits(const table& t) const;

 private:
  expr::name_table names_;
  expr::expression e_;
};

}  // namespace tv::host::guess
