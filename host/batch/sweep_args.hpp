// Parameter sweeps as the command line writes them: `FAMILY key=VALUES...`, each VALUES a
// value, a list or an integer range, expanded into the instances small to large (the
// batch files' sweeps use the same expansion, host/batch/config.cpp).
//
//   postal lambda=3 n=1..20        20 instances
//   metacube k=1..2 m=1,2,3        6 instances
//   lrn n=6 seeds='0,10;0,10,110'  2 instances: a text value is taken whole, ';' separates
//                                  several (text values may hold commas themselves)
#pragma once
#include <string>
#include <vector>

#include "host/families.hpp"

namespace tv::host {

/// One sweep axis: a parameter and the values it takes, as make_instance reads them.
struct sweep_axis {
  std::string key;
  std::vector<std::string> values;
};

/// @brief The values of an integer range "a..b" (inclusive) as strings; input_error when
/// `text` is not two integers around "..", when b < a, or when it holds over 100,000 values.
/// Messages name the parameter `key`.
std::vector<std::string> expand_integer_range(const std::string& key, const std::string& text);

/// @brief Parses one `key=VALUES` argument of a family: integer parameters take values,
/// ranges `a..b` and comma lists of both (`1..3,7`); booleans take `true`, `false` or a
/// comma list of them; text parameters take the text whole, several separated by `;`.
/// input_error, in one line, names an unknown key (and the family's keys), an empty or
/// repeated value, a malformed range, or a value outside the parameter's range.
sweep_axis parse_sweep_arg(const family_spec& family, const std::string& arg);

/// @brief Every combination of the axes' values (the first axis varying fastest), each
/// built and validated by make_instance (input_error names the first bad combination).
std::vector<instance> sweep_product(const std::string& family, const std::vector<sweep_axis>& axes);

/// @brief `FAMILY key=VALUES...` as instances ordered small to large (by node count, ties
/// in sweep order), as batch runs order them.  FAMILY may be a rule file
/// (host/batch/family_tables.hpp).  A key given twice is input_error.
std::vector<instance> expand_sweep(const std::string& family_or_file, const std::vector<std::string>& args);

}  // namespace tv::host
