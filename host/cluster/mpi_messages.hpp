// The messages MPI ranks exchange, one tag each, and waits that never hang: every wait
// polls, gives up when this process is asked to stop, and ends the whole run with a
// message naming the silent rank and its host after `silence_limit_s`.
#pragma once
#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::mpi {

enum tag : int {
  outcome = 1,   // helper -> 0: an instance's outcome (JSON)
  request = 2,   // helper -> 0: "the next range, please" (JSON: instance, call, finished, seconds per batch)
  range = 3,     // 0 -> helper: the range, or none (JSON; `flush`: give back your partial first)
  partial = 4,   // helper -> 0: what it found since it last gave back (partial bytes)
  last = 5,      // helper -> 0: its last partial of the run (bytes), after a `none`
  failed = 6,    // helper -> 0: its part failed (JSON: what)
  result = 7,    // 0 -> helper: the run's outcome (JSON: failure, or empty)
  result_bytes = 8,  // 0 -> helper: the merged partial (bytes), after an empty failure
};

/// @brief Sends `bytes` to `to` with `t` (blocking until the buffer may be reused).
void send(int to, tag t, const std::string& bytes);
void send_json(int to, tag t, const nlohmann::json& j);

/// What arrived.
struct message {
  int from = -1;
  int tag = 0;
  std::string bytes;
  nlohmann::json json() const;
};

/// @brief Waits for a message from `from` (MPI_ANY_SOURCE for any) with tag `t`
/// (MPI_ANY_TAG for any).  Returns false when `give_up()` becomes true first.  After
/// `silence_limit_s` seconds without one it ends every rank (MPI_Abort) with a message
/// naming `from` and its host (or every rank it waited for).
bool receive(int from, int t, message& out, const std::function<bool()>& give_up,
             const std::string& waiting_for);

/// @brief Seconds a wait lasts before the run is ended: TOPOVERIFY_RANK_TIMEOUT (seconds)
/// when set, else one hour (a range is sized to a minute of work).
double silence_limit_s();

/// @brief Where abort_all writes its line (a helper rank's stdout and stderr are silenced).
void keep_messages_on(int fd);

/// @brief Ends every rank now: prints "topoverify: error: WHY" and calls MPI_Abort.
[[noreturn]] void abort_all(const std::string& why, int code = 1);

}  // namespace tv::host::mpi
