// Engine vectors handed to NumPy without a copy: the array owns the vector through a
// capsule, so per-node results of 10^8 nodes cost no second copy on their way out.
#pragma once
#include <utility>
#include <vector>

#include <pybind11/numpy.h>

namespace tv::python {

/// @brief A one-dimensional NumPy array that takes over `v`.  Needs the GIL.
template <class T>
pybind11::array_t<T> adopt(std::vector<T>&& v) {
  auto* owned = new std::vector<T>(std::move(v));
  pybind11::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return pybind11::array_t<T>(static_cast<pybind11::ssize_t>(owned->size()), owned->data(), owner);
}

}  // namespace tv::python
