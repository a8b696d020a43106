// A fresh scratch folder for one test: under the temporary directory, named after the
// process and the running test so parallel ctest runs never share one; and the fixture
// the command-line tests share, which makes one before each test and removes it after
// and writes the test's input files into it.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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

/// @brief A fixture owning a fresh scratch folder `dir` for each test, named
/// tv_<suite>_<pid>_<test> and removed after it.  A fixture that writes files into it
/// overrides SetUp and calls scratch_folder_test::SetUp() first.
class scratch_folder_test : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string suite = ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name();
    std::replace(suite.begin(), suite.end(), '/', '_');  // parameterized suites: Prefix/Suite
    dir = fresh_test_folder("tv_" + suite + "_");
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  /// Writes `text` to the file `name` in the scratch folder and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = dir + "/" + name;
    std::ofstream(path) << text;
    return path;
  }

  std::string dir;
};

}  // namespace tv::test
