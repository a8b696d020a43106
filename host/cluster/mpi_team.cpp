// The MPI ranks of a run (rank_team over MPI_COMM_WORLD): joined when mpirun or srun
// started the process, with the hosts of every rank gathered once for messages; the
// schedule broadcast from rank 0; instance outcomes sent to rank 0 as JSON.
#include <mpi.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

#include "host/cluster/mpi_messages.hpp"
#include "host/cluster/mpi_range_helpers.hpp"
#include "host/run/rank_team.hpp"
#include "host/run/signals.hpp"
#include "kernels/core/backend.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host {

namespace {

/// Whether a launcher that sets up MPI started this process: without one, MPI_Init would
/// start a singleton, which is slow and, in a container, may fail; alone it is not needed.
bool started_by_mpi_launcher() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "SLURM_STEP_NUM_TASKS"})
    if (std::getenv(v)) return true;
  return false;
}

class mpi_team final : public rank_team {
 public:
  mpi_team(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED)
      mpi::abort_all("this MPI library does not allow calls from more than one thread (MPI_THREAD_SERIALIZED)");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int len = 0;
    MPI_Get_processor_name(name, &len);
    std::vector<char> all(static_cast<size_t>(size_) * MPI_MAX_PROCESSOR_NAME);
    MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
                  MPI_COMM_WORLD);
    for (int r = 0; r < size_; ++r) hosts_.emplace_back(all.data() + static_cast<size_t>(r) * MPI_MAX_PROCESSOR_NAME);
    use_a_device_of_this_node();
    if (rank_ != 0) silence();
  }
  ~mpi_team() override {
    if (!ended_) end(false, 0);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::string where(int r) const override {
    return "rank " + std::to_string(r) + " on " + (r >= 0 && r < size_ ? hosts_[static_cast<size_t>(r)] : "?");
  }

  void send_schedule(const std::vector<instance_assignment>& schedule, bool quit) override {
    nlohmann::json j = {{"quit", quit}, {"run", nlohmann::json::array()}};
    for (const auto& a : schedule) j["run"].push_back({a.index, a.rank});
    broadcast_text(j.dump());
    schedule_sent_ = true;
  }
  std::optional<std::vector<instance_assignment>> receive_schedule() override {
    const nlohmann::json j = nlohmann::json::parse(broadcast_text(""));
    if (j.value("quit", true)) return std::nullopt;
    std::vector<instance_assignment> s;
    for (const auto& a : j.at("run")) s.push_back({a.at(0).get<size_t>(), a.at(1).get<int>()});
    return s;
  }

  void send_outcome(size_t index, const instance_outcome& o) override {
    mpi::send_json(0, mpi::tag::outcome, {{"index", index}, {"record", o.record},
                                          {record_field::status, std::string(to_string(o.status))},
                                          {"reason", o.reason}, {"interrupted", o.interrupted}});
  }
  instance_outcome receive_outcome(size_t index, int from) override {
    mpi::message m;
    const bool got = mpi::receive(from, mpi::tag::outcome, m, [] { return stop_on_signals::received() != 0; },
                                  where(from));
    instance_outcome o;
    if (!got) {
      o.status = run_status::interrupted;
      o.reason = std::string(signal_name(stop_on_signals::received())) + " while " + where(from) + " ran it";
      o.interrupted = true;  // no record: the runner writes none for it
      abandoned_ = true;
      return o;
    }
    const nlohmann::json j = m.json();
    if (j.value("index", size_t{0}) != index)
      mpi::abort_all(where(from) + " sent the outcome of instance " + std::to_string(j.value("index", size_t{0})) +
                     " where rank 0 waited for " + std::to_string(index));
    o.record = nlohmann::ordered_json::parse(j.at("record").dump());
    o.status = j.contains(record_field::status) ? status_of(j) : run_status::error;
    o.reason = j.value("reason", std::string());
    o.interrupted = j.value("interrupted", false);
    return o;
  }

  std::unique_ptr<range_helpers> helpers(size_t index) override {
    return mpi::make_rank0_helpers(index, size_, [this](int r) { return where(r); });
  }
  std::unique_ptr<range_runner> helper_runner(size_t index) override {
    return mpi::make_helper_runner(index, [this](int r) { return where(r); });
  }

  void abandon_at_end() override { abandoned_ = true; }

  void end(bool abandon, int code) override {
    if (ended_) return;
    ended_ = true;
    if (rank_ == 0 && !schedule_sent_) send_schedule({}, true);  // refused before any work
    if ((abandon || abandoned_) && size_ > 1) MPI_Abort(MPI_COMM_WORLD, code ? code : 1);
    MPI_Finalize();
  }

 private:
  /// Rank 0's text to every rank (its `text` is ignored elsewhere).
  std::string broadcast_text(const std::string& text) {
    uint64_t size = text.size();
    MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    std::string out = rank_ == 0 ? text : std::string(size, '\0');
    MPI_Bcast(out.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
    return out;
  }

  /// On the cuda backend each rank uses GPU `local rank % devices`, its rank among the
  /// ranks of its node: mpirun -np 4 on a node of 4 GPUs puts one rank on each.
  static void use_a_device_of_this_node() {
    const int devices = core::cuda_device_count();
    if (devices == 0) return;
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int local = 0;
    MPI_Comm_rank(node, &local);
    MPI_Comm_free(&node);
    core::use_cuda_device(local % devices);
  }

  /// Rank 0 alone prints: a helper's output goes nowhere, but for the line that ends the
  /// run from it (mpi::abort_all), which keeps the real stderr.
  static void silence() {
    mpi::keep_messages_on(::dup(2));
    const int null = ::open("/dev/null", O_WRONLY);
    if (null < 0) return;
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::close(null);
  }

  int rank_ = 0, size_ = 1;
  std::vector<std::string> hosts_;
  bool schedule_sent_ = false, ended_ = false, abandoned_ = false;
};

}  // namespace

std::unique_ptr<rank_team> join_ranks(int& argc, char**& argv) {
  if (!started_by_mpi_launcher()) return nullptr;
  return std::make_unique<mpi_team>(argc, argv);
}

}  // namespace tv::host
