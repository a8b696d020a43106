// Bad input, class by class: each row is one kind of mistake a user makes on the
// command line, in a batch file or in the environment, with the one-line message it
// must produce and the exit code (2: nothing ran, nothing was written).  A batch row
// runs `run --dry-run b.toml` unless it gives its own arguments; every row also checks
// that no results.jsonl appeared.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;

struct bad_input {
  const char* name;
  std::string batch;  // written to b.toml when not empty
  std::string args;   // after the binary; may start with environment assignments via `env`,
                      // or be a shell line of its own (`sh ...`) in which TOPOVERIFY is the binary
  int exit_code;
  std::string message;  // must appear in stderr's single line
};

const std::string hyper = "[[job]]\nfamily = \"hypercube\"\nn = 3\n";
const std::string long_value(100000, '9');

std::vector<bad_input> cases() {
  return {
      // ---- command line
      {"no_command", "", "env TOPOVERIFY", 2, "A subcommand is required"},
      {"unknown_command", "", "nosuch", 2, "unknown command 'nosuch'"},
      {"unknown_option", "", "list --bogus", 2, "unknown option '--bogus' for topoverify list"},
      {"info_without_family", "", "info", 2, "family is required"},
      {"unknown_family", "", "info nosuch", 2, "unknown family 'nosuch'"},
      {"missing_parameter", "", "info hypercube", 2, "missing parameter 'n'"},
      {"parameter_out_of_range", "", "info hypercube n=0", 2, "'n' = 0 is out of range 1..63"},
      {"parameter_not_integer", "", "info hypercube n=x", 2, "'n' = 'x' is not an integer"},
      {"unknown_parameter", "", "info hypercube m=3", 2, "has no parameter 'm'"},
      {"parameter_without_value", "", "info hypercube n", 2, "'n' is not of the form key=value"},
      {"parameter_twice", "", "info hypercube n=3 n=4", 2, "'n' is given twice"},
      {"unknown_check", "", "info hypercube n=3 --check nosuch", 2, "unknown check 'nosuch'"},
      {"unknown_backend", "", "info hypercube n=3 --backend gpu", 2, "unknown backend 'gpu'"},
      {"set_without_key", "", "info hypercube n=3 --set distances", 2, "is not of the form CHECK.KEY=VALUE"},
      {"set_unknown_check", "", "info hypercube n=3 --set nosuch.x=1", 2, "unknown check 'nosuch'"},
      {"bad_presentation", "", "info metacube k=1 m=2 presentation=xx", 2, "presentation = 'xx' is not one of"},
      {"lrn_without_seeds", "", "info lrn n=5", 2, "give exactly one of 'seeds'"},
      {"bad_boolean", "", "info debruijn k=3 directed=maybe", 2, "'directed' = 'maybe' is not a boolean"},
      {"foldedcube_n_one", "", "info foldedcube n=1", 2, "'n' = 1 is out of range 2..63"},
      {"torus_k_one", "", "info torus k=1 n=3", 2, "'k' = 1 is out of range 2.."},
      {"torus_too_many_bits", "", "info torus k=5 n=22", 2, "needs n*ceil(log2 k) = 66 label bits"},
      {"debruijn_d_one", "", "info debruijn k=3 d=1", 2, "'d' = 1 is out of range 2.."},
      {"debruijn_too_many_bits", "", "info debruijn k=32 d=3", 2, "needs k*ceil(log2 d) = 64 label bits"},
      {"star_n_sixteen", "", "info star n=16", 2, "'n' = 16 is out of range 2..15"},
      {"kautz_d_one", "", "info kautz d=1 k=3", 2, "'d' = 1 is out of range 2.."},
      {"kautz_without_k", "", "info kautz d=2", 2, "missing parameter 'k'"},
      {"kautz_too_many_bits", "", "info kautz d=3 k=32", 2, "needs k*ceil(log2(d+1)) = 64 label bits"},
      {"huge_value_echoed_short", "", "info hypercube n=" + long_value, 2, "... (100000 characters)"},
      {"unmatched_claim_pattern", "", "claims 'nosuch.*'", 2, "no claim matches 'nosuch.*'"},
      {"report_without_folder", "", "report", 2, "dir is required"},
      {"report_missing_folder", "", "report /nonexistent/tv", 2, "is not a folder"},
      {"report_without_results", "", "report .", 2, "holds no results.jsonl"},
      {"export_bad_format", "", "export hypercube n=3 --format xml", 2, "format 'xml' is not one of"},
      {"summarize_missing_file", "", "claims --summarize /nonexistent/r.jsonl", 2, "cannot read results file"},
      {"run_missing_batch", "", "run /nonexistent/b.toml", 2, "cannot read batch file '/nonexistent/b.toml'"},
      {"run_batch_is_directory", "", "run .", 2, "batch file '.' is not a regular file (a directory)"},
      {"run_batch_is_device", "", "run /dev/null", 2, "is not a regular file (a device)"},
      {"run_batch_is_fifo", "", "run fifo", 2, "batch file 'fifo' is not a regular file (a FIFO)"},
      {"rule_file_is_fifo", "", "info fifo.toml n=3", 2, "rule file 'fifo.toml' is not a regular file (a FIFO)"},
      {"rule_file_is_directory", "", "info folder.toml n=3", 2, "rule file 'folder.toml' is not a regular file (a directory)"},
      {"rule_file_missing", "", "info nosuch.toml n=3", 2, "cannot read rule file 'nosuch.toml': No such file or directory"},
      {"run_unknown_backend", hyper, "run b.toml --backend gpu", 2, "unknown backend 'gpu'"},
      {"run_empty_output", hyper, "run b.toml --output ''", 2, "--output is empty: name a folder"},
      {"run_max_instances_zero", hyper, "run b.toml --max-instances 0", 2, "--max-instances = '0' is not a positive"},
      {"run_max_instances_word", hyper, "run b.toml --max-instances x", 2, "--max-instances = 'x' is not a positive"},
      {"run_over_max_instances", "[[job]]\nfamily = \"hypercube\"\nn = \"1..6\"\n", "run b.toml --max-instances 5", 2,
       "expands to 6 instances, more than the limit of 5"},
      {"run_output_is_a_file", hyper, "run b.toml --output b.toml", 2, "output folder 'b.toml'"},
      // ---- environment
      {"omp_threads_absurd", "", "env OMP_NUM_THREADS=5000 TOPOVERIFY list", 2, "OMP_NUM_THREADS=5000 asks for 5000 threads"},
      {"omp_threads_not_a_number", "", "env OMP_NUM_THREADS=many TOPOVERIFY list", 2,
       "OMP_NUM_THREADS=many is not a positive thread count"},
      {"omp_threads_zero", "", "env OMP_NUM_THREADS=0 TOPOVERIFY list", 2, "OMP_NUM_THREADS=0 is not a positive"},
      // ---- batch files (run --dry-run b.toml)
      {"malformed_toml", "[[job]\n", "", 2, "b.toml:1:"},
      {"no_jobs", "title = \"x\"\n", "", 2, "no [[job]] or [[compare]] tables"},
      {"job_not_tables", "job = 1\n", "", 2, "'job' must be an array of tables"},
      {"unknown_top_key", "limts = 1\n" + hyper, "", 2, "b.toml:1:1: unknown key 'limts'"},
      {"job_without_family", "[[job]]\nn = 3\n", "", 2, "has no 'family'"},
      {"batch_unknown_family", "[[job]]\nfamily = \"hyper\"\n", "", 2, "unknown family 'hyper'"},
      {"unknown_job_key", hyper + "bogus = 1\n", "", 2, "unknown key 'bogus' in a hypercube job"},
      {"empty_output", "output = \"\"\n" + hyper, "", 2, "'output' is empty"},
      {"bad_backend", "backend = \"gpu\"\n" + hyper, "", 2, "backend = \"gpu\" is not one of"},
      {"negative_seed", "seed = -1\n" + hyper, "", 2, "'seed' = -1 is negative"},
      {"seed_not_integer", "seed = \"x\"\n" + hyper, "", 2, "'seed' must be a non-negative integer"},
      {"limits_not_table", "limits = 1\n" + hyper, "", 2, "'limits' must be a table"},
      {"limits_unknown_key", "limits = { tme = \"1s\" }\n" + hyper, "", 2, "unknown key 'tme' in limits"},
      {"limits_bad_time", "limits = { time = \"soon\" }\n" + hyper, "", 2, "is not a duration"},
      {"limits_zero_time", "limits = { time = \"0s\" }\n" + hyper, "", 2, "must be longer than zero"},
      {"limits_bad_memory", "limits = { memory = \"lots\" }\n" + hyper, "", 2, "is not a size"},
      {"limits_zero_max_nodes", "limits = { max_nodes = 0 }\n" + hyper, "", 2, "must be at least 1"},
      {"checks_not_list", hyper + "checks = \"counts\"\n", "", 2, "'checks' must be a list"},
      {"batch_unknown_check", hyper + "checks = [\"nosuch\"]\n", "", 2, "unknown check 'nosuch'"},
      {"check_twice", hyper + "checks = [\"distances\", \"distances\"]\n", "", 2, "is listed twice"},
      {"options_not_table", hyper + "options = 1\n", "", 2, "'options' must be a table"},
      {"options_unknown_check", hyper + "options = { nosuch = {} }\n", "", 2, "options: unknown check 'nosuch'"},
      {"claims_not_list", hyper + "claims = \"pn.*\"\n", "", 2, "'claims' must be a list"},
      {"claims_empty", hyper + "claims = []\n", "", 2, "'claims' is an empty list"},
      {"claim_pattern_bad_chars", hyper + "claims = [\"pn/1\"]\n", "", 2, "may hold only letters"},
      {"claim_pattern_unmatched", hyper + "claims = [\"nosuch.*\"]\n", "", 2, "no claim matches 'nosuch.*'"},
      {"range_malformed", "[[job]]\nfamily = \"hypercube\"\nn = \"1..x\"\n", "", 2, "is not an integer range"},
      {"range_empty", "[[job]]\nfamily = \"hypercube\"\nn = \"5..1\"\n", "", 2, "range \"5..1\" is empty"},
      {"list_empty", "[[job]]\nfamily = \"hypercube\"\nn = []\n", "", 2, "'n' is an empty list"},
      {"batch_value_out_of_range", "[[job]]\nfamily = \"hypercube\"\nn = 0\n", "", 2, "'n' = 0 is out of range"},
      {"value_float", "[[job]]\nfamily = \"hypercube\"\nn = 1.5\n", "", 2, "takes integers, booleans or strings"},
      // ---- a network read from a file (the batch file itself is a malformed edge list)
      {"edgelist_missing_file", "", "info edgelist path=none.txt", 2,
       "none.txt: cannot open (No such file or directory)"},
      {"edgelist_malformed", "[[job]]\nfamily = \"edgelist\"\npath = \"b.toml\"\n", "", 2,
       "b.toml:1: expected two node ids, found 1 field"},
      {"edgelist_fifo", "", "info edgelist path=fifo", 2, "fifo: not a regular file"},
      {"million_instances", "[[job]]\nfamily = \"postal\"\nlambda = \"1..1000\"\nn = \"1..1000\"\n", "", 2,
       "the batch expands to 1000000 instances, more than the limit of 100000"},
      {"batch_huge_value_echoed_short", "[[job]]\nfamily = \"hypercube\"\nn = \"" + long_value + "\"\n", "", 2,
       "... (100000 characters)"},
      {"dry_run_non_empty_folder", hyper + "output = \"full\"\n", "run --dry-run b.toml --output full", 2,
       "output folder 'full' is not empty"},
      {"job_name_not_string", hyper + "name = 1\n", "", 2, "'name' must be a string"},
      {"family_not_string", "[[job]]\nfamily = 1\n", "", 2, "'family' must be a string"},
      {"title_not_string", "title = 1\n" + hyper, "", 2, "'title' must be a string"},
      {"run_non_empty_folder", hyper, "run b.toml --output full", 2, "output folder 'full' is not empty"},
      // ---- check options, refused before the first instance (run --dry-run, run, info --set)
      {"option_routing_pairs_zero", hyper + "checks = [\"routing\"]\noptions = { routing = { pairs = 0 } }\n", "", 2,
       "job 'hypercube' (hypercube n=3): routing: option pairs = 0 must be \"all\" or a sample size from 1"},
      {"option_refused_at_its_line_and_column",
       hyper + "checks = [\"routing\"]\noptions = { routing = { pairs = 0 } }\n", "", 2,
       "b.toml:5:25: job 'hypercube' (hypercube n=3): routing: option pairs = 0"},
      {"option_refused_at_its_line", hyper + "[job.options.distances]\nhamming = true\nwords = 3\n",
       "run b.toml --output out", 2, "b.toml:6:1: job 'hypercube' (hypercube n=3): distances: option words = 3"},
      {"option_routing_pairs_zero_run", hyper + "checks = [\"routing\"]\noptions = { routing = { pairs = 0 } }\n",
       "run b.toml --output out", 2, "routing: option pairs = 0 must be"},
      {"option_multicast_instances_zero", "[[job]]\nfamily = \"efc\"\nn = 5\nchecks = [\"multicast\"]\n"
       "options = { multicast = { instances = 0 } }\n", "", 2, "multicast: option instances = 0 is out of range 1..67108864"},
      {"option_broadcast_source_beyond_n", "[[job]]\nfamily = \"hypercube\"\nn = \"2..3\"\nchecks = [\"broadcast\"]\n"
       "options = { broadcast = { sources = [5] } }\n", "run b.toml --output out", 2,
       "(hypercube n=2): broadcast: option sources: index 5 is out of range 0..3 (N = 4)"},
      {"option_broadcast_source_99999", hyper + "checks = [\"broadcast\"]\noptions = { broadcast = { sources = [99999] } }\n",
       "", 2, "option sources: index 99999 is out of range 0..7 (N = 8)"},
      {"option_broadcast_source_twice", hyper + "checks = [\"broadcast\"]\noptions = { broadcast = { sources = [1, \"001\"] } }\n",
       "", 2, "option sources: \"001\" is listed twice"},
      {"option_broadcast_source_not_label", hyper + "checks = [\"broadcast\"]\noptions = { broadcast = { sources = [\"01\"] } }\n",
       "", 2, "option sources: \"01\" is not a 3-bit label nor an index 0..7"},
      {"option_distances_words_three", hyper + "options = { distances = { words = 3 } }\n", "", 2,
       "distances: option words = 3 is not 0 (automatic) or a power of two 1, 2, 4, ..., 64"},
      {"option_distances_words_128", hyper + "options = { distances = { words = 128 } }\n", "run b.toml --output out", 2,
       "distances: option words = 128 is not 0 (automatic) or a power of two"},
      {"option_postal_lambda_zero", hyper + "checks = [\"postal\"]\noptions = { postal = { lambda = 0 } }\n", "", 2,
       "postal: option lambda = 0 is out of range 1..1048576"},
      {"option_routing_spare_limit", hyper + "checks = [\"routing\"]\noptions = { routing = { spare_limit = 16 } }\n", "", 2,
       "routing: option spare_limit = 16 is out of range 0..15"},
      {"option_routing_unknown", hyper + "checks = [\"routing\"]\noptions = { routing = { pears = 1 } }\n", "", 2,
       "routing: unknown option 'pears'"},
      {"option_prefix_no_operator", hyper + "checks = [\"prefix\"]\noptions = { prefix = { operator = [] } }\n", "", 2,
       "prefix: option operator = [] must be a string or a non-empty list of strings"},
      {"option_counts_max_nodes_zero", hyper + "options = { counts = { max_nodes = 0 } }\n", "", 2,
       "counts: option max_nodes = 0 must be an integer from 1"},
      {"option_of_a_check_without_options", hyper + "checks = [\"diameter\"]\noptions = { diameter = { words = 2 } }\n",
       "", 2, "b.toml:5:26: job 'hypercube' (hypercube n=3): diameter: unknown option 'words' (diameter takes no options)"},
      {"info_set_source_beyond_n", "", "info hypercube n=3 --check broadcast --set broadcast.sources=[8]", 2,
       "--set broadcast on hypercube n=3: broadcast: option sources: index 8 is out of range 0..7 (N = 8)"},
      {"info_set_words_three", "", "info hypercube n=3 --set distances.words=3", 2,
       "--set distances: distances: option words = 3 is not 0 (automatic) or a power of two"},
      {"run_set_pairs_zero", hyper + "checks = [\"routing\"]\n", "run b.toml --set routing.pairs=0 --output out", 2,
       "routing: option pairs = 0 must be"},
      // ---- the second trust audit (issue 33): what --output may replace
      {"export_output_empty", "", "export hypercube n=3 --output ''", 2, "export: --output is empty: name a file"},
      {"export_output_dev_null_forced", "", "export hypercube n=3 --output /dev/null --force", 2,
       "'/dev/null' is a character device, not a file"},
      {"export_output_dev_full", "", "export hypercube n=3 --output /dev/full", 2,
       "'/dev/full' is a character device, not a file"},
      {"export_output_fifo_forced", "", "export hypercube n=3 --output fifo --force", 2, "'fifo' is a FIFO, not a file"},
      {"export_output_fifo", "", "export hypercube n=3 --output fifo", 2, "'fifo' is a FIFO, not a file"},
      {"export_output_folder_forced", "", "export hypercube n=3 --output full --force", 2,
       "'full' is a folder, not a file"},
      {"export_output_folder_slash", "", "export hypercube n=3 --output full/", 2, "'full/' is a folder, not a file"},
      {"export_output_dev_zero_forced", "", "export hypercube n=3 --output /dev/zero --force", 2,
       "'/dev/zero' is a character device, not a file"},
      {"export_output_exists", hyper, "export hypercube n=3 --output b.toml", 2, "'b.toml' exists; --force replaces it"},
      // ---- files with no usable record
      {"summarize_empty_results", "", "claims --summarize full/results.jsonl", 2,
       "full/results.jsonl holds no usable record (it is empty)"},
      {"summarize_junk", "not json\n{\"a\": 1}\n", "claims --summarize b.toml", 2,
       "b.toml holds no usable record (2 line(s) skipped; first: b.toml:1: skipped (not a JSON object))"},
      {"summarize_json_arrays", "[]\n[1]\n", "claims --summarize b.toml", 2,
       "b.toml holds no usable record (2 line(s) skipped; first: b.toml:1: skipped (not a JSON object))"},
      {"summarize_junk_results", "", "claims --summarize junk/results.jsonl", 2,
       "junk/results.jsonl holds no usable record (3 line(s) skipped"},
      {"report_junk_results", "", "report junk", 2, "junk/results.jsonl holds no usable record (3 line(s) skipped"},
      // ---- networks read from files that hold no graph
      {"edgelist_comments_only", "# nothing here\n% nor here\n", "info edgelist path=b.toml", 2,
       "b.toml: no edge in its 2 line(s) (comments and blank lines only): nothing to measure"},
      {"edgelist_empty_file", "", "sh -c ': > e.txt' && TOPOVERIFY info edgelist path=e.txt", 2,
       "e.txt: no edge in its 0 line(s) (the file is empty): nothing to measure"},
      {"edgelist_blank_lines", "\n\n", "info edgelist path=b.toml", 2, "b.toml: no edge in its 2 line(s)"},
      {"edgelist_byte_order_mark_only", "\xef\xbb\xbf\n", "info edgelist path=b.toml", 2,
       "b.toml: no edge in its 1 line(s)"},
      {"edgelist_gzip", std::string("\x1f\x8b\x08\x00rest", 8), "info edgelist path=b.toml", 2,
       "b.toml: a compressed file, gzip (gunzip -k FILE) first"},
      {"edgelist_zstd", std::string("\x28\xb5\x2f\xfdrest", 8), "info edgelist path=b.toml", 2,
       "b.toml: a compressed file, zstd"},
      {"edgelist_bzip2", "BZh91AY&SY", "info edgelist path=b.toml", 2, "b.toml: a compressed file, bzip2"},
      {"edgelist_xz", std::string("\xfd" "7zXZ\0rest", 10), "info edgelist path=b.toml", 2,
       "b.toml: a compressed file, xz"},
      {"edgelist_zip", std::string("PK\x03\x04rest", 8), "info edgelist path=b.toml", 2, "b.toml: a compressed file, zip"},
      {"edgelist_gzip_in_batch", "[[job]]\nfamily = \"edgelist\"\npath = \"g.gz\"\n",
       "sh -c \"printf '\\037\\213\\010' > g.gz\" && TOPOVERIFY run --dry-run b.toml", 2, "g.gz: a compressed file, gzip"},
      // ---- output folders that are symbolic links to nothing
      {"run_output_dangling_link", hyper, "run b.toml --output dangling", 2,
       "output folder 'dangling' is a symbolic link to 'nowhere', which does not exist"},
      {"dry_run_output_dangling_link", hyper, "run --dry-run b.toml --output dangling", 2,
       "output folder 'dangling' is a symbolic link to 'nowhere', which does not exist"},
      {"resume_output_dangling_link", hyper, "run b.toml --resume --output dangling", 2,
       "is a symbolic link to 'nowhere'"},
      {"check_output_dangling_link", "", "check 'pn.thm3' postal lambda=2 n=3 --output dangling", 2,
       "is a symbolic link to 'nowhere'"},
      {"compare_output_dangling_link", "", "compare 'hypercube n=2..3' --output dangling", 2,
       "is a symbolic link to 'nowhere'"},
      // ---- limits that say what is wrong with them
      {"check_time_zero", "", "check 'pn.thm3' postal lambda=2 n=3 --time 0s", 2, "--time '0s' must be longer than zero"},
      {"check_time_word", "", "check 'pn.thm3' postal lambda=2 n=3 --time soon", 2, "--time 'soon' is not a duration"},
      {"check_memory_zero", "", "check 'pn.thm3' postal lambda=2 n=3 --memory 0GiB", 2,
       "--memory '0GiB' must be more than zero"},
      // ---- the same limit refused alike on the command line and in a batch file
      {"check_max_nodes_zero", "", "check 'pn.thm3' postal lambda=2 n=3 --max-nodes 0", 2, "--max-nodes must be at least 1"},
      {"guess_max_nodes_zero", "", "guess diameter hypercube n=1..4 --max-nodes 0", 2, "--max-nodes must be at least 1"},
      {"guess_verify_budget_zero", "", "guess diameter hypercube n=1..4 --verify-budget 0s", 2,
       "--verify-budget '0s' must be longer than zero"},
      {"compare_all_pairs_up_to_zero", "", "compare 'hypercube n=2..3' --all-pairs-up-to 0", 2,
       "--all-pairs-up-to must be a positive number of nodes"},
  };
}

