// The expression language's front end: text to a checked syntax tree (ast.hpp) in one
// call, before any work.  A recursive-descent parser builds the tree with every node's
// column, resolves names against the caller's table and functions against the builtins,
// and the type checker (type_check.cpp) gives every node its type.  Every problem is an
// expr_error (names.hpp) naming the column and, for a misspelt name, the nearest ones.
//
//   name_table names;
//   names.add("n", {scalar::integer});
//   names.add("radius", {scalar::integer});
//   expression e = parse("radius == ceil(n/2)", names);   // e.type() is bool
//   parse("radus == 1", names);  // expr_error "column 1: unknown name 'radus' (did you mean: radius?)"
#pragma once
#include <string>
#include <vector>

#include "kernels/expr/ast.hpp"
#include "kernels/expr/names.hpp"

namespace tv::expr {

/// @brief Parses, resolves and type-checks `text`.  Raises expr_error on a syntax error,
/// an unknown name or function, a wrong number of arguments or a type error.
expression parse(const std::string& text, const name_table& names);

/// @brief parse, then requires the result's type: `want` "bool" for a predicate
/// (expr_error at column 1 naming the type found otherwise).
expression parse_as(const std::string& text, const name_table& names, value_type want);

/// @brief Every function's name as the user writes it, for messages and the user guide.
std::vector<std::string> function_names();

/// @brief Gives every node of a freshly parsed tree its type, in place (type_check.cpp);
/// parse calls it.
void type_check(expression& e, const name_table& names);

}  // namespace tv::expr
