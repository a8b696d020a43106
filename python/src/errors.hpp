// The engine's errors as Python exceptions of the classes topoverify/errors.py documents:
// bad input (BadInput, a ValueError), too large for memory (TooLarge, a MemoryError, with
// the figure), interrupted (Interrupted, a KeyboardInterrupt), anything else
// (EngineError).  The message is the CLI's one line, word for word.
#pragma once
#include <exception>
#include <string>

#include <pybind11/pybind11.h>

namespace tv::python {

/// @brief Sets the Python error for a C++ exception the engine raised and throws
/// pybind11::error_already_set.  Needs the GIL.
[[noreturn]] void raise_engine_error(std::exception_ptr error);

/// @brief Raises topoverify.errors.NAME(message).  Needs the GIL.
[[noreturn]] void raise_error(const char* name, const std::string& message);

}  // namespace tv::python
