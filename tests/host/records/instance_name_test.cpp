// The papers' names of instances (host/records/instance_name.hpp), spelled as papers/000..004 and
// the claims catalog writes them.
#include "host/records/instance_name.hpp"

#include <gtest/gtest.h>

namespace tv::host {
namespace {

using nlohmann::json;

TEST(InstanceName, EachFamilyInItsPapersNotation) {
  EXPECT_EQ(instance_name("hypercube", json{{"n", 4}}), "Q(4)");
  EXPECT_EQ(instance_name("postal", json{{"lambda", 2}, {"n", 7}}), "PN_2(7)");
  EXPECT_EQ(instance_name("efc", json{{"n", 5}}), "EFC_5");
  EXPECT_EQ(instance_name("metacube", json{{"k", 1}, {"m", 3}, {"presentation", "class"}}), "MC(1,3)");
  EXPECT_EQ(instance_name("metacube", json{{"k", 2}, {"m", 1}, {"presentation", "cluster"}}),
            "MC(2,1) in the cluster presentation");
  EXPECT_EQ(instance_name("dualcube", json{{"m", 3}, {"presentation", "class"}}), "MC(1,3)");
  EXPECT_EQ(instance_name("debruijn", json{{"k", 5}, {"directed", true}}), "DDB(5)");
  EXPECT_EQ(instance_name("debruijn", json{{"k", 5}, {"directed", false}}), "undirected DDB(5)");
  EXPECT_EQ(instance_name("lrn", json{{"n", 6}, {"seeds", "0, 10"}}), "L_6({0,10})");
  EXPECT_EQ(instance_name("lrn", json{{"n", 6}, {"generator", "11"}}), "L_6(generator 11)");
  EXPECT_EQ(instance_name("gfc", json{{"n", 6}, {"f", "11"}}), "Q_6(11)");
  EXPECT_EQ(instance_name("foldedcube", json{{"n", 6}}), "FQ(6)");
  EXPECT_EQ(instance_name("torus", json{{"k", 3}, {"n", 4}}), "C_3^4");
  EXPECT_EQ(instance_name("kautz", json{{"d", 2}, {"k", 3}}), "K(2,3)");
  EXPECT_EQ(instance_name("star", json{{"n", 5}}), "S_5");
  EXPECT_EQ(instance_name("debruijn", json{{"k", 4}, {"d", 3}, {"directed", true}}), "B(3,4)");
  EXPECT_EQ(instance_name("debruijn", json{{"k", 4}, {"d", 2}, {"directed", true}}), "DDB(4)");
}

TEST(InstanceName, ParameterOrderDoesNotMatter) {
  // Records are read back as unordered JSON: the name must not depend on key order.
  EXPECT_EQ(instance_name("postal", json::parse(R"({"n": 7, "lambda": 3})")), "PN_3(7)");
}

TEST(InstanceName, UnknownFamiliesAndMissingParametersKeepTheRecordsSpelling) {
  EXPECT_EQ(instance_name("mesh", json{{"k", 3}}), "mesh k=3");
  EXPECT_EQ(instance_name("torus", json{{"k", 3}}), "torus k=3");
  EXPECT_EQ(instance_name("postal", json{{"n", 7}}), "postal n=7");
  EXPECT_EQ(instance_name("efc", json()), "efc");
}

TEST(InstanceName, FromARecord) {
  EXPECT_EQ(instance_name(json{{"family", "efc"}, {"params", {{"n", 9}}}, {"nodes", 42}}), "EFC_9");
}

}  // namespace
}  // namespace tv::host