class BadInput : public ::testing::TestWithParam<bad_input> {};

TEST_P(BadInput, IsOneLineNamingTheProblemWithItsExitCodeAndWritesNothing) {
  const bad_input& c = GetParam();
  const std::string dir = (fs::temp_directory_path() / ("tv_bad_" + std::to_string(::getpid()) + "_" + c.name)).string();
  fs::remove_all(dir);
  fs::create_directories(dir + "/full");
  std::ofstream(dir + "/full/results.jsonl") << "";  // a folder an earlier run wrote to
  ::mkfifo((dir + "/fifo").c_str(), 0644);
  ::mkfifo((dir + "/fifo.toml").c_str(), 0644);  // named as a rule file
  fs::create_directories(dir + "/folder.toml");
  fs::create_directory_symlink("nowhere", dir + "/dangling");
  fs::create_directories(dir + "/junk");  // a results file with no usable record
  std::ofstream(dir + "/junk/results.jsonl") << "torn {\n[1, 2]\n{\"family\": 3}\n";
  if (!c.batch.empty()) std::ofstream(dir + "/b.toml") << c.batch;
  std::string line = c.args.empty() ? "run --dry-run b.toml" : c.args;
  if (line.rfind("env ", 0) != 0 && line.rfind("sh ", 0) != 0) line = "TOPOVERIFY " + line;
  const auto r = tv::test::run_shell("cd '" + dir + "' && " + line + " < /dev/null");
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
  EXPECT_NE(r.err.find(c.message), std::string::npos) << "stderr: " << r.err;
  // One error line; besides it only a dry run's plan, and libgomp's own complaint about
  // OMP_NUM_THREADS, which it prints before main() runs.
  int error_lines = 0;
  std::istringstream lines(r.err);
  for (std::string l; std::getline(lines, l);) {
    if (l.empty()) continue;  // libgomp surrounds its line with blank ones
    if (l.rfind("topoverify: error: ", 0) == 0) {
      ++error_lines;
      EXPECT_LT(l.size(), 400u) << "a message must stay short: " << l;
    } else {
      EXPECT_TRUE(l.rfind("topoverify: dry run: ", 0) == 0 || l.rfind("libgomp: ", 0) == 0) << l;
    }
  }
  EXPECT_EQ(error_lines, 1) << r.err;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().filename() == "results.jsonl" && e.path().parent_path().filename() != "junk")
      EXPECT_EQ(fs::file_size(e.path()), 0u) << e.path();
  EXPECT_FALSE(fs::exists(dir + "/nowhere")) << "a dangling link's target was created";
  EXPECT_EQ(tv::test::slurp(dir + "/junk/results.jsonl"), "torn {\n[1, 2]\n{\"family\": 3}\n");
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Classes, BadInput, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<bad_input>& info) { return std::string(info.param.name); });

