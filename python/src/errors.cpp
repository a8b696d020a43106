// C++ exceptions to topoverify.errors' classes (see errors.hpp).  The order of the catch
// clauses is the CLI's (host/cli/cli.cpp): bad input, then too large, then the rest.
#include "errors.hpp"

#include <new>
#include <stdexcept>

#include "host/errors.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/graph/edge_list_file.hpp"

namespace py = pybind11;

namespace tv::python {

void raise_error(const char* name, const std::string& message) {
  const py::object cls = py::module_::import("topoverify.errors").attr(name);
  const py::object instance = cls(message);
  PyErr_SetObject(cls.ptr(), instance.ptr());
  throw py::error_already_set();
}

void raise_engine_error(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const py::error_already_set&) {
    throw;
  } catch (const host::input_error& e) {
    raise_error("BadInput", e.what());
  } catch (const graph::edge_list_error& e) {  // a file or arrays that cannot be read as asked
    raise_error("BadInput", e.what());
  } catch (const core::backend_unavailable& e) {  // `--backend cuda` without a device: bad input
    raise_error("BadInput", e.what());
  } catch (const core::too_large& e) {
    raise_error("TooLarge", e.what());
  } catch (const std::bad_alloc&) {
    raise_error("TooLarge", "out of memory (an allocation failed)");
  } catch (const core::interrupted& e) {
    raise_error("Interrupted", e.what());
  } catch (const std::invalid_argument& e) {  // a family's parameters out of its range
    raise_error("BadInput", e.what());
  } catch (const std::exception& e) {
    raise_error("EngineError", e.what());
  }
}

}  // namespace tv::python
