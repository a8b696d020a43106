// `run --resume` never mixes batches: resuming into a folder that holds another batch's
// records is refused with exit 2, naming that batch and how to continue it, and writes
// nothing; the same batch file, edited or spelled by another path, still resumes.
#include "host/run/batch_identity.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;

struct BatchIdentity : tv::test::scratch_folder_test {
  void SetUp() override {
    scratch_folder_test::SetUp();
    std::ofstream(dir + "/a.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..3\"\n";
    std::ofstream(dir + "/b.toml") << "title = \"fibonacci\"\n[[job]]\nfamily = \"efc\"\nn = \"3..5\"\n";
  }

  tv::test::command_result run(const std::string& args) {
    return tv::test::run_topoverify("run " + args + " --backend cpu --no-report", dir);
  }
  /// Every file in out/ with its bytes.
  std::map<std::string, std::string> folder() {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::directory_iterator(dir + "/out"))
      files[e.path().filename().string()] = tv::test::slurp(e.path().string());
    return files;
  }
};

TEST_F(BatchIdentity, ResumeIntoAnotherBatchsFolderIsRefusedAndWritesNothing) {
  ASSERT_EQ(run("a.toml --output out").exit_code, 0);
  const auto before = folder();
  ASSERT_EQ(before.count("results.jsonl"), 1u);

  const auto other = run("b.toml --resume --output out");
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_NE(other.err.find("holds 3 record(s) of another batch, a.toml"), std::string::npos) << other.err;
  EXPECT_NE(other.err.find("`topoverify run a.toml --resume --output out`"), std::string::npos) << other.err;
  EXPECT_EQ(std::count(other.err.begin(), other.err.end(), '\n'), 1) << other.err;  // one line
  EXPECT_EQ(folder(), before);

  // The embedded default batch is another batch too.
  const auto embedded = run("--resume --output out");
  EXPECT_EQ(embedded.exit_code, 2) << embedded.err;
  EXPECT_NE(embedded.err.find("another batch, a.toml"), std::string::npos) << embedded.err;
  EXPECT_EQ(folder(), before);
}

TEST_F(BatchIdentity, TheTitleAndTheEmbeddedDefaultAreNamedWithTheirCommand) {
  ASSERT_EQ(run("b.toml --output out").exit_code, 0);
  const auto other = run("a.toml --resume --output out");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("another batch, b.toml (\"fibonacci\")"), std::string::npos) << other.err;

  // A folder of the embedded default batch: continued by `run --resume` alone.
  fs::create_directories(dir + "/def");
  std::ofstream(dir + "/def/results.jsonl")
      << R"rec({"family":"hypercube","params":{"n":1},"status":"ok","job":"hypercube","config":"configs/default.toml (embedded)","config_hash":"0123456789abcdef"})rec"
      << "\n";
  const auto def = run("a.toml --resume --output def");
  EXPECT_EQ(def.exit_code, 2);
  EXPECT_NE(def.err.find("`topoverify run --resume --output def`"), std::string::npos) << def.err;
}

TEST_F(BatchIdentity, TheSameBatchFileEditedOrByAnotherPathResumes) {
  ASSERT_EQ(run("a.toml --output out").exit_code, 0);
  const auto same = run("./a.toml --resume --output out");
  EXPECT_EQ(same.exit_code, 0) << same.err;
  std::ofstream(dir + "/a.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..4\"\n";  // edited
  const auto edited = run("a.toml --resume --output out");
  EXPECT_EQ(edited.exit_code, 0) << edited.err;
}

TEST(BatchSource, SameFileBySeveralPathsButNeverTheEmbeddedDefault) {
  using tv::host::same_batch_source;
  EXPECT_TRUE(same_batch_source("configs/x.toml", "configs/x.toml"));
  const std::string src = TOPOVERIFY_SOURCE_DIR;
  EXPECT_TRUE(same_batch_source(src + "/configs/default.toml", src + "/configs/../configs/default.toml"));
  EXPECT_FALSE(same_batch_source(src + "/configs/default.toml", src + "/configs/postal.toml"));
  EXPECT_FALSE(same_batch_source("configs/default.toml (embedded)", src + "/configs/default.toml"));
  EXPECT_FALSE(same_batch_source("", "a.toml"));
}

}  // namespace
