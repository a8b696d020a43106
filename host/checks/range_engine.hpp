// One engine's run over its fixed order of sources, as a runner that splits it sees it:
// the all-pairs engine, multi-source broadcast and all-pairs routing each run a range of
// their sources to a partial that merges (issue 16 item 1), and the batch runner deals
// those ranges out, checkpoints them and sends them to MPI ranks or further devices
// (host/run/ranged_run.hpp) without knowing which engine it runs.  Between processes a
// partial travels as bytes.  The engines themselves are in range_engines.hpp.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/core/run_control.hpp"
#include "kernels/core/source_range.hpp"

namespace tv::host {

/// What a run over some ranges of the sources has found, its type hidden.
class range_partial {
 public:
  virtual ~range_partial() = default;
  /// @brief Adds what `other` (a partial of the same run) found; raises
  /// std::invalid_argument for partials of different runs or overlapping sources.
  virtual void merge_from(const range_partial& other) = 0;
  /// @brief The partial as bytes, with a format version and a checksum.
  virtual std::string to_bytes() const = 0;
  /// @brief The sources covered, sorted and disjoint.
  virtual const std::vector<core::source_range>& covered() const = 0;
};

/// One run of an engine: its source order, where ranges may start, and the runs.
class range_engine {
 public:
  virtual ~range_engine() = default;
  /// @brief For messages and file names: "all pairs", "broadcast", "routing".
  virtual std::string name() const = 0;
  /// @brief How many sources the fixed order has.
  virtual uint64_t order_size() const = 0;
  /// @brief Where ranges may start, ascending from 0 (the engine's batches): ranges cut
  /// there make the same batches as one call.
  virtual const std::vector<uint64_t>& cuts() const = 0;
  /// @brief Everything that must match for a partial to merge into this run (the graph,
  /// the options, the batches), for checkpoints.
  virtual nlohmann::json identity() const = 0;
  /// @brief The run's progress and stop requests (its options' control).
  virtual const core::run_control& control() const = 0;
  /// @brief The sources `r` of the order, under `control`; {0, 0}: the empty partial that
  /// ranges merge into.
  virtual std::unique_ptr<range_partial> run(core::source_range r, const core::run_control& control) = 0;
  /// @brief A partial of this engine read back from to_bytes(); raises input_error naming
  /// what is wrong with the bytes.
  virtual std::unique_ptr<range_partial> from_bytes(std::string_view bytes) const = 0;
  /// @brief What a helper process must use besides the sources (the all-pairs plan's W),
  /// sent with every range; apply_settings takes it on the other side.
  virtual nlohmann::json settings() const { return nullptr; }
  virtual void apply_settings(const nlohmann::json&) {}
  /// @brief The same run for another thread (its own kept buffers, no progress reports).
  virtual std::unique_ptr<range_engine> for_worker() const = 0;
};

/// @brief How many of the engine's batches (its cuts) start inside r: a range's work, for
/// the time per batch that sizes the next ranges.
uint64_t batches_in(const range_engine& engine, core::source_range r);

/// Who runs an engine over every source for the checks of one instance: without one, a
/// check calls the engine once (check_context::all_pairs and its siblings); the batch
/// runner supplies one that splits the sources into ranges, checkpoints them and deals
/// them to MPI ranks or devices, with the same result bit for bit.
class range_runner {
 public:
  virtual ~range_runner() = default;
  /// @brief The partial of every source of `engine`'s order.
  virtual std::unique_ptr<range_partial> run(range_engine& engine) = 0;
};

}  // namespace tv::host
