// Least squares and fractions (see fit.hpp).
#include "host/guess/fit.hpp"

#include <cmath>
#include <numeric>

namespace tv::host::guess {

namespace {

/// The fraction nearest x with a denominator up to 1000, when within 1e-6 of it.
std::optional<ratio> as_fraction(long double x) {
  if (!std::isfinite(x) || std::fabs(x) > 1e12L) return std::nullopt;
  const long double tolerance = 1e-6L * std::max<long double>(1, std::fabs(x));
  // Continued fraction convergents h/k of x.
  long double rest = x;
  long double h0 = 1, h1 = std::floor(rest), k0 = 0, k1 = 1;
  for (int step = 0; step < 40; ++step) {
    if (std::fabs(x - h1 / k1) <= tolerance) {
      ratio r{static_cast<int64_t>(h1), static_cast<int64_t>(k1)};
      const int64_t g = std::gcd(r.num, r.den);
      return ratio{r.num / g, r.den / g};
    }
    const long double frac = rest - std::floor(rest);
    if (frac < 1e-18L) break;
    rest = 1 / frac;
    const long double a = std::floor(rest);
    const long double h2 = a * h1 + h0, k2 = a * k1 + k0;
    if (k2 > 1000) break;
    h0 = h1; h1 = h2; k0 = k1; k1 = k2;
  }
  return std::nullopt;
}

}  // namespace

fitter::fitter(const std::vector<term>& terms, const std::vector<long double>& y, std::vector<size_t> rows)
    : terms_(terms), y_(y), rows_(std::move(rows)) {
  const size_t k = terms.size() + 1;
  const auto column = [&](size_t j, size_t r) { return j == 0 ? 1.0L : terms[j - 1].on[r]; };
  scale_.assign(k, 0);
  for (size_t j = 0; j < k; ++j) {
    if (j > 0 && !terms[j - 1].usable) continue;
    long double s = 0;
    for (size_t r : rows_) s += column(j, r) * column(j, r);
    scale_[j] = std::sqrt(s);
  }
  long double ys = 0;
  for (size_t r : rows_) ys += y[r] * y[r];
  y_scale_ = ys > 0 ? std::sqrt(ys) : 1;
  gram_.assign(k, std::vector<long double>(k, 0));
  rhs_.assign(k, 0);
  for (size_t a = 0; a < k; ++a) {
    if (scale_[a] == 0) continue;
    for (size_t b = a; b < k; ++b) {
      if (scale_[b] == 0) continue;
      long double s = 0;
      for (size_t r : rows_) s += column(a, r) * column(b, r);
      gram_[a][b] = gram_[b][a] = s / (scale_[a] * scale_[b]);
    }
    long double s = 0;
    for (size_t r : rows_) s += column(a, r) * y[r];
    rhs_[a] = s / (scale_[a] * y_scale_);
  }
}

std::optional<fitted> fitter::fit(const std::vector<size_t>& picks, bool with_constant) const {
  std::vector<size_t> cols;
  if (with_constant) cols.push_back(0);
  for (size_t p : picks) {
    if (!usable(p)) return std::nullopt;
    cols.push_back(p + 1);
  }
  const size_t k = cols.size();
  if (rows_.size() < 2 * k + 1) return std::nullopt;  // more rows than twice the coefficients confirm a fit
  // Gaussian elimination with partial pivoting on the k x k normal equations.
  std::vector<std::vector<long double>> m(k, std::vector<long double>(k + 1));
  for (size_t a = 0; a < k; ++a) {
    for (size_t b = 0; b < k; ++b) m[a][b] = gram_[cols[a]][cols[b]];
    m[a][k] = rhs_[cols[a]];
  }
  for (size_t c = 0; c < k; ++c) {
    size_t best = c;
    for (size_t r = c + 1; r < k; ++r)
      if (std::fabs(m[r][c]) > std::fabs(m[best][c])) best = r;
    if (std::fabs(m[best][c]) < 1e-12L) return std::nullopt;  // dependent on these rows
    std::swap(m[c], m[best]);
    for (size_t r = 0; r < k; ++r) {
      if (r == c) continue;
      const long double f = m[r][c] / m[c][c];
      for (size_t j = c; j <= k; ++j) m[r][j] -= f * m[c][j];
    }
  }
  fitted out;
  std::vector<long double> value(k);
  for (size_t c = 0; c < k; ++c) {
    const long double x = m[c][k] / m[c][c] * y_scale_ / scale_[cols[c]];
    const std::optional<ratio> q = as_fraction(x);
    if (!q) return std::nullopt;
    if (cols[c] > 0 && q->num == 0) return std::nullopt;  // a smaller formula says the same
    value[c] = static_cast<long double>(q->num) / static_cast<long double>(q->den);
    if (cols[c] == 0) out.constant = *q;
    else out.coefficients.push_back(*q);
  }
  for (size_t r : rows_) {
    long double p = 0;
    for (size_t c = 0; c < k; ++c) p += value[c] * (cols[c] == 0 ? 1.0L : terms_[cols[c] - 1].on[r]);
    if (std::fabs(p - y_[r]) > 1e-9L * std::max<long double>(1, std::fabs(y_[r]))) return std::nullopt;
  }
  return out;
}

}  // namespace tv::host::guess
