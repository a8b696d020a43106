// The expression language's tokens: the text cut into numbers, names, operators and
// punctuation, each with its 1-based column, before the parser (parser.hpp) reads them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tv::expr {

enum class token_kind { integer, real, name, symbol, end };

struct token {
  token_kind kind = token_kind::end;
  std::string text;     // as written ("0x1f", "metrics.effective_diameter_90", "<=")
  int column = 1;       // 1-based column of its first character
  int64_t integer = 0;  // kind == integer
  double real = 0;      // kind == real
};

/// @brief The tokens of `text`, ending with one `end` token.  Raises expr_error (names.hpp)
/// at the column of a character that starts no token, an integer literal outside int64,
/// or a malformed number ("0x", "1e").
/// Example: tokenize("n<=0x1F") -> name "n" (1), symbol "<=" (2), integer 31 (4), end (8).
std::vector<token> tokenize(const std::string& text);

}  // namespace tv::expr
