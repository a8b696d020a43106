// A build without MPI (TOPOVERIFY_MPI=OFF, or no MPI found): a process runs alone.
#include "host/run/rank_team.hpp"

namespace tv::host {

std::unique_ptr<rank_team> join_ranks(int&, char**&) { return nullptr; }

}  // namespace tv::host
