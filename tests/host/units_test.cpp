// Durations and sizes as batch files spell them.
#include "host/units.hpp"

#include <gtest/gtest.h>

namespace {

using tv::host::format_bytes;
using tv::host::format_duration;
using tv::host::parse_bytes;
using tv::host::parse_duration;

TEST(Units, Durations) {
  EXPECT_DOUBLE_EQ(*parse_duration("30s"), 30);
  EXPECT_DOUBLE_EQ(*parse_duration("10m"), 600);
  EXPECT_DOUBLE_EQ(*parse_duration("2h"), 7200);
  EXPECT_DOUBLE_EQ(*parse_duration("1h30m"), 5400);
  EXPECT_DOUBLE_EQ(*parse_duration("1.5h"), 5400);
  EXPECT_DOUBLE_EQ(*parse_duration("250ms"), 0.25);
  EXPECT_DOUBLE_EQ(*parse_duration("1d"), 86400);
  for (const char* bad : {"", "10", "m", "10 m", "10min", "-5s", "1h30", "s30", "1.2.3s"})
    EXPECT_FALSE(parse_duration(bad).has_value()) << bad;
}

TEST(Units, Sizes) {
  EXPECT_EQ(*parse_bytes("512B"), 512u);
  EXPECT_EQ(*parse_bytes("4GiB"), 4ull << 30);
  EXPECT_EQ(*parse_bytes("512MiB"), 512ull << 20);
  EXPECT_EQ(*parse_bytes("2GB"), 2000000000ull);
  EXPECT_EQ(*parse_bytes("1.5 KiB"), 1536u);
  EXPECT_EQ(*parse_bytes("1TiB"), 1ull << 40);
  for (const char* bad : {"", "4", "4gb", "GiB", "4 gigs", "-1GiB", "99999999TiB"})
    EXPECT_FALSE(parse_bytes(bad).has_value()) << bad;
}

TEST(Units, ForPeople) {
  EXPECT_EQ(format_duration(0.5), "0.50 s");
  EXPECT_EQ(format_duration(42), "42 s");
  EXPECT_EQ(format_duration(185), "3m05s");
  EXPECT_EQ(format_duration(7800), "2h10m");
  EXPECT_EQ(format_bytes(100), "100 B");
  EXPECT_EQ(format_bytes(1536), "1.5 KiB");
  EXPECT_EQ(format_bytes(4.0 * (1ull << 30)), "4.0 GiB");
}

}  // namespace
