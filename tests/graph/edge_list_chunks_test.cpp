// The parallel parse of plain edge lists (kernels/graph/edge_list_chunks.hpp): what it
// accepts it counts and parses in file order whatever the chunks; every other line makes
// it give up (read_edge_list then reads line by line), never accept a line wrongly.
#include "kernels/graph/edge_list_chunks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using tv::graph::detail::parse_plain;
using tv::graph::detail::scan_plain;

std::vector<uint64_t> pairs_of(const std::string& text) {
  const auto scan = scan_plain(text);
  EXPECT_TRUE(scan.accepted) << text;
  std::vector<uint64_t> out(2 * scan.entries);
  parse_plain(text, scan, out.data());
  return out;
}

TEST(EdgeListChunks, AcceptsThePlainSyntaxAndKeepsFileOrder) {
  const std::string text = "# c\n% c\n\n \t\r\n1 2\n3\t4\r\n  5 \t 6 \r\r\n0007 8\n9 10";
  const auto scan = scan_plain(text);
  EXPECT_TRUE(scan.accepted);
  EXPECT_EQ(scan.lines, 9u);
  EXPECT_EQ(scan.entries, 5u);
  EXPECT_EQ(scan.max_id, 10u);
  EXPECT_EQ(pairs_of(text), (std::vector<uint64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_EQ(scan_plain("").lines, 0u);
  EXPECT_EQ(scan_plain("\n").lines, 1u);
  // Many chunks: every line lands once, in order.
  std::string many;
  std::vector<uint64_t> want;
  for (uint64_t i = 0; i < 200000; ++i) {
    many += std::to_string(i) + " " + std::to_string(3 * i) + "\n";
    want.insert(want.end(), {i, 3 * i});
  }
  EXPECT_GT(scan_plain(many).chunks.starts.size(), 3u);
  EXPECT_EQ(pairs_of(many), want);
}

TEST(EdgeListChunks, GivesUpOnEveryOtherLine) {
  for (const char* line : {"1", "1 2 3", "1x 2", "1 2x", "-1 2", "+1 2", "1\r 2", "1 2\r \n", "\r#c",
                           " \r \n", "1 2\v", "12345678901234567890 1", "1 99999999999999999999",
                           "a b", "1,2"}) {
    EXPECT_FALSE(scan_plain(std::string("0 1\n") + line + "\n2 3\n").accepted) << line;
  }
  EXPECT_TRUE(scan_plain("1234567890123456789 1\n").accepted);  // 19 digits
}

}  // namespace
