// A fresh scratch folder for one test: under the temporary directory, named after the
// process and the running test so parallel ctest runs never share one.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace tv::test {

/// @brief Creates (emptying it first) TMPDIR/<prefix><pid>_<test name> and returns its path.
inline std::string fresh_test_folder(const std::string& prefix) {
  namespace fs = std::filesystem;
  const std::string dir = (fs::temp_directory_path() /
                           (prefix + std::to_string(::getpid()) + "_" +
                            ::testing::UnitTest::GetInstance()->current_test_info()->name()))
                              .string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace tv::test
