// File name stems made from record data (host/records/file_names.hpp): ordinary names
// pass unchanged, hostile ones stay inside their folder, and two raw names never share a
// stem.
#include "host/records/file_names.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

using tv::host::safe_file_stem;

TEST(SafeFileStem, OrdinaryNamesPassUnchanged) {
  for (const std::string name : {"postal", "hypercube", "efc", "debruijn", "edgelist", "lrn_n5", "a.b-c+d_e"})
    EXPECT_EQ(safe_file_stem(name), name);
}

TEST(SafeFileStem, HostileNamesStayInsideTheFolder) {
  const std::string long_name(300, 'x');
  for (const std::string raw : {std::string("x/../../../../name"), std::string(".."), std::string("."),
                                std::string("/etc/passwd"), std::string("a\\b"), std::string("<b>bold</b>"),
                                std::string("tab\there"), std::string("\x01\x1f\x7f"), std::string(""),
                                std::string("...hidden"), long_name, std::string("caf\xc3\xa9")}) {
    const std::string s = safe_file_stem(raw);
    EXPECT_FALSE(s.empty()) << raw;
    EXPECT_EQ(s.find('/'), std::string::npos) << raw;
    EXPECT_EQ(s.find('\\'), std::string::npos) << raw;
    EXPECT_NE(s[0], '.') << "a hidden file or a parent folder: " << raw;
    EXPECT_LE(s.size(), 64u + 9u) << raw;  // 64 kept bytes, '-' and 8 hex digits
    for (unsigned char c : s)
      EXPECT_TRUE(std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '+') << raw << " -> " << s;
  }
}

TEST(SafeFileStem, DifferentRawNamesNeverShareAStem) {
  // Each maps to "a_b" before its hash: the hash of the raw text tells them apart.
  const std::set<std::string> stems = {safe_file_stem("a/b"), safe_file_stem("a\\b"), safe_file_stem("a b"),
                                       safe_file_stem("a_b"), safe_file_stem(std::string(300, 'y')),
                                       safe_file_stem(std::string(301, 'y'))};
  EXPECT_EQ(stems.size(), 6u);
  EXPECT_EQ(safe_file_stem("a/b"), safe_file_stem("a/b")) << "the same raw name, the same file";
}

}  // namespace
