// Batch files: sweep expansion, validation with file:line:column, the default batch.
#include "host/config.hpp"

#include <gtest/gtest.h>

#include "host/errors.hpp"

namespace {

using tv::host::input_error;
using tv::host::parse_batch;

std::string error_of(const std::string& text) {
  try {
    parse_batch(text, "t.toml");
  } catch (const input_error& e) {
    return e.what();
  }
  return "";
}

TEST(Config, SweepsExpandAsCartesianProductSmallToLarge) {
  const auto cfg = parse_batch(R"(
output = "out"
[[job]]
family = "postal"
lambda = [3, 1]
n = "2..4"
)", "t.toml");
  ASSERT_EQ(cfg.instances.size(), 6u);
  for (size_t i = 1; i < cfg.instances.size(); ++i)
    EXPECT_LE(tv::families::size_of(cfg.instances[i - 1].inst.net),
              tv::families::size_of(cfg.instances[i].inst.net));
  EXPECT_EQ(cfg.output, "out");
}

TEST(Config, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(error_of("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 3\nfoo = 1\n").rfind("t.toml:5:", 0), 0u);
  EXPECT_NE(error_of("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 3\nfoo = 1\n").find("unknown key 'foo'"),
            std::string::npos);
  EXPECT_NE(error_of("[[job]]\nfamily = \"torus\"\n").find("t.toml:2:"), std::string::npos);
  EXPECT_NE(error_of("[[job]\nfamily = 1").find("malformed TOML"), std::string::npos);
  EXPECT_NE(error_of("[[job]]\nfamily = \"postal\"\nlambda = 0\nn = 3\n").find("out of range"),
            std::string::npos);
  EXPECT_NE(error_of("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"5..x\"\n").find("integer range"),
            std::string::npos);
  EXPECT_NE(error_of("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"5..3\"\n").find("empty"),
            std::string::npos);
  EXPECT_NE(error_of("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 3\nchecks = [\"bogus\"]\n")
                .find("unknown check 'bogus'"),
            std::string::npos);
  EXPECT_NE(error_of("backend = \"tpu\"\n[[job]]\nfamily = \"hypercube\"\nn = 2\n").find("backend"),
            std::string::npos);
  EXPECT_NE(error_of("title = \"x\"\n").find("no [[job]]"), std::string::npos);
  EXPECT_NE(error_of("colour = 1\n[[job]]\nfamily = \"hypercube\"\nn = 2\n").find("unknown key 'colour'"),
            std::string::npos);
}

TEST(Config, EmbeddedDefaultParses) {
  const auto cfg = parse_batch(tv::host::embedded_default_config(), "default");
  EXPECT_GT(cfg.instances.size(), 50u);
  EXPECT_EQ(cfg.output, "reports/default");
}

}  // namespace
