// The module's parts, each registering its functions on the module (module.cpp):
// networks (families by name, sweeps, graphs from arrays) and checks (records, claims).
#pragma once
#include <memory>

#include <pybind11/pybind11.h>

#include "host/families.hpp"

namespace tv::python {

/// A network as Python holds it: the host's instance, shared so records and the graph
/// built from it can outlive the call that made it.
using network = std::shared_ptr<host::instance>;

void bind_networks(pybind11::module_& m);
void bind_checks(pybind11::module_& m);

}  // namespace tv::python
