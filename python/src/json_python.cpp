// JSON <-> Python (see json_python.hpp).
#include "json_python.hpp"

#include <string>

#include "errors.hpp"

namespace py = pybind11;

namespace tv::python {

namespace {

template <class Json>
py::object convert(const Json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::null: return py::none();
    case nlohmann::json::value_t::boolean: return py::bool_(v.template get<bool>());
    case nlohmann::json::value_t::number_integer: return py::int_(v.template get<int64_t>());
    case nlohmann::json::value_t::number_unsigned: return py::int_(v.template get<uint64_t>());
    case nlohmann::json::value_t::number_float: return py::float_(v.template get<double>());
    case nlohmann::json::value_t::string: return py::str(v.template get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list out(v.size());
      size_t i = 0;
      for (const auto& item : v) out[i++] = convert(item);
      return std::move(out);
    }
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (auto it = v.begin(); it != v.end(); ++it) out[py::str(it.key())] = convert(it.value());
      return std::move(out);
    }
    default: return py::none();
  }
}

}  // namespace

py::object to_python(const nlohmann::ordered_json& value) { return convert(value); }
py::object to_python(const nlohmann::json& value) { return convert(value); }

nlohmann::json to_json(const py::handle& v) {
  if (v.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::int_>(v)) return v.cast<long long>();
  if (py::isinstance<py::float_>(v)) return v.cast<double>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<py::dict>(v)) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& item : v.cast<py::dict>()) out[py::str(item.first).cast<std::string>()] = to_json(item.second);
    return out;
  }
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& item : v) out.push_back(to_json(item));
    return out;
  }
  // NumPy scalars and the like: ints and floats by their protocol.
  if (py::hasattr(v, "__index__")) return py::reinterpret_borrow<py::object>(v).cast<long long>();
  if (py::hasattr(v, "__float__")) return py::reinterpret_borrow<py::object>(v).cast<double>();
  raise_error("BadInput", "an option value of type " + py::str(py::type::of(v).attr("__name__")).cast<std::string>() +
                              " is not a number, text, boolean, list or table");
}

}  // namespace tv::python
