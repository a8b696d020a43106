// Checkpoints of an instance's engine run (all pairs, broadcast, routing), inside its output folder
// (<output>/checkpoints/): the merged partial of the source ranges finished so far, with
// what it belongs to (the instance's content, the run's identity, the tool's version and
// commit), written whole or not at all (temporary file, fsync, rename, fsync of the
// folder).  A checkpoint that does not match or does not read back whole is set aside
// under another name, never trusted and never deleted.
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "host/checks/range_engine.hpp"

namespace tv::host {

/// What a checkpoint belongs to; a checkpoint is used only when every field matches.
struct checkpoint_owner {
  std::string instance_id;  // the job's content (instance_content.hpp)
  std::string instance;     // its name for people, "PN_2(30)"
  std::string engine;       // range_engine::name()
  nlohmann::json identity;  // range_engine::identity(): the graph, the options, the batches
};

/// @brief Where the checkpoint of `owner` lives in `folder`.
std::string checkpoint_path(const std::string& folder, const checkpoint_owner& owner);

/// @brief Writes the partial as the checkpoint at `path`, atomically and durably; raises
/// std::runtime_error naming the file when it cannot.
void write_checkpoint(const std::string& path, const checkpoint_owner& owner,
                      const range_partial& partial);

struct read_checkpoint_result {
  std::unique_ptr<range_partial> partial;
  std::string written_at;  // UTC, as utc_now() wrote it
};

/// @brief The checkpoint at `path` if it belongs to `owner` and reads back whole.
/// Raises input_error with the reason otherwise ("written by topoverify 0.3 (abc1234)",
/// "of other options", "checksum mismatch ...").
read_checkpoint_result read_checkpoint(const std::string& path, const checkpoint_owner& owner,
                                       const range_engine& engine);

/// @brief Renames the checkpoint at `path` out of the way (to PATH.set-aside-STAMP) and
/// returns the new path.
std::string set_checkpoint_aside(const std::string& path);

/// @brief Syncs the folder that holds `path`, so a rename in it survives a crash.
void sync_folder_of(const std::string& path);

}  // namespace tv::host
