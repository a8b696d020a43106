// Records between nlohmann::json and Python objects, field for field: objects become
// dicts with the same keys in the same order, arrays lists, null None.  Needs the GIL.
#pragma once
#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace tv::python {

/// @brief A JSON value as Python objects (dict, list, int, float, str, bool, None).
pybind11::object to_python(const nlohmann::ordered_json& value);
pybind11::object to_python(const nlohmann::json& value);

/// @brief Python objects (dict with str keys, list, tuple, int, float, str, bool, None) as
/// JSON; anything else raises topoverify.errors.BadInput naming its type.
nlohmann::json to_json(const pybind11::handle& value);

}  // namespace tv::python
