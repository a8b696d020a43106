// The MPI ranks a run is shared among, as the runner sees them.  Rank 0 alone prints,
// writes records, checkpoints and reports: it decides who runs which instance (small
// ones whole, round-robin over the ranks; large ones by every rank together, their
// all-pairs sources dealt range by range to whichever rank asks next), receives the
// records made elsewhere, and serves ranges to the other ranks.  host/cluster/ is the MPI
// side; a build without MPI, or a process not started by mpirun or srun, has no team.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "host/run/ranged_run.hpp"
#include "host/run/run_steps.hpp"

namespace tv::host {

/// Who runs instance `index` of the run's plan: one rank, or every rank together.
struct instance_assignment {
  static constexpr int every_rank = -1;
  size_t index = 0;
  int rank = 0;
};

class rank_team {
 public:
  virtual ~rank_team() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// @brief "rank 1 on node7", for messages and records.
  virtual std::string where(int rank) const = 0;

  /// @brief Rank 0: tells every rank what to run (called once; an empty schedule with
  /// `quit` lets the others end when the run was refused before any work).
  virtual void send_schedule(const std::vector<instance_assignment>& schedule, bool quit) = 0;
  /// @brief Other ranks: what to run; nullopt when rank 0 refused the run.
  virtual std::optional<std::vector<instance_assignment>> receive_schedule() = 0;

  /// @brief Other ranks: the outcome of an instance this rank ran.
  virtual void send_outcome(size_t index, const instance_outcome& outcome) = 0;
  /// @brief Rank 0: the outcome of instance `index` from rank `from`; when this process is
  /// asked to stop while it waits, an interrupted outcome without a record (none is
  /// written: --resume runs the instance again).
  virtual instance_outcome receive_outcome(size_t index, int from) = 0;

  /// @brief Rank 0: the other ranks as helpers of instance `index`'s all-pairs runs.
  virtual std::unique_ptr<range_helpers> helpers(size_t index) = 0;
  /// @brief Other ranks: this rank's part in instance `index`'s all-pairs runs.
  virtual std::unique_ptr<range_runner> helper_runner(size_t index) = 0;

  /// @brief Rank 0: the run was interrupted; end() ends every rank at once (the others
  /// may be waiting for work that will not come).
  virtual void abandon_at_end() = 0;

  /// @brief Ends the team: a clean end waits for every rank; `abandon` (rank 0 after an
  /// interrupt or a failure that left ranks behind) ends every rank at once, exit `code`.
  virtual void end(bool abandon, int code) = 0;
};

/// @brief The ranks this process runs among when mpirun or srun started it and the build
/// has MPI (host/cluster/mpi_team.cpp); null otherwise (host/cluster/no_mpi.cpp).
std::unique_ptr<rank_team> join_ranks(int& argc, char**& argv);

/// @brief The schedule of a run: the plan's instances not already recorded, those of
/// `share_nodes` nodes or more run by every rank, the others dealt round-robin.
std::vector<instance_assignment> make_schedule(const std::vector<planned>& plan,
                                               const std::vector<bool>& recorded, int ranks,
                                               uint64_t share_nodes);

}  // namespace tv::host
