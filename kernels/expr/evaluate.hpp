// Evaluating a checked expression (ast.hpp) on the host: one-value nodes once each, and
// per-node values column by column, a chunk of nodes at a time, so a statement over 10^7
// nodes runs at array speed and is never re-parsed per node.  The caller binds each name
// the expression reads: a value for a one-value name, a function that fills a chunk for a
// per-node one.  Failures of a per-node statement are explained by the node where they
// happen: first_node finds it, value_at gives any node's value there.
//
//   bindings b;
//   b.set(n_id, value::integer(5));
//   b.set_nodes(32);
//   b.set_per_node(degree_id, [&](uint64_t first, size_t count, int64_t* out) { ... });
//   evaluator ev(e, b);
//   bool holds = ev.result().truth();
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "kernels/expr/ast.hpp"
#include "kernels/expr/exact.hpp"

namespace tv::expr {

/// The values of the names an expression reads.  Per-node names are integers (a degree, an
/// eccentricity, a label), filled `count` nodes from node `first` into `out`.
class bindings {
 public:
  using fill_fn = std::function<void(uint64_t first, size_t count, int64_t* out)>;
  void set(int name_id, value v);
  void set_nodes(uint64_t count) { nodes_ = count; }
  void set_per_node(int name_id, fill_fn fill);

  const value* find(int name_id) const;
  const fill_fn* find_per_node(int name_id) const;
  std::optional<uint64_t> nodes() const { return nodes_; }

 private:
  std::vector<std::optional<value>> values_;
  std::vector<fill_fn> fills_;
  std::optional<uint64_t> nodes_;
};

/// Nodes of a column evaluated at a time: small enough that a statement's columns stay in
/// the cache, large enough that the per-chunk work (a fill call per name) is noise.
inline constexpr size_t chunk_nodes = 2048;

class evaluator {
 public:
  /// Both must outlive the evaluator.
  evaluator(const expression& e, const bindings& b);

  /// @brief The expression's value (its root must be a one-value node).
  value result() { return value_of(e_.root); }
  /// @brief A one-value node's value, computed once.  Raises expr_error on an overflow,
  /// a division by zero, a value outside a function's domain, or a name not bound.
  value value_of(int i);
  /// @brief A per-node node's value at one node (a one-value node's value anywhere).
  value value_at(int i, uint64_t node);
  /// @brief The first node where the per-node condition i is `truth`, or nothing.
  std::optional<uint64_t> first_node(int i, bool truth);

 private:
  struct column {
    std::vector<int64_t> a, b;  // integers and bools in a; a rational's numerator a, denominator b
    std::vector<double> f;      // floats
  };
  const column& column_of(int i, uint64_t first, size_t count);
  void compute_column(int i, uint64_t first, size_t count);
  bool fast_integer_loop(int i, size_t count);
  bool fast_rational_comparison(int i, size_t count);
  void node_by_node(int i, uint64_t first, size_t count);
  value element(int i, size_t j) const;  // column i's value at position j
  void store(int i, size_t j, const value& v);
  value reduce(int i);
  uint64_t nodes() const;

  const expression& e_;
  const bindings& b_;
  std::vector<std::optional<value>> memo_;
  std::vector<column> columns_;
  std::vector<std::pair<uint64_t, size_t>> filled_;  // the chunk each column holds
};

}  // namespace tv::expr
