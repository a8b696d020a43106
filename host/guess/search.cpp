// The search over the grammar (see search.hpp).
#include "host/guess/search.hpp"

#include <algorithm>
#include <functional>
#include <tuple>
#include <map>
#include <set>

#include "host/guess/fit.hpp"
#include "host/guess/formula.hpp"
#include "host/guess/grammar.hpp"

namespace tv::host::guess {

namespace {

struct candidate {
  std::string text;
  int size = 0;
};

long double as_long_double(const expr::value& v) {
  return static_cast<long double>(v.i) / static_cast<long double>(v.den);
}

/// Every combination of up to `most_terms` usable terms (at most one product), fitted;
/// `found` gets the text of each fit.
void combinations(const std::vector<term>& terms, const fitter& f, size_t most_terms,
                  const std::function<void(const std::vector<size_t>&, const fitted&)>& found) {
  std::vector<size_t> usable;
  for (size_t i = 0; i < terms.size(); ++i)
    if (terms[i].usable && f.usable(i)) usable.push_back(i);
  std::vector<size_t> picks;
  const auto attempt = [&]() {
    if (const auto c = f.fit(picks)) found(picks, *c);
  };
  attempt();  // a constant
  const size_t u = usable.size();
  for (size_t a = 0; a < u && most_terms >= 1; ++a) {
    picks = {usable[a]};
    attempt();
    for (size_t b = a + 1; b < u && most_terms >= 2; ++b) {
      if (terms[usable[a]].product && terms[usable[b]].product) continue;
      picks = {usable[a], usable[b]};
      attempt();
      for (size_t c = b + 1; c < u && most_terms >= 3; ++c) {
        const int products = terms[usable[a]].product + terms[usable[b]].product + terms[usable[c]].product;
        if (products > 1) continue;
        picks = {usable[a], usable[b], usable[c]};
        attempt();
      }
    }
  }
}

std::string text_of(const std::vector<term>& terms, const std::vector<size_t>& picks, const fitted& c) {
  std::vector<std::string> texts;
  for (size_t p : picks) texts.push_back(terms[p].text);
  return linear_text(texts, c.coefficients, c.constant);
}

/// The parameters' values a formula is compared on beyond the table: each parameter's
/// values in the table and its next six, crossed (at most about 4000 points).
std::vector<std::vector<int64_t>> beyond(const table& t) {
  std::vector<std::vector<int64_t>> axes;
  for (size_t p = 0; p < t.parameters.size(); ++p) {
    std::set<int64_t> v;
    for (const auto& r : t.rows) v.insert(r.at[p]);
    const int64_t top = *v.rbegin();
    for (int64_t k = 1; k <= 6; ++k) v.insert(top + k);
    axes.push_back({v.begin(), v.end()});
  }
  size_t total = 1;
  for (const auto& a : axes) total *= a.size();
  while (total > 4000) {  // keep the largest values of the longest axis
    auto& longest = *std::max_element(axes.begin(), axes.end(), [](auto& a, auto& b) { return a.size() < b.size(); });
    total = total / longest.size() * (longest.size() - 1);
    longest.erase(longest.begin());
  }
  std::vector<std::vector<int64_t>> points{{}};
  for (const auto& a : axes) {
    std::vector<std::vector<int64_t>> next;
    for (const auto& p : points)
      for (int64_t v : a) {
        next.push_back(p);
        next.back().push_back(v);
      }
    points = std::move(next);
  }
  return points;
}

}  // namespace

std::vector<guessed> search(const table& t, size_t most) {
  const std::vector<term> terms = terms_of(t);
  std::vector<long double> y;
  for (const auto& r : t.rows) y.push_back(as_long_double(r.value));
  std::vector<size_t> all(t.rows.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;

  std::map<std::string, int> found;  // text -> size, each exact on every row
  const auto keep = [&](const std::string& text) {
    if (found.count(text)) return;
    const formula f(text, t.parameters);
    if (f.fits(t)) found[text] = f.size();
  };

  // Linear combinations over every row.
  const fitter whole(terms, y, all);
  combinations(terms, whole, 3, [&](const auto& picks, const fitted& c) { keep(text_of(terms, picks, c)); });

  // Case splits: each side fitted on its own rows, the simplest few of each side paired.
  // A split is kept only when neither side alone fits every row: a side that does is
  // already a formula of its own, and the split around it adds a branch the table does
  // not ask for, fitted on a few rows (if(lambda % n == 0, n - fib(n) + 1, F) beside F).
  const size_t side_most = most + 3;
  std::map<std::string, bool> fits_alone;
  const auto alone = [&](const std::string& text) {
    const auto it = fits_alone.find(text);
    if (it != fits_alone.end()) return it->second;
    return fits_alone[text] = formula(text, t.parameters).fits(t);
  };
  for (const condition& cond : conditions_of(t)) {
    std::vector<candidate> sides[2];
    for (int s = 0; s < 2; ++s) {
      std::vector<size_t> rows;
      for (size_t i = 0; i < t.rows.size(); ++i)
        if (cond.on[i] == (s == 0)) rows.push_back(i);
      const fitter part(terms, y, rows);
      std::set<std::string> seen;
      combinations(terms, part, 2, [&](const auto& picks, const fitted& c) {
        const std::string text = text_of(terms, picks, c);
        if (seen.insert(text).second) sides[s].push_back({text, formula(text, t.parameters).size()});
      });
      std::sort(sides[s].begin(), sides[s].end(),
                [](const candidate& a, const candidate& b) { return std::tie(a.size, a.text) < std::tie(b.size, b.text); });
      if (sides[s].size() > side_most) sides[s].resize(side_most);
    }
    for (const auto& a : sides[0])
      for (const auto& b : sides[1])
        if (!alone(a.text) && !alone(b.text)) keep("if(" + cond.text + ", " + a.text + ", " + b.text + ")");
  }

  std::vector<candidate> ordered;
  for (const auto& [text, size] : found) ordered.push_back({text, size});
  std::sort(ordered.begin(), ordered.end(),
            [](const candidate& a, const candidate& b) { return std::tie(a.size, a.text) < std::tie(b.size, b.text); });

  // One formula for each set of formulas that agree everywhere they are compared.
  const auto points = beyond(t);
  std::vector<guessed> out;
  std::vector<std::vector<std::string>> signatures;
  for (const auto& c : ordered) {
    const formula f(c.text, t.parameters);
    std::vector<std::string> sig;
    for (const auto& p : points) {
      const auto v = f.at(p);
      sig.push_back(v ? expr::to_text(*v) : "-");
    }
    bool same = false;
    for (size_t i = 0; i < signatures.size() && !same; ++i)
      if (signatures[i] == sig) {
        ++out[i].equivalents;
        same = true;
      }
    if (same) continue;
    if (out.size() == most) continue;  // count the equivalents of those shown, show no more
    signatures.push_back(std::move(sig));
    out.push_back({c.text, c.size, t.rows.size(), 0});
  }
  return out;
}

}  // namespace tv::host::guess
