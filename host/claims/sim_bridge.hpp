// Whether this build has the simulators (kernels/sim/: routing, broadcast, postal model,
// multicast, prefix).  Claims that need a simulation compile their check against it when
// the headers are there, and otherwise say, for every instance, that the simulator is not
// available in this build.
#pragma once
#if __has_include("kernels/sim/broadcast.hpp") && __has_include("kernels/sim/routing.hpp") && \
    __has_include("kernels/sim/postal.hpp") && __has_include("kernels/sim/prefix.hpp") &&     \
    __has_include("kernels/sim/multicast.hpp")
#define TV_CLAIMS_HAVE_SIM 1
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/trees.hpp"
#else
#define TV_CLAIMS_HAVE_SIM 0
#endif

namespace tv::host::claims {

/// The reason a simulation-based claim gives in a build without kernels/sim/.
inline constexpr const char* sim_unavailable = "simulator not available in this build";

}  // namespace tv::host::claims
