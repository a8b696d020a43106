// bind_catalog: a catalog.toml's entries bound to their logic by id, in the file's order,
// with the paper's families where an entry names none; every way the words and the code
// can disagree is refused with the id and the file named.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "host/claims/catalog_file.hpp"

namespace tv::host::claims {
namespace {

const claim_logic first{"x.first", [](claim_env&, claim_result&) {},
                        [](const failure_view&) { return std::string("first fails"); }};
const claim_logic second{"x.second", [](claim_env&, claim_result& r) { r.skip("second"); }};

const char* const two_claims = R"TOML(
paper = "papers/999 (A. Author: A Paper)"
families = ["postal"]

[[claim]]
id = "x.second"
source = "Theorem 2"
statement = """\
  A statement wrapped \
  over two lines."""
domain = "every instance"
families = ["efc", "lrn"]
cannot_fail = "it only reports"

[[claim]]
id = "x.first"
source = "Lemma 1"
statement = "S1."
domain = "D1"
reading = "R1"
)TOML";

std::string refusal(const char* text, std::initializer_list<const claim_logic*> logic) {
  try {
    bind_catalog(text, "test.toml", logic);
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

TEST(CatalogFile, EntriesKeepTheFileOrderAndTheirOwnWords) {
  const auto specs = bind_catalog(two_claims, "test.toml", {&first, &second});
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].id, "x.second");
  EXPECT_EQ(specs[0].source, "papers/999 (A. Author: A Paper), Theorem 2");
  EXPECT_EQ(specs[0].statement, "A statement wrapped over two lines.");
  EXPECT_EQ(specs[0].domain, "every instance");
  EXPECT_EQ(specs[0].reading, "");
  EXPECT_EQ(specs[0].families, (std::vector<std::string>{"efc", "lrn"}));
  EXPECT_EQ(specs[0].cannot_fail, "it only reports");
  EXPECT_FALSE(static_cast<bool>(specs[0].explain));
  EXPECT_EQ(specs[1].id, "x.first");
  EXPECT_EQ(specs[1].reading, "R1");
  EXPECT_EQ(specs[1].families, (std::vector<std::string>{"postal"}));  // the paper's default
  EXPECT_EQ(specs[1].cannot_fail, "");
}

TEST(CatalogFile, EachEntryGetsTheLogicOfItsOwnId) {
  // The list's order is not the file's: the binding is by id.  Each lambda has a type of
  // its own, so the spec's check is the logic's exactly when the types agree.
  const auto specs = bind_catalog(two_claims, "test.toml", {&second, &first});
  EXPECT_EQ(specs[1].check.target_type(), first.check.target_type());
  EXPECT_EQ(specs[1].explain.target_type(), first.explain.target_type());
  EXPECT_EQ(specs[0].check.target_type(), second.check.target_type());
  EXPECT_NE(specs[0].check.target_type(), first.check.target_type());
}

TEST(CatalogFile, RefusesWordsAndCodeThatDisagree) {
  EXPECT_EQ(refusal(two_claims, {&first}), "claims catalog test.toml: x.second has no claim_logic in the code");
  const claim_logic third{"x.third", nullptr};
  EXPECT_EQ(refusal(two_claims, {&first, &second, &third}),
            "claims catalog test.toml: the logic x.third has no entry");
  EXPECT_EQ(refusal(two_claims, {&first, &second, &first}), "claims catalog test.toml: two logics for x.first");
  const std::string twice = std::string(two_claims) + "[[claim]]\nid = \"x.first\"\nsource = \"s\"\n"
                            "statement = \"s\"\ndomain = \"d\"\n";
  EXPECT_EQ(refusal(twice.c_str(), {&first, &second}), "claims catalog test.toml: x.first is listed twice");
  const std::string typo = std::string(two_claims) + "statment = \"s\"\n";
  EXPECT_EQ(refusal(typo.c_str(), {&first, &second}), "claims catalog test.toml: x.first has an unknown key statment");
  EXPECT_EQ(refusal("paper = \"p\"\nfamilies = [\"efc\"]\n[[claim]]\nid = \"x.first\"\n", {&first}),
            "claims catalog test.toml: x.first has no source");
  EXPECT_EQ(refusal("families = [\"efc\"]\n", {}), "claims catalog test.toml: the file has no paper");
  EXPECT_NE(refusal("paper = \"unterminated\n", {}).find("claims catalog test.toml: "), std::string::npos);
}

}  // namespace
}  // namespace tv::host::claims