TEST(BadInputHarness, CoversManyClasses) { EXPECT_GE(cases().size(), 140u); }  // 108 before the second audit

}  // namespace

namespace {

TEST(CheckOptions, TheIssuesExamplesAreRefusedByDryRunAndRunBeforeAnyRecord) {
  // Each value passed before options were validated up front; now both commands exit 2
  // naming the job, the check, the option and the allowed values, and create no folder.
  const std::vector<std::pair<std::string, std::string>> examples = {
      {"checks = [\"routing\"]\noptions = { routing = { pairs = 0 } }", "routing: option pairs = 0"},
      {"checks = [\"broadcast\"]\noptions = { broadcast = { sources = [99999] } }",
       "broadcast: option sources: index 99999 is out of range 0..7"},
      {"options = { distances = { words = 3 } }", "distances: option words = 3"},
  };
  const std::string dir = (fs::temp_directory_path() / ("tv_opts_" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);
  auto check = [&](const std::string& batch, const std::string& message) {
    std::ofstream(dir + "/b.toml") << batch;
    for (const std::string cmd : {"run --dry-run b.toml --output out", "run b.toml --output out"}) {
      const auto r = tv::test::run_topoverify(cmd, dir);
      EXPECT_EQ(r.exit_code, 2) << cmd << ": " << r.err;
      EXPECT_EQ(r.err.rfind("topoverify: error: b.toml:", 0), 0u) << "file:line:column first: " << r.err;
      EXPECT_NE(r.err.find(": job 'j' ("), std::string::npos) << r.err;
      EXPECT_NE(r.err.find(message), std::string::npos) << cmd << ": " << r.err;
      EXPECT_FALSE(fs::exists(dir + "/out")) << cmd << " wrote a folder";
    }
  };
  for (const auto& [opts, message] : examples)
    check("[[job]]\nname = \"j\"\nfamily = \"hypercube\"\nn = 3\n" + opts + "\n", message);
  check("[[job]]\nname = \"j\"\nfamily = \"efc\"\nn = 5\nchecks = [\"multicast\"]\n"
        "options = { multicast = { instances = 0 } }\n",
        "multicast: option instances = 0 is out of range 1..67108864");
  fs::remove_all(dir);
}

TEST(LibraryFailures, AMissingTmpdirDoesNotStopTheReport) {
  // The plotting script's scratch folder lives in the output folder, not in $TMPDIR.
  const std::string dir = (fs::temp_directory_path() / ("tv_tmpdir_" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);
  std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..3\"\n";
  const auto r = tv::test::run_shell("cd " + dir + " && TMPDIR=/nonexistent/tmp TOPOVERIFY run b.toml --output out --backend cpu");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir + "/out/report.md"));
  for (const auto& e : fs::directory_iterator(dir + "/out"))
    EXPECT_NE(e.path().filename().string().rfind(".plots-tmp-", 0), 0u) << "scratch folder left: " << e.path();
  fs::remove_all(dir);
}

}  // namespace
