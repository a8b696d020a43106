// MPI messages: byte strings with a tag; waits by MPI_Iprobe with a short sleep, so a
// stop request or a silent rank ends the wait instead of a hang.
#include "host/cluster/mpi_messages.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>

#include <unistd.h>

namespace tv::host::mpi {

void send(int to, tag t, const std::string& bytes) {
  if (bytes.size() > static_cast<size_t>(INT32_MAX))
    abort_all("a message of " + std::to_string(bytes.size()) + " bytes is over MPI's 2 GiB limit");
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, t, MPI_COMM_WORLD);
}

void send_json(int to, tag t, const nlohmann::json& j) { send(to, t, j.dump()); }

nlohmann::json message::json() const {
  nlohmann::json j = nlohmann::json::parse(bytes, nullptr, false);
  if (j.is_discarded()) abort_all("rank " + std::to_string(from) + " sent a message that is not JSON");
  return j;
}

double silence_limit_s() {
  if (const char* s = std::getenv("TOPOVERIFY_RANK_TIMEOUT")) {
    char* end = nullptr;
    const double v = std::strtod(s, &end);
    if (end != s && v > 0) return v;
  }
  return 3600;
}

bool receive(int from, int t, message& out, const std::function<bool()>& give_up,
             const std::string& waiting_for) {
  const auto start = std::chrono::steady_clock::now();
  const double limit = silence_limit_s();
  int pause_us = 20;
  while (true) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(from, t, MPI_COMM_WORLD, &flag, &st);
    if (flag) {
      int count = 0;
      MPI_Get_count(&st, MPI_BYTE, &count);
      out.from = st.MPI_SOURCE;
      out.tag = st.MPI_TAG;
      out.bytes.assign(static_cast<size_t>(count), '\0');
      MPI_Recv(out.bytes.data(), count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return true;
    }
    if (give_up && give_up()) return false;
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (waited > limit)
      abort_all(waiting_for + " sent nothing for " + std::to_string(static_cast<long>(waited)) +
                " s (TOPOVERIFY_RANK_TIMEOUT); ending the run. Finished instances and the last "
                "checkpoint are kept: continue with --resume");
    std::this_thread::sleep_for(std::chrono::microseconds(pause_us));
    pause_us = std::min(pause_us * 2, 2000);
  }
}

namespace {
int message_fd = 2;  // where abort_all writes: a helper rank's own stderr is silenced
}  // namespace

void keep_messages_on(int fd) { message_fd = fd; }

void abort_all(const std::string& why, int code) {
  const std::string line = "topoverify: error: " + why + "\n";
  (void)!::write(message_fd, line.data(), line.size());
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return
}

}  // namespace tv::host::mpi
