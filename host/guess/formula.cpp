// Guessed formulas, exactly (see formula.hpp).
#include "host/guess/formula.hpp"

#include <cstdlib>
#include <numeric>

#include "kernels/expr/evaluate.hpp"
#include "kernels/expr/lexer.hpp"
#include "kernels/expr/parser.hpp"

namespace tv::host::guess {

namespace {

int64_t lcm(int64_t a, int64_t b) { return a / std::gcd(a, b) * b; }

}  // namespace

std::string linear_text(const std::vector<std::string>& terms, const std::vector<ratio>& coefficients,
                        ratio constant) {
  int64_t den = constant.den;
  for (const ratio& c : coefficients) den = lcm(den, c.den);
  std::string s;
  size_t parts = 0;
  const auto put = [&](int64_t a, const std::string& t) {
    if (a == 0) return;
    const bool first = s.empty();
    if (first) s += a < 0 ? "-" : "";
    else s += a < 0 ? " - " : " + ";
    const int64_t m = std::llabs(a);
    if (t.empty()) s += std::to_string(m);
    else s += (m == 1 ? "" : std::to_string(m) + "*") + t;
    ++parts;
  };
  for (size_t i = 0; i < terms.size(); ++i) put(coefficients[i].num * (den / coefficients[i].den), terms[i]);
  put(constant.num * (den / constant.den), "");
  if (s.empty()) s = "0";
  if (den == 1) return s;
  return (parts > 1 ? "(" + s + ")" : s) + "/" + std::to_string(den);
}

std::string with_value(const std::string& text, const std::string& name, int64_t value) {
  const std::vector<expr::token> tokens = expr::tokenize(text);
  std::string out = text;
  const std::string shown = value < 0 ? "(" + std::to_string(value) + ")" : std::to_string(value);
  for (auto t = tokens.rbegin(); t != tokens.rend(); ++t)  // from the end: columns stay valid
    if (t->kind == expr::token_kind::name && t->text == name)
      out.replace(static_cast<size_t>(t->column - 1), t->text.size(), shown);
  return out;
}

formula::formula(const std::string& text, const std::vector<std::string>& parameters) {
  for (const auto& p : parameters) names_.add(p, {expr::scalar::integer, false});
  e_ = expr::parse(text, names_);
}

int formula::size() const {
  int n = 0;
  std::vector<int> stack{e_.root};
  while (!stack.empty()) {
    const expr::node& x = e_.at(stack.back());
    stack.pop_back();
    n += x.kind == expr::node_kind::integer_literal ? static_cast<int>(std::to_string(std::llabs(x.integer)).size()) : 1;
    for (int a : x.args) stack.push_back(a);
  }
  return n;
}

std::optional<expr::value> formula::at(const std::vector<int64_t>& values) const {
  expr::bindings b;
  for (size_t i = 0; i < values.size(); ++i) b.set(static_cast<int>(i), expr::value::integer(values[i]));
  expr::evaluator ev(e_, b);
  try {
    return ev.result();
  } catch (const expr::expr_error&) {
    return std::nullopt;
  }
}

bool formula::fits(const table& t) const {
  for (const auto& r : t.rows) {
    const auto v = at(r.at);
    if (!v || v->s == expr::scalar::real || v->s == expr::scalar::boolean || expr::compare(*v, r.value) != 0)
      return false;
  }
  return true;
}

}  // namespace tv::host::guess
