// Cutting an expression's text into tokens (see lexer.hpp).
#include "kernels/expr/lexer.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "kernels/expr/names.hpp"

namespace tv::expr {

namespace {

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Longest first, so "<=" is not read as "<" then "=".
const char* const symbols[] = {"&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+", "-", "*", "/",
                               "%",  "<",  ">",  "!",  "~",  "&",  "|",  "^",  "(", ")", ","};

/// An integer literal in base 2, 10 or 16 (digits only, no sign) to int64.
int64_t integer_value(const std::string& digits, int base, int column, const std::string& written) {
  if (digits.empty()) throw expr_error(column, "'" + written + "' has no digits");
  uint64_t v = 0;
  for (char c : digits) {
    const int d = digit(c) ? c - '0' : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
    if (d >= base) throw expr_error(column, "'" + written + "' is not a number in base " + std::to_string(base));
    if (v > (static_cast<uint64_t>(INT64_MAX) - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base))
      throw expr_error(column, "the integer " + written + " is larger than 2^63 - 1, the largest integer");
    v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  return static_cast<int64_t>(v);
}

}  // namespace

std::vector<token> tokenize(const std::string& text) {
  std::vector<token> out;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const int column = static_cast<int>(i) + 1;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    token t;
    t.column = column;
    if (name_start(c)) {
      // A name, with dotted parts: metrics.effective_diameter_90.
      size_t j = i;
      while (true) {
        while (j < text.size() && name_char(text[j])) ++j;
        if (j + 1 < text.size() && text[j] == '.' && name_start(text[j + 1])) {
          ++j;
          continue;
        }
        break;
      }
      t.kind = token_kind::name;
      t.text = text.substr(i, j - i);
      i = j;
    } else if (digit(c) || (c == '.' && i + 1 < text.size() && digit(text[i + 1]))) {
      size_t j = i;
      if (c == '0' && j + 1 < text.size() && (text[j + 1] == 'x' || text[j + 1] == 'X' ||
                                              text[j + 1] == 'b' || text[j + 1] == 'B')) {
        const int base = (text[j + 1] == 'x' || text[j + 1] == 'X') ? 16 : 2;
        j += 2;
        while (j < text.size() && std::isalnum(static_cast<unsigned char>(text[j]))) ++j;
        t.text = text.substr(i, j - i);
        t.kind = token_kind::integer;
        t.integer = integer_value(t.text.substr(2), base, column, t.text);
      } else {
        bool is_real = false;
        while (j < text.size() && digit(text[j])) ++j;
        if (j < text.size() && text[j] == '.' && !(j + 1 < text.size() && name_start(text[j + 1]))) {
          is_real = true;
          ++j;
          while (j < text.size() && digit(text[j])) ++j;
        }
        if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
          size_t k = j + 1;
          if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
          if (k >= text.size() || !digit(text[k]))
            throw expr_error(column, "'" + text.substr(i, k - i) + "' is a malformed number (an exponent needs digits)");
          while (k < text.size() && digit(text[k])) ++k;
          is_real = true;
          j = k;
        }
        if (j < text.size() && name_char(text[j]))
          throw expr_error(column, "'" + text.substr(i, j + 1 - i) + "' is not a number (a name cannot start with a digit)");
        t.text = text.substr(i, j - i);
        if (is_real) {
          t.kind = token_kind::real;
          errno = 0;
          t.real = std::strtod(t.text.c_str(), nullptr);
          if (errno == ERANGE) throw expr_error(column, "the number " + t.text + " is out of the float range");
        } else {
          t.kind = token_kind::integer;
          t.integer = integer_value(t.text, 10, column, t.text);
        }
      }
      i = j;
    } else {
      bool found = false;
      for (const char* s : symbols) {
        const std::string sym(s);
        if (text.compare(i, sym.size(), sym) == 0) {
          t.kind = token_kind::symbol;
          t.text = sym;
          i += sym.size();
          found = true;
          break;
        }
      }
      if (!found) {
        std::string hint;
        if (c == '=') hint = " (compare with ==)";
        else if (c == '?') hint = " (choose with if(condition, a, b))";
        throw expr_error(column, std::string("unexpected character '") + c + "'" + hint);
      }
    }
    out.push_back(std::move(t));
  }
  token end;
  end.kind = token_kind::end;
  end.column = static_cast<int>(text.size()) + 1;
  out.push_back(end);
  return out;
}

}  // namespace tv::expr
