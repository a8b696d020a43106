// A small instance of every family (tests/host/every_family.txt), for the tests that must
// hold on every one: the edge-list round trip, the batched link loads.
#pragma once
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "host/families.hpp"
#include "kernels/graph/builders.hpp"

namespace tv::test {

/// @brief The instances of tests/host/every_family.txt, in its order.
inline std::vector<host::instance> every_family() {
  const std::string path = std::string(TOPOVERIFY_SOURCE_DIR) + "/tests/host/every_family.txt";
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::vector<host::instance> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string family, word;
    words >> family;
    std::map<std::string, std::string> kv;
    while (words >> word) {
      const auto eq = word.find('=');
      if (eq == std::string::npos) throw std::runtime_error(path + ": '" + word + "' is not KEY=VALUE");
      kv[word.substr(0, eq)] = word.substr(eq + 1);
    }
    out.push_back(host::make_instance(family, kv));
  }
  return out;
}

/// @brief The instance's graph: built from its labels, or the one it was given as.
inline graph::csr_graph graph_of(const host::instance& inst) {
  return inst.label_defined() ? graph::build_csr(core::backend::cpu, inst.net) : inst.file->graph;
}

}  // namespace tv::test
