// The recursive-descent parser (see parser.hpp): one function per precedence level, from
// || down to the operands, each node recorded with its columns; names and functions
// resolved as they are read.
#include "kernels/expr/parser.hpp"

#include <algorithm>

#include "kernels/expr/lexer.hpp"

namespace tv::expr {

namespace {

struct function_entry {
  const char* name;
  builtin fn;
  int min_args, max_args;  // max_args -1: any number from min_args
};

// What the user may call.  min and max take one per-node value (a reduction) or two or
// more values; the type checker tells which.
constexpr function_entry functions[] = {
    {"ceil", builtin::ceil, 1, 1},         {"floor", builtin::floor, 1, 1},
    {"log2", builtin::log2, 1, 1},         {"sqrt", builtin::sqrt, 1, 1},
    {"min", builtin::min, 1, -1},          {"max", builtin::max, 1, -1},
    {"abs", builtin::abs, 1, 1},           {"gcd", builtin::gcd, 2, 2},
    {"binomial", builtin::binomial, 2, 2}, {"fib", builtin::fib, 1, 1},
    {"pow", builtin::pow, 2, 2},           {"if", builtin::if_, 3, 3},
    {"bit", builtin::bit, 2, 2},           {"popcount", builtin::popcount, 1, 1},
    {"all", builtin::all, 1, 1},           {"any", builtin::any, 1, 1},
    {"count", builtin::count, 1, 1},       {"sum", builtin::sum, 1, 1},
};

const function_entry* find_function(const std::string& name) {
  for (const auto& f : functions)
    if (name == f.name) return &f;
  return nullptr;
}

std::vector<std::string> known_names(const name_table& names) {
  std::vector<std::string> v;
  for (const auto& e : names.entries()) v.push_back(e.name);
  return v;
}

class parser {
 public:
  parser(const std::string& text, const name_table& names)
      : tokens_(tokenize(text)), names_(names) {
    e_.text = text;
  }

  expression run() {
    if (peek().kind == token_kind::end) throw expr_error(1, "the expression is empty");
    e_.root = disjunction();
    if (peek().kind != token_kind::end) {
      const token& t = peek();
      if (t.text == ")") throw expr_error(t.column, "')' has no matching '('");
      throw expr_error(t.column, "unexpected '" + t.text + "' after a complete expression (an operator is missing?)");
    }
    return std::move(e_);
  }

 private:
  const token& peek() const { return tokens_[pos_]; }
  bool at_symbol(const char* s) const { return peek().kind == token_kind::symbol && peek().text == s; }
  const token& take() { return tokens_[pos_++]; }
  int last_end() const {
    const token& t = tokens_[pos_ - 1];
    return t.column + static_cast<int>(t.text.size());
  }

  int add(node n) {
    n.end_column = last_end();
    e_.nodes.push_back(std::move(n));
    return static_cast<int>(e_.nodes.size()) - 1;
  }

  int binary_node(op o, int left, int right) {
    node n;
    n.kind = node_kind::binary;
    n.oper = o;
    n.column = e_.at(left).column;
    n.args = {left, right};
    return add(std::move(n));
  }

  /// One left-associative level: operands by `next`, operators from `ops`.
  template <class Next>
  int level(Next next, std::initializer_list<std::pair<const char*, op>> ops) {
    int left = (this->*next)();
    while (true) {
      bool matched = false;
      for (const auto& [sym, o] : ops)
        if (at_symbol(sym)) {
          take();
          const int right = (this->*next)();
          left = binary_node(o, left, right);
          matched = true;
          break;
        }
      if (!matched) return left;
    }
  }

  // Each nesting (parentheses, arguments, unary operators) recurses once: a bound keeps a
  // pathological text from exhausting the stack.
  struct nesting {
    int& depth;
    nesting(int& d, int column) : depth(d) {
      if (++depth > 200) throw expr_error(column, "the expression nests more than 200 levels deep");
    }
    ~nesting() { --depth; }
  };

  int disjunction() {
    const nesting guard(depth_, peek().column);
    return level(&parser::conjunction, {{"||", op::logical_or}});
  }
  int conjunction() { return level(&parser::comparison, {{"&&", op::logical_and}}); }

  int comparison() {
    static const std::pair<const char*, op> ops[] = {{"==", op::eq}, {"!=", op::ne}, {"<=", op::le},
                                                     {">=", op::ge}, {"<", op::lt},  {">", op::gt}};
    const int left = bit_or();
    for (const auto& [sym, o] : ops)
      if (at_symbol(sym)) {
        take();
        const int right = bit_or();
        for (const auto& [sym2, o2] : ops)
          if (at_symbol(sym2))
            throw expr_error(peek().column, "comparisons do not chain: write a < b && b < c");
        return binary_node(o, left, right);
      }
    return left;
  }

