// SIGINT / SIGTERM / SIGHUP during a run: the first one asks the run to stop at the end
// of the current step (the runner records what is done and exits 1); a second one ends the
// process at once, as the default handler would.
#pragma once

namespace tv::host {

/// While alive, SIGINT, SIGTERM and SIGHUP set a flag instead of ending the process (once).
class stop_on_signals {
 public:
  stop_on_signals();
  ~stop_on_signals();
  stop_on_signals(const stop_on_signals&) = delete;
  stop_on_signals& operator=(const stop_on_signals&) = delete;

  /// @brief The signal that asked for a stop (SIGINT, SIGTERM, SIGHUP), or 0.
  static int received();
};

/// @brief "SIGINT", "SIGTERM", "SIGHUP" or "signal".
const char* signal_name(int sig);

}  // namespace tv::host
