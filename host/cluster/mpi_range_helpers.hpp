// An instance's engine runs (all pairs, broadcast, routing) shared by MPI ranks.  Rank 0
// owns each run (ranged_run: the queue of batches, the checkpoints, its own ranges) and serves the other ranks from a thread of
// its own (rank0_helpers): a rank asks for a range when it has finished the last one, so
// fast and slow ranks balance; it gives back what it found when a checkpoint is due and
// at the end; rank 0 sends every rank the merged run, so that each goes on with the same
// checks in step.  Each message names the instance and the engine call within it, so
// ranks that drifted apart end the run with a message instead of mixing two runs.
#pragma once
#include <memory>

#include "host/run/rank_team.hpp"

namespace tv::host::mpi {

/// @brief Rank 0's side: the other `ranks - 1` ranks as helpers of instance `index`.
std::unique_ptr<range_helpers> make_rank0_helpers(size_t index, int ranks,
                                                  std::function<std::string(int)> where);

/// @brief A helper rank's side: its engine runs of instance `index`, ranges from rank 0.
std::unique_ptr<range_runner> make_helper_runner(size_t index, std::function<std::string(int)> where);

}  // namespace tv::host::mpi