  int bit_or() { return level(&parser::bit_xor, {{"|", op::bit_or}}); }
  int bit_xor() { return level(&parser::bit_and, {{"^", op::bit_xor}}); }
  int bit_and() { return level(&parser::shift, {{"&", op::bit_and}}); }
  int shift() { return level(&parser::additive, {{"<<", op::shl}, {">>", op::shr}}); }
  int additive() { return level(&parser::multiplicative, {{"+", op::add}, {"-", op::sub}}); }
  int multiplicative() {
    return level(&parser::unary, {{"*", op::mul}, {"/", op::div}, {"%", op::mod}});
  }

  int unary() {
    static const std::pair<const char*, op> ops[] = {{"-", op::neg}, {"~", op::bit_not}, {"!", op::logical_not}};
    for (const auto& [sym, o] : ops)
      if (at_symbol(sym)) {
        node n;
        n.kind = node_kind::unary;
        n.oper = o;
        n.column = take().column;
        const nesting guard(depth_, n.column);
        n.args = {unary()};
        return add(std::move(n));
      }
    return primary();
  }

  int primary() {
    const token& t = take();
    node n;
    n.column = t.column;
    switch (t.kind) {
      case token_kind::integer:
        n.kind = node_kind::integer_literal;
        n.integer = t.integer;
        return add(std::move(n));
      case token_kind::real:
        n.kind = node_kind::real_literal;
        n.real = t.real;
        return add(std::move(n));
      case token_kind::name:
        return name_or_call(t);
      case token_kind::end:
        throw expr_error(t.column, "the expression ends where a value is expected");
      case token_kind::symbol:
        break;
    }
    if (t.text == "(") {
      const int inner = disjunction();
      if (!at_symbol(")")) {
        if (peek().kind == token_kind::end)
          throw expr_error(t.column, "'(' is never closed");
        throw expr_error(peek().column, "expected ')' to close the '(' at column " +
                                            std::to_string(t.column) + ", found '" + peek().text + "'");
      }
      take();
      // The parenthesized node spans its parentheses, so messages quote "(a + b)".
      e_.nodes[static_cast<size_t>(inner)].column = t.column;
      e_.nodes[static_cast<size_t>(inner)].end_column = last_end();
      return inner;
    }
    throw expr_error(t.column, "'" + t.text + "' where a value is expected");
  }

  int name_or_call(const token& t) {
    node n;
    n.column = t.column;
    if (at_symbol("(")) {
      const function_entry* f = find_function(t.text);
      if (!f) {
        if (names_.find(t.text))
          throw expr_error(t.column, "'" + t.text + "' is a value, not a function");
        throw expr_error(t.column, "unknown function '" + t.text + "'",
                         nearest_names(t.text, function_names()));
      }
      const int open = take().column;
      n.kind = node_kind::call;
      n.fn = f->fn;
      if (!at_symbol(")")) {
        while (true) {
          n.args.push_back(disjunction());
          if (at_symbol(",")) {
            take();
            continue;
          }
          if (at_symbol(")")) break;
          if (peek().kind == token_kind::end) throw expr_error(open, "'(' of " + t.text + " is never closed");
          throw expr_error(peek().column, "expected ',' or ')' in the arguments of " + t.text + ", found '" +
                                              peek().text + "'");
        }
      }
      take();  // ')'
      const int count = static_cast<int>(n.args.size());
      if (count < f->min_args || (f->max_args >= 0 && count > f->max_args)) {
        const std::string wanted =
            f->max_args < 0 ? "at least " + std::to_string(f->min_args)
            : f->min_args == f->max_args ? std::to_string(f->min_args)
                                         : std::to_string(f->min_args) + " to " + std::to_string(f->max_args);
        throw expr_error(t.column, std::string(f->name) + " takes " + wanted + " argument" +
                                       (wanted == "1" ? "" : "s") + ", not " + std::to_string(count));
      }
      return add(std::move(n));
    }
    if (t.text == "true" || t.text == "false") {
      n.kind = node_kind::bool_literal;
      n.boolean = t.text == "true";
      return add(std::move(n));
    }
    const std::optional<int> id = names_.find(t.text);
    if (!id) {
      if (find_function(t.text))
        throw expr_error(t.column, "'" + t.text + "' is a function: call it as " + t.text + "(...)");
      throw expr_error(t.column, "unknown name '" + t.text + "'", nearest_names(t.text, known_names(names_)));
    }
    n.kind = node_kind::name;
    n.name_id = *id;
    return add(std::move(n));
  }

  std::vector<token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  const name_table& names_;
  expression e_;
};

}  // namespace

std::vector<std::string> function_names() {
  std::vector<std::string> v;
  for (const auto& f : functions) v.push_back(f.name);
  return v;
}

expression parse(const std::string& text, const name_table& names) {
  expression e = parser(text, names).run();
  type_check(e, names);
  return e;
}

expression parse_as(const std::string& text, const name_table& names, value_type want) {
  expression e = parse(text, names);
  if (e.type() != want)
    throw expr_error(1, "the expression is " + type_name(e.type()) + ", not " + type_name(want) +
                            (want.s == scalar::boolean && e.type().per_node
                                 ? " (a per-node condition needs all(...), any(...) or count(...))"
                             : want.s == scalar::boolean ? " (a claim is a condition such as a == b)"
                                                         : ""));
  return e;
}

}  // namespace tv::expr
