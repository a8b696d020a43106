// Linear recurrences per slice, and their common form (see recurrence.hpp).
#include "host/guess/recurrence.hpp"

#include <numeric>

#include "host/guess/fit.hpp"

namespace tv::host::guess {

namespace {

constexpr int most_order = 6;

__int128 gcd128(__int128 a, __int128 b) {
  if (a < 0) a = -a;
  while (b != 0) {
    const __int128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

std::string text128(__int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  std::string s;
  for (; v != 0; v /= 10) s.insert(s.begin(), static_cast<char>('0' + (negative ? -(v % 10) : v % 10)));
  return negative ? "-" + s : s;
}

int64_t lag_of(const recurrence_term& t, const std::vector<int64_t>& others) {
  return t.lag + (t.parameter >= 0 ? others[static_cast<size_t>(t.parameter)] : 0);
}

/// Whether every predecessor step n needs is in `values`.
bool known(const recurrence& r, const std::vector<int64_t>& others, const std::map<int64_t, int64_t>& values, int64_t n) {
  if (!values.count(n)) return false;
  for (const auto& t : r.terms) {
    const int64_t lag = lag_of(t, others);
    if (lag < 1 || !values.count(n - lag)) return false;
  }
  return true;
}

/// Whether the exact step holds: den * a(n) == sum (num_i * den / den_i) a(n - lag_i) + ...
/// in 128 bits; `predicted` gets the right side as text.
bool step_holds(const recurrence& r, const std::vector<int64_t>& others, const std::map<int64_t, int64_t>& values,
                int64_t n, std::string* predicted) {
  int64_t den = r.constant.den;
  for (const auto& t : r.terms) den = std::lcm(den, t.coefficient.den);
  __int128 right = static_cast<__int128>(r.constant.num) * (den / r.constant.den);
  for (const auto& t : r.terms)
    right += static_cast<__int128>(t.coefficient.num) * (den / t.coefficient.den) * values.at(n - lag_of(t, others));
  const __int128 left = static_cast<__int128>(den) * values.at(n);
  if (predicted) {
    const __int128 g = gcd128(right, den);
    const __int128 num = g ? right / g : right, d = g ? den / g : den;
    *predicted = text128(num) + (d == 1 ? "" : "/" + text128(d));
  }
  return left == right;
}

std::string text_of(const recurrence& r, const std::vector<std::string>& parameters) {
  const std::string& n = parameters.back();
  std::vector<std::string> terms;
  std::vector<ratio> c;
  for (const auto& t : r.terms) {
    std::string lag;
    if (t.parameter >= 0) {
      lag = parameters[static_cast<size_t>(t.parameter)];
      if (t.lag != 0) lag += (t.lag > 0 ? " + " : " - ") + std::to_string(std::llabs(t.lag));
    } else {
      lag = std::to_string(t.lag);
    }
    terms.push_back("a(" + n + " - " + (t.parameter >= 0 && t.lag != 0 ? "(" + lag + ")" : lag) + ")");
    c.push_back(t.coefficient);
  }
  return "a(" + n + ") = " + linear_text(terms, c, r.constant);
}

std::optional<recurrence> fit_slice(const std::map<int64_t, int64_t>& values, const std::vector<std::string>& parameters) {
  const int64_t first = values.begin()->first;
  const int64_t last = values.rbegin()->first;
  if (last - first + 1 != static_cast<int64_t>(values.size())) return std::nullopt;  // not consecutive
  for (int d = 1; d <= most_order; ++d)
    for (bool constant : {false, true}) {
      // The steps n = first + d .. last, each a row whose terms are a(n - 1) .. a(n - d).
      std::vector<term> terms(static_cast<size_t>(d));
      std::vector<long double> y;
      std::vector<size_t> rows;
      for (int64_t n = first + d; n <= last; ++n) {
        rows.push_back(y.size());
        y.push_back(static_cast<long double>(values.at(n)));
        for (int i = 0; i < d; ++i) terms[static_cast<size_t>(i)].on.push_back(static_cast<long double>(values.at(n - i - 1)));
      }
      if (rows.empty()) return std::nullopt;
      const fitter f(terms, y, rows);
      // Lags between may be left out (a(n - 1) + a(n - 3)); a(n - d) stays: it is the order.
      for (unsigned mask = 0; mask < (1u << (d - 1)); ++mask) {
        std::vector<size_t> sub;
        for (int i = 0; i < d - 1; ++i)
          if (mask & (1u << i)) sub.push_back(static_cast<size_t>(i));
        sub.push_back(static_cast<size_t>(d - 1));
        const auto c = f.fit(sub, constant);
        if (!c) continue;
        recurrence r;
        for (size_t k = 0; k < sub.size(); ++k) r.terms.push_back({c->coefficients[k], static_cast<int64_t>(sub[k]) + 1, -1});
        r.constant = c->constant;
        bool exact = true;
        for (int64_t n = first + d; n <= last && exact; ++n) exact = step_holds(r, {}, values, n, nullptr);
        if (!exact) continue;
        r.text = text_of(r, parameters);
        return r;
      }
    }
  return std::nullopt;
}

/// Whether `r` holds at every step of every slice where its predecessors are known, and
/// at at least one step of each.
bool holds_everywhere(const recurrence& r, const std::vector<slice>& slices) {
  for (const auto& s : slices) {
    size_t steps = 0;
    for (const auto& [n, v] : s.values) {
      if (!known(r, s.others, s.values, n)) continue;
      if (!step_holds(r, s.others, s.values, n, nullptr)) return false;
      ++steps;
    }
    if (steps == 0) return false;
  }
  return true;
}

/// One form for every slice: from each slice's recurrence, each lag read either as it is or
/// as another parameter's value plus -1, 0 or 1 in that slice; the first reading that holds
/// at every step of every slice.
std::optional<recurrence> common_form(const std::vector<slice>& slices, const std::vector<std::string>& parameters) {
  if (slices.size() < 2) return std::nullopt;
  for (const auto& s : slices) {
    if (!s.found) continue;
    // The readings of each term: its lag as it is, or a parameter's value plus a shift.
    std::vector<std::vector<recurrence_term>> readings;
    for (const auto& t : s.found->terms) {
      std::vector<recurrence_term> options{t};
      for (size_t p = 0; p < s.others.size(); ++p)
        for (int64_t shift : {0, -1, 1})
          if (s.others[p] + shift == t.lag) options.push_back({t.coefficient, shift, static_cast<int>(p)});
      readings.push_back(options);
    }
    std::vector<size_t> pick(readings.size(), 0);
    while (true) {
      recurrence r;
      r.constant = s.found->constant;
      for (size_t i = 0; i < pick.size(); ++i) r.terms.push_back(readings[i][pick[i]]);
      if (holds_everywhere(r, slices)) {
        r.text = text_of(r, parameters);
        return r;
      }
      size_t i = 0;
      while (i < pick.size() && ++pick[i] == readings[i].size()) pick[i++] = 0;
      if (i == pick.size()) break;
    }
  }
  return std::nullopt;
}

}  // namespace

recurrences_found recurrences(const table& t) {
  recurrences_found out;
  for (const auto& row : t.rows)
    if (row.value.s != expr::scalar::integer) return out;
  const size_t last = t.parameters.size() - 1;
  std::map<std::vector<int64_t>, size_t> index;
  for (const auto& row : t.rows) {
    const std::vector<int64_t> others(row.at.begin(), row.at.begin() + static_cast<long>(last));
    auto it = index.find(others);
    if (it == index.end()) {
      it = index.emplace(others, out.slices.size()).first;
      slice s;
      s.others = others;
      for (size_t p = 0; p < last; ++p)
        s.name += (s.name.empty() ? "" : ", ") + t.parameters[p] + " = " + std::to_string(others[p]);
      out.slices.push_back(std::move(s));
    }
    out.slices[it->second].values[row.at[last]] = row.value.i;
  }
  for (auto& s : out.slices) s.found = fit_slice(s.values, t.parameters);
  out.common = common_form(out.slices, t.parameters);
  return out;
}

std::optional<step_failure> check_steps(const recurrence& r, const slice& s, const std::map<int64_t, int64_t>& values,
                                        const std::vector<int64_t>& at, size_t& checked) {
  checked = 0;
  for (int64_t n : at) {
    if (!known(r, s.others, values, n)) continue;
    ++checked;
    std::string predicted;
    if (!step_holds(r, s.others, values, n, &predicted)) return step_failure{n, values.at(n), predicted};
  }
  return std::nullopt;
}

}  // namespace tv::host::guess
