// Signal handling for the runner.  The handler only stores the signal number in a
// lock-free atomic; the runner polls it between steps.
#include "host/run/signals.hpp"

#include <atomic>
#include <csignal>
#include <cstring>

namespace tv::host {

namespace {
std::atomic<int> g_received{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal flag must be lock-free");
struct sigaction g_old_int, g_old_term, g_old_hup;

extern "C" void on_stop_signal(int sig) { g_received.store(sig); }
}  // namespace

stop_on_signals::stop_on_signals() {
  g_received.store(0);
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  // SA_RESETHAND: the handler runs once; a second Ctrl-C ends the process.
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
  // A closed terminal or a logged-out ssh session sends SIGHUP: stop as for SIGTERM,
  // with the instance recorded, rather than vanish without a record.
  sigaction(SIGHUP, &sa, &g_old_hup);
  // Under nohup SIGHUP is ignored on purpose: keep it so.
  if (g_old_hup.sa_handler == SIG_IGN) sigaction(SIGHUP, &g_old_hup, nullptr);
}

stop_on_signals::~stop_on_signals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
  sigaction(SIGHUP, &g_old_hup, nullptr);
}

int stop_on_signals::received() { return g_received.load(); }

const char* signal_name(int sig) {
  if (sig == SIGINT) return "SIGINT";
  if (sig == SIGTERM) return "SIGTERM";
  if (sig == SIGHUP) return "SIGHUP";
  return "signal";
}

}  // namespace tv::host
