// The expression language's front end (kernels/expr/parser.hpp): precedence, columns,
// names and functions resolved with their nearest names, and every class of error with
// the column it points at.
#include <gtest/gtest.h>

#include "kernels/expr/evaluate.hpp"
#include "kernels/expr/parser.hpp"

namespace {

using namespace tv::expr;

/// The names a claim about a network sees (a few of them).
name_table claim_names() {
  name_table t;
  t.add("n", {scalar::integer});
  t.add("radius", {scalar::integer});
  t.add("diameter", {scalar::integer});
  t.add("average_distance", {scalar::real});
  t.add("broadcast.rounds_max", {scalar::integer});
  t.add("metrics.effective_diameter_90", {scalar::integer});
  t.add("degree", {scalar::integer, true});
  return t;
}

/// The error parse raises on `text`.
expr_error error_of(const std::string& text, const name_table& names = claim_names()) {
  try {
    parse(text, names);
  } catch (const expr_error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << text;
  return expr_error(0, "none");
}

/// A text parse refuses: the column its error points at and what the message says.
struct bad_text {
  const char* text;
  int column;
  const char* says;
};

/// Each text raises an error at its column whose message says what the case says.
template <size_t N>
void expect_errors(const bad_text (&cases)[N]) {
  for (const auto& c : cases) {
    const expr_error e = error_of(c.text);
    EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << c.text << ": " << e.what();
  }
}

/// The value of a one-value expression with no names bound but n.
value eval(const std::string& text, int64_t n = 5) {
  const name_table names = claim_names();
  const expression e = parse(text, names);
  bindings b;
  b.set(*names.find("n"), value::integer(n));
  return evaluator(e, b).result();
}

TEST(ExprParser, PrecedenceFollowsPythonSoBitTestsNeedNoParentheses) {
  EXPECT_EQ(eval("1 + 2 * 3").i, 7);
  EXPECT_EQ(eval("(1 + 2) * 3").i, 9);
  EXPECT_EQ(eval("10 - 3 - 2").i, 5);  // left-associative
  EXPECT_TRUE(eval("n & 1 == 1", 5).truth());   // (n & 1) == 1
  EXPECT_FALSE(eval("n & 1 == 1", 4).truth());
  EXPECT_EQ(eval("1 | 2 ^ 3 & 5").i, 1 | (2 ^ (3 & 5)));
  EXPECT_EQ(eval("1 << 2 + 1").i, 8);  // shifts below + -
  EXPECT_TRUE(eval("1 < 2 && 2 < 3 || false").truth());
  EXPECT_EQ(eval("-2 * -3").i, 6);
  EXPECT_TRUE(eval("!(1 > 2)").truth());
  EXPECT_EQ(eval("0x1F + 0b101").i, 36);
}

TEST(ExprParser, NodesKeepTheirColumnsAndText) {
  const name_table names = claim_names();
  const expression e = parse("radius == ceil((n + 1) / 2)", names);
  const node& root = e.at(e.root);
  ASSERT_EQ(root.kind, node_kind::binary);
  EXPECT_EQ(root.oper, op::eq);
  EXPECT_EQ(e.text_of(root.args[0]), "radius");
  EXPECT_EQ(e.text_of(root.args[1]), "ceil((n + 1) / 2)");
  EXPECT_EQ(e.at(root.args[1]).column, 11);
  const node& division = e.at(e.at(root.args[1]).args[0]);
  EXPECT_EQ(e.text_of(division.args[0]), "(n + 1)");
  EXPECT_EQ(e.type(), (value_type{scalar::boolean, false}));
  EXPECT_EQ(e.at(root.args[1]).type.s, scalar::integer);
  EXPECT_EQ(division.type.s, scalar::rational);
  // The names read, once each, in order.
  const expression f = parse("diameter - radius <= radius + n", names);
  const std::vector<int> read = f.names_read();
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(names.at(read[0]).name, "diameter");
  EXPECT_EQ(names.at(read[1]).name, "radius");
  EXPECT_EQ(names.at(read[2]).name, "n");
}

TEST(ExprParser, DottedNamesResolve) {
  const name_table names = claim_names();
  const expression e = parse("broadcast.rounds_max <= metrics.effective_diameter_90 + 1", names);
  EXPECT_EQ(e.names_read().size(), 2u);
}

TEST(ExprParser, UnknownNamesAndFunctionsNameTheColumnAndTheNearest) {
  expr_error e = error_of("radus == ceil(n/2)");
  EXPECT_EQ(e.column(), 1);
  EXPECT_NE(e.message().find("unknown name 'radus'"), std::string::npos);
  ASSERT_FALSE(e.suggestions().empty());
  EXPECT_EQ(e.suggestions()[0], "radius");
  EXPECT_NE(std::string(e.what()).find("(did you mean: radius"), std::string::npos);

  e = error_of("n + diamter");
  EXPECT_EQ(e.column(), 5);
  EXPECT_EQ(e.suggestions()[0], "diameter");

  e = error_of("rounds_max > 1");  // the last part of a dotted name
  ASSERT_FALSE(e.suggestions().empty());
  EXPECT_EQ(e.suggestions()[0], "broadcast.rounds_max");

  e = error_of("radius == cel(n / 2)");
  EXPECT_EQ(e.column(), 11);
  EXPECT_NE(e.message().find("unknown function 'cel'"), std::string::npos);
  EXPECT_EQ(e.suggestions()[0], "ceil");

  e = error_of("radius(1) == 1");
  EXPECT_NE(e.message().find("is a value, not a function"), std::string::npos);
  e = error_of("ceil == 1");
  EXPECT_NE(e.message().find("is a function"), std::string::npos);
}

TEST(ExprParser, SyntaxErrorsPointAtTheirColumn) {
  const bad_text cases[] = {
      {"", 1, "empty"},
      {"n +", 4, "ends where a value is expected"},
      {"(n + 1", 1, "never closed"},
      {"n n", 3, "after a complete expression"},
      {"n = 1", 3, "compare with =="},
      {"1 < n < 3", 7, "do not chain"},
      {"ceil()", 1, "takes 1 argument"},
      {"gcd(n)", 1, "takes 2 arguments"},
      {"min(n, 1", 4, "never closed"},
      {"n + )", 5, "where a value is expected"},
      {"n)", 2, "no matching"},
      {"n # 2", 3, "unexpected character"},
      {"12ab", 1, "not a number"},
      {"9223372036854775808", 1, "larger than 2^63 - 1"},
      {"1e", 1, "malformed number"},
      {"0x", 1, "no digits"},
      {"0b102", 1, "not a number in base 2"},
  };
  expect_errors(cases);
  EXPECT_NE(std::string(error_of(std::string(300, '(') + "1" + std::string(300, ')')).what())
                .find("nests more than 200"),
            std::string::npos);
}

TEST(ExprParser, TypeErrorsNameTheOperandAndItsType) {
  const bad_text cases[] = {
      {"n && 1", 1, "takes conditions (bools), but 'n' is integer"},
      {"n % 2.5", 5, "takes integers, but '2.5' is float"},
      {"n % (n / 2)", 5, "(take floor(...) or ceil(...) of it)"},
      {"(n > 1) + 1", 1, "takes numbers, but '(n > 1)' is bool"},
      {"all(n > 1)", 5, "takes a per-node value"},
      {"sum(degree > 1)", 5, "takes numbers"},
      {"min(n)", 5, "per-node value"},
      {"n == true", 1, "compares a bool with a number"},
      {"if(n, 1, 2)", 4, "takes conditions"},
      {"if(n > 1, 1, true)", 14, "both be numbers or both be conditions"},
      {"bit(n, 1/2)", 8, "takes integers"},
      {"~average_distance", 2, "takes integers"},
  };
  expect_errors(cases);
}

TEST(ExprParser, TypesPromoteAndReductionsGiveOneValue) {
  const name_table names = claim_names();
  auto type_of = [&](const char* text) { return parse(text, names).type(); };
  EXPECT_EQ(type_of("n + 1"), (value_type{scalar::integer, false}));
  EXPECT_EQ(type_of("n / 2"), (value_type{scalar::rational, false}));
  EXPECT_EQ(type_of("n / 2 + 1"), (value_type{scalar::rational, false}));
  EXPECT_EQ(type_of("n / 2.0"), (value_type{scalar::real, false}));
  EXPECT_EQ(type_of("average_distance * n"), (value_type{scalar::real, false}));
  EXPECT_EQ(type_of("log2(n)"), (value_type{scalar::real, false}));
  EXPECT_EQ(type_of("ceil(log2(n))"), (value_type{scalar::integer, false}));
  EXPECT_EQ(type_of("pow(n, 2)"), (value_type{scalar::integer, false}));
  EXPECT_EQ(type_of("pow(n / 2, 2)"), (value_type{scalar::rational, false}));
  EXPECT_EQ(type_of("pow(n, 0.5)"), (value_type{scalar::real, false}));
  EXPECT_EQ(type_of("degree * 2"), (value_type{scalar::integer, true}));
  EXPECT_EQ(type_of("degree >= n / 2"), (value_type{scalar::boolean, true}));
  EXPECT_EQ(type_of("count(degree == 2)"), (value_type{scalar::integer, false}));
  EXPECT_EQ(type_of("max(degree)"), (value_type{scalar::integer, false}));
  EXPECT_EQ(type_of("max(degree, n)"), (value_type{scalar::integer, true}));
  EXPECT_EQ(type_of("sum(degree / 2)"), (value_type{scalar::rational, false}));
  EXPECT_EQ(type_of("all(degree <= max(degree))"), (value_type{scalar::boolean, false}));
  // ceil(log2(x)) of an exact x is folded into one exact node.
  const expression e = parse("ceil(log2(n))", names);
  EXPECT_EQ(e.at(e.root).fn, builtin::ceil_log2);
  EXPECT_EQ(e.at(e.at(e.root).args[0]).kind, node_kind::name);
}

TEST(ExprParser, ParseAsRequiresTheType) {
  const name_table names = claim_names();
  EXPECT_NO_THROW(parse_as("radius <= diameter", names, {scalar::boolean, false}));
  try {
    parse_as("degree == 2", names, {scalar::boolean, false});
    ADD_FAILURE() << "a per-node condition is not a claim";
  } catch (const expr_error& e) {
    EXPECT_NE(e.message().find("all(...), any(...) or count(...)"), std::string::npos) << e.what();
  }
  try {
    parse_as("radius + 1", names, {scalar::boolean, false});
    ADD_FAILURE() << "a number is not a claim";
  } catch (const expr_error& e) {
    EXPECT_NE(e.message().find("is integer, not bool"), std::string::npos) << e.what();
  }
}

TEST(ExprParser, NearestNamesByEditDistance) {
  EXPECT_EQ(edit_distance("radius", "radus"), 1);
  EXPECT_EQ(edit_distance("", "abc"), 3);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3);
  const std::vector<std::string> known = {"radius", "diameter", "nodes", "N", "wiener"};
  EXPECT_EQ(nearest_names("raidus", known), std::vector<std::string>{"radius"});
  EXPECT_TRUE(nearest_names("zzzzzzzz", known).empty());
}

}  // namespace
