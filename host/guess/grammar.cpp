// The grammar's terms and conditions on a table (see grammar.hpp).
#include "host/guess/grammar.hpp"

#include <cmath>
#include <functional>
#include <optional>
#include <set>

namespace tv::host::guess {

namespace {

using maybe = std::optional<long double>;
constexpr long double int64_limit = 9223372036854775807.0L;

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

maybe power(int64_t base, int64_t k) {
  if (k < 0) return std::nullopt;  // not an integer: pow(b, p) would be rational there
  long double r = 1;
  for (int64_t i = 0; i < k; ++i) {
    r *= static_cast<long double>(base);
    if (std::fabs(r) > int64_limit) return std::nullopt;
  }
  return r;
}

maybe fibonacci(int64_t k) {
  if (k < 0 || k > 92) return std::nullopt;  // fib(93) passes 2^63, as in the evaluator
  long double a = 0, b = 1;
  for (int64_t i = 0; i < k; ++i) {
    const long double s = a + b;
    a = b;
    b = s;
  }
  return a;
}

maybe binomial(int64_t n, int64_t k) {
  if (n < 0) return std::nullopt;
  if (k < 0 || k > n) return 0.0L;
  k = std::min(k, n - k);
  long double r = 1;
  for (int64_t i = 0; i < k; ++i) {
    r = r * static_cast<long double>(n - i) / static_cast<long double>(i + 1);
    if (r > int64_limit) return std::nullopt;
  }
  return std::round(r);
}

/// A quotient's rounding: ceil(num/den) or floor(num/den); undefined at den = 0.
maybe rounded(int64_t num, int64_t den, bool up) {
  if (den == 0) return std::nullopt;
  return static_cast<long double>(up ? ceil_div(num, den) : floor_div(num, den));
}

std::string shifted(const std::string& p, int s) {
  if (s == 0) return p;
  return p + (s > 0 ? " + " : " - ") + std::to_string(std::abs(s));
}

class builder {
 public:
  explicit builder(const table& t) : t_(t) {}

  using fn = std::function<maybe(const std::vector<int64_t>&)>;
  /// Adds the term unless an earlier one has its values on every row.
  void add(const std::string& text, const fn& f, bool product = false) {
    term x;
    x.text = text;
    x.product = product;
    for (const auto& r : t_.rows) {
      const maybe v = f(r.at);
      x.on.push_back(v ? *v : NAN);
      if (!v) x.usable = false;
    }
    if (x.usable && !seen_.insert(x.on).second) return;
    out.push_back(std::move(x));
  }
  std::vector<term> out;

 private:
  const table& t_;
  std::set<std::vector<long double>> seen_;
};

}  // namespace

std::vector<term> terms_of(const table& t) {
  builder b(t);
  const size_t k = t.parameters.size();
  // Factors a product may take, with their values.
  std::vector<std::pair<std::string, builder::fn>> factors;
  for (size_t p = 0; p < k; ++p) {
    const std::string& P = t.parameters[p];
    const auto at = [p](const std::vector<int64_t>& a) { return a[p]; };
    b.add(P, [at](const auto& a) -> maybe { return static_cast<long double>(at(a)); });
    factors.push_back({P, [at](const auto& a) -> maybe { return static_cast<long double>(at(a)); }});
    b.add(P + "*" + P, [at](const auto& a) -> maybe {
      const long double v = static_cast<long double>(at(a));
      return v * v > int64_limit ? maybe() : maybe(v * v);
    });
    for (int c = 2; c <= 4; ++c)
      for (bool up : {true, false}) {
        const std::string text = std::string(up ? "ceil(" : "floor(") + P + "/" + std::to_string(c) + ")";
        const builder::fn f = [at, c, up](const auto& a) { return rounded(at(a), c, up); };
        b.add(text, f);
        if (c == 2) factors.push_back({text, f});
      }
    for (int base = 2; base <= 4; ++base) {
      const std::string text = "pow(" + std::to_string(base) + ", " + P + ")";
      const builder::fn f = [at, base](const auto& a) { return power(base, at(a)); };
      b.add(text, f);
      factors.push_back({text, f});
    }
    for (int s = -1; s <= 2; ++s) {
      const std::string text = "fib(" + shifted(P, s) + ")";
      const builder::fn f = [at, s](const auto& a) { return fibonacci(at(a) + s); };
      b.add(text, f);
      factors.push_back({text, f});
    }
  }
  for (size_t p = 0; p < k; ++p)
    for (size_t q = 0; q < k; ++q) {
      if (p == q) continue;
      const std::string &P = t.parameters[p], &Q = t.parameters[q];
      for (int s : {0, -1, 1})
        for (bool up : {true, false}) {
          const std::string num = s == 0 ? P : "(" + shifted(P, s) + ")";
          b.add(std::string(up ? "ceil(" : "floor(") + num + "/" + Q + ")",
                [p, q, s, up](const auto& a) { return rounded(a[p] + s, a[q], up); });
        }
      b.add("binomial(" + P + ", " + Q + ")", [p, q](const auto& a) { return binomial(a[p], a[q]); });
      b.add("pow(" + Q + ", " + P + ")", [p, q](const auto& a) { return power(a[q], a[p]); });
    }
  for (size_t i = 0; i < factors.size(); ++i)
    for (size_t j = i + 1; j < factors.size(); ++j) {
      const auto fi = factors[i].second, fj = factors[j].second;
      b.add(factors[i].first + "*" + factors[j].first, [fi, fj](const auto& a) -> maybe {
        const maybe x = fi(a), y = fj(a);
        if (!x || !y || std::fabs(*x * *y) > int64_limit) return std::nullopt;
        return *x * *y;
      }, true);
    }
  return std::move(b.out);
}

std::vector<condition> conditions_of(const table& t) {
  std::vector<condition> out;
  std::set<std::vector<bool>> seen;
  const auto add = [&](const std::string& text, const std::function<bool(const std::vector<int64_t>&)>& f) {
    condition c;
    c.text = text;
    size_t trues = 0;
    for (const auto& r : t.rows) {
      c.on.push_back(f(r.at));
      trues += c.on.back();
    }
    if (trues == 0 || trues == t.rows.size()) return;
    std::vector<bool> negated(c.on.size());
    for (size_t i = 0; i < c.on.size(); ++i) negated[i] = !c.on[i];
    if (!seen.insert(c.on).second || seen.count(negated)) return;
    out.push_back(std::move(c));
  };
  const size_t k = t.parameters.size();
  for (size_t p = 0; p < k; ++p) {
    const std::string& P = t.parameters[p];
    std::set<int64_t> values;
    for (const auto& r : t.rows) values.insert(r.at[p]);
    int taken = 0;
    for (int64_t v : values) {
      if (taken++ == 2) break;
      add(P + " == " + std::to_string(v), [p, v](const auto& a) { return a[p] == v; });
    }
    for (int c = 2; c <= 4; ++c)
      for (int r = 0; r < c; ++r)
        add(P + " % " + std::to_string(c) + " == " + std::to_string(r),
            [p, c, r](const auto& a) { return ((a[p] % c) + c) % c == r; });
  }
  for (size_t p = 0; p < k; ++p)
    for (size_t q = 0; q < k; ++q) {
      if (p == q) continue;
      const std::string &P = t.parameters[p], &Q = t.parameters[q];
      for (int s : {0, 1})
        add((s == 0 ? P : "(" + P + " - 1)") + " % " + Q + " == 0", [p, q, s](const auto& a) {
          return a[q] != 0 && (((a[p] - s) % a[q]) + a[q]) % a[q] == 0;
        });
    }
  return out;
}

}  // namespace tv::host::guess
