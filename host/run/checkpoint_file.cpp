// Checkpoint files: "TVCHECKPOINT 2\n", the owner as JSON (u64 length first), then the
// partial's byte form (the engine's: all_pairs_partial_binary.hpp for all pairs), which
// carries its own version and checksum.
#include "host/run/checkpoint_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "host/batch/config.hpp"
#include "host/build_info.hpp"
#include "host/errors.hpp"
#include "host/records/checked_io.hpp"
#include "host/units.hpp"

namespace tv::host {

namespace {

constexpr std::string_view magic = "TVCHECKPOINT 2\n";

nlohmann::json owner_json(const checkpoint_owner& o) {
  return {{"instance_id", o.instance_id}, {"instance", o.instance},
          {"run", {{"engine", o.engine}, {"identity", o.identity}}},     {"tool", {{"version", tool_version()}, {"commit", tool_commit()}}}};
}

}  // namespace

std::string checkpoint_path(const std::string& folder, const checkpoint_owner& owner) {
  // Each engine run of the instance (its checks may ask with different options) has its
  // own file.
  const nlohmann::json key = {{"instance_id", owner.instance_id}, {"engine", owner.engine}, {"run", owner.identity}};
  return folder + "/checkpoints/" + owner.instance_id + "-" + text_hash(key.dump()).substr(0, 12) + ".ckpt";
}

void sync_folder_of(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // the rename stands; only its durability across a power cut is weaker
  ::fsync(fd);
  ::close(fd);
}

void write_checkpoint(const std::string& path, const checkpoint_owner& owner,
                      const range_partial& partial) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec || !std::filesystem::is_directory(folder))
    throw std::runtime_error("cannot make the checkpoints folder '" + folder.string() +
                             "': " + (ec ? ec.message() : "something else is there"));
  nlohmann::json head = owner_json(owner);
  head["written_at"] = utc_now();
  const std::string text = head.dump();
  std::string bytes(magic);
  const uint64_t size = text.size();
  bytes.append(reinterpret_cast<const char*>(&size), 8);
  bytes += text;
  bytes += partial.to_bytes();
  write_file_whole(path, bytes);
  sync_folder_of(path);
}

read_checkpoint_result read_checkpoint(const std::string& path, const checkpoint_owner& owner,
                                       const range_engine& engine) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw input_error("cannot be read");
  std::ostringstream all;
  all << f.rdbuf();
  const std::string bytes = all.str();
  if (bytes.compare(0, magic.size(), magic) != 0) throw input_error("not a checkpoint of this format");
  uint64_t size = 0;
  if (bytes.size() < magic.size() + 8) throw input_error("cut short");
  std::memcpy(&size, bytes.data() + magic.size(), 8);
  if (size > bytes.size() - magic.size() - 8) throw input_error("cut short");
  const nlohmann::json head =
      nlohmann::json::parse(bytes.substr(magic.size() + 8, size), nullptr, false);
  if (head.is_discarded() || !head.is_object()) throw input_error("its header is not JSON");
  const nlohmann::json want = owner_json(owner);
  if (head.value("tool", nlohmann::json()) != want["tool"])
    throw input_error("written by another build of topoverify (" +
                      head.value("tool", nlohmann::json()).dump() + ", this is " + want["tool"].dump() + ")");
  for (const char* key : {"instance_id", "run"})
    if (head.value(key, nlohmann::json()) != want[key])
      throw input_error(std::string("its ") + key + " differs (" + head.value(key, nlohmann::json()).dump() +
                        ", this run's is " + want[key].dump() + ")");
  read_checkpoint_result r;
  r.partial = engine.from_bytes(std::string_view(bytes).substr(magic.size() + 8 + size));
  r.written_at = head.value("written_at", std::string("an unknown time"));
  return r;
}

std::string set_checkpoint_aside(const std::string& path) {
  std::string stamp = utc_now();
  for (char& c : stamp)
    if (c == ':') c = '-';
  const std::string aside = path + ".set-aside-" + stamp;
  std::filesystem::rename(path, aside);
  sync_folder_of(aside);
  return aside;
}

}  // namespace tv::host
