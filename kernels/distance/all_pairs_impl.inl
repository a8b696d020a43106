// The all-pairs engine's entry points on one backend (all_pairs_backend<B>), over the engine
// written once for both backends (msbfs_level.inl, the level step; msbfs_engine.inl, the batch
// driver; all_pairs_run.inl and exact_diameter.inl, the runs (the latter's bounds in
// eccentricity_bounds.hpp); bfs.inl, one-source BFS);
// included by all_pairs_cpu.cpp and all_pairs_cuda.cu only, which instantiate it for
// their backend.
#pragma once
#include "kernels/distance/all_pairs_run.inl"
#include "kernels/distance/exact_diameter.inl"

namespace tv::distance::detail {

/// What differs by backend: the level kernel an automatic run prefers, the one it falls
/// back to where the warp kernel cannot run (W != 32), and the largest W it picks.
template <core::backend B>
struct engine_defaults;
template <>
struct engine_defaults<core::backend::cpu> {
  static constexpr level_mode preferred = level_mode::node;
  static constexpr level_mode fallback = level_mode::node;
  // 16 words (two cache lines per row) measured fastest on PN_2(20); a run whose rows
  // outgrow the cache may take 32 (all_pairs_words.hpp).
  static constexpr int word_cap = cpu_word_cap;
};
template <>
struct engine_defaults<core::backend::cuda> {
  static constexpr level_mode preferred = level_mode::warp;
  static constexpr level_mode fallback = level_mode::word;
  // 32 words: one warp per node.
  static constexpr int word_cap = 32;
};

/// The options as backend B runs them: a backend without the warp kernel runs its twin,
/// the node kernel, when it is forced.
template <core::backend B>
all_pairs_options on_backend(all_pairs_options opt) {
  if (!warp_level<core::exec_of<B>>::available && opt.level_kernel == all_pairs_options::kernel::warp)
    opt.level_kernel = all_pairs_options::kernel::node;
  return opt;
}

template <core::backend B>
std::vector<uint32_t> all_pairs_backend<B>::bfs(const graph::csr_graph& g, uint32_t source) {
  return detail::bfs<core::exec_of<B>>(g, source);
}

template <core::backend B>
std::vector<uint32_t> all_pairs_backend<B>::bfs_by_levels(const graph::csr_graph& g,
                                                          uint32_t source) {
  return detail::bfs_by_levels<core::exec_of<B>>(g, source);
}

template <core::backend B>
all_pairs_partial all_pairs_backend<B>::all_pairs_range(const graph::csr_graph& g,
                                                        const all_pairs_options& options,
                                                        source_range range) {
  using defaults = engine_defaults<B>;
  return run_all_pairs_range<core::exec_of<B>>(g, on_backend<B>(options), range, defaults::preferred,
                                               defaults::fallback, defaults::word_cap);
}

template <core::backend B>
all_pairs_plan all_pairs_backend<B>::plan(const graph::csr_graph& g, const all_pairs_options& options) {
  using defaults = engine_defaults<B>;
  return plan_all_pairs<core::exec_of<B>>(g, on_backend<B>(options), defaults::preferred,
                                          defaults::fallback, defaults::word_cap);
}

template <core::backend B>
diameter_result all_pairs_backend<B>::exact_diameter(const graph::csr_graph& g,
                                                     const core::run_control& control,
                                                     const diameter_options& opt) {
  // Its batches run 64 sources at a time (W = 1), where the warp kernel cannot: the fallback.
  return run_exact_diameter<core::exec_of<B>>(g, control, engine_defaults<B>::fallback,
                                               engine_defaults<B>::word_cap, opt);
}

}  // namespace tv::distance::detail
