// The all-pairs engine on the cuda backend: all_pairs_impl.inl instantiated with
// cuda_exec (the same source as all_pairs_cpu.cpp), plus one hand-written level kernel
// for W = 32 (a warp per node, a lane per word), used because the functor form
// measurably loses there: the warp loads its adjacency list once, ballots the active
// neighbors, keeps four 256-byte gathers in flight, and reduces the new-pair count in
// registers instead of a per-word accumulator array.  Its CPU twin is
// pull_node_fn<32>, which the tests compare it with.
#include <map>
#include <mutex>

#include "kernels/core/exec_cuda.cuh"
#include "kernels/distance/all_pairs_impl.inl"

namespace tv::distance::detail {

constexpr int warp_block = 256;

__global__ void __launch_bounds__(warp_block)
    msbfs_warp_level_kernel(level_args a, uint32_t* lastlevel, uint64_t* dsum,
                            uint8_t* saturated, unsigned long long* total, uint64_t n) {
  const unsigned full_mask = 0xFFFFFFFFu;
  const int lane = threadIdx.x & 31;
  const uint64_t warp = (static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const uint64_t warps = (static_cast<uint64_t>(gridDim.x) * blockDim.x) >> 5;
  unsigned long long mine = 0;
  for (uint64_t v = warp; v < n; v += warps) {
    if (saturated[v]) {
      if (lane == 0) a.active_nxt[v] = 0;
      continue;
    }
    const uint64_t row = v * 32 + lane;
    const uint64_t s = a.seen[row];
    uint64_t acc = 0;
    const uint64_t begin = a.offsets[v], end = a.offsets[v + 1];
    for (uint64_t e0 = begin; e0 < end; e0 += 32) {
      const uint64_t e = e0 + lane;
      uint32_t u = 0;
      bool act = false;
      if (e < end) {
        u = a.adj[e];
        act = a.active_cur[u] != 0;
      }
      unsigned m = __ballot_sync(full_mask, act);
      while (m) {  // m is warp-uniform: the shuffles below run on every lane
        uint32_t us[4];
        int count = 0;
#pragma unroll
        for (int q = 0; q < 4; ++q) {
          if (m) {
            const int k = __ffs(m) - 1;
            m &= m - 1;
            us[q] = __shfl_sync(full_mask, u, k);
            count = q + 1;
          }
        }
        uint64_t x[4] = {0, 0, 0, 0};
#pragma unroll
        for (int q = 0; q < 4; ++q)
          if (q < count) x[q] = a.cur[static_cast<uint64_t>(us[q]) * 32 + lane];
        acc |= (x[0] | x[1]) | (x[2] | x[3]);
      }
    }
    // Whole rows are written (zeros included): readers gather whole rows of active nodes.
    const uint64_t nx = acc & ~s;
    a.nxt[row] = nx;
    if (nx) a.seen[row] = s | nx;
    const unsigned grew = __ballot_sync(full_mask, nx != 0);
    unsigned c = static_cast<unsigned>(__popcll(nx));
#pragma unroll
    for (int off = 16; off; off >>= 1) c += __shfl_down_sync(full_mask, c, off);
    const bool is_full = __all_sync(full_mask, (s | nx) == a.full[lane]) != 0;
    if (lane == 0) {
      a.active_nxt[v] = grew;
      if (c) {
        if (a.level > lastlevel[v]) lastlevel[v] = a.level;
        dsum[v] += static_cast<uint64_t>(c) * a.level;
        saturated[v] = is_full;
        mine += c;
      }
    }
  }
  __shared__ unsigned long long block_total;
  if (threadIdx.x == 0) block_total = 0;
  __syncthreads();
  if (lane == 0 && mine) atomicAdd(&block_total, mine);
  __syncthreads();
  if (threadIdx.x == 0 && block_total) atomicAdd(total, block_total);
}

template <>
struct warp_level<core::cuda_exec> {
  static constexpr bool available = true;
  static uint64_t run(const level_args& a, uint32_t* lastlevel, uint64_t* dsum,
                      uint8_t* saturated, uint64_t n) {
    // The pair counter and the grid size belong to the device the calling thread runs on:
    // a process with several GPUs runs one host thread per device (device_helpers.hpp),
    // so one counter for the process would be written from two devices at once.
    struct device_slot {
      unsigned long long* total = nullptr;
      int blocks = 0;
    };
    static std::mutex slots_mutex;
    static std::map<int, device_slot> slots;
    int dev = 0;
    TV_CUDA_CHECK(cudaGetDevice(&dev));
    device_slot slot;
    {
      std::lock_guard<std::mutex> lock(slots_mutex);
      device_slot& s = slots[dev];
      if (!s.total) {
        TV_CUDA_CHECK(cudaMalloc(&s.total, sizeof *s.total));
        int sms = 0;
        TV_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
        s.blocks = sms * 8;
      }
      slot = s;
    }
    unsigned long long* total = slot.total;
    const int blocks = slot.blocks;
    TV_CUDA_CHECK(cudaMemsetAsync(total, 0, sizeof *total));
    const uint64_t needed = (n * 32 + warp_block - 1) / warp_block;
    const int grid = static_cast<int>(needed < static_cast<uint64_t>(blocks) ? needed : blocks);
    msbfs_warp_level_kernel<<<grid, warp_block>>>(a, lastlevel, dsum, saturated, total, n);
    TV_CUDA_CHECK_LAUNCH();
    unsigned long long h = 0;
    TV_CUDA_CHECK(cudaMemcpy(&h, total, sizeof h, cudaMemcpyDeviceToHost));
    return h;
  }
};

template struct all_pairs_backend<core::backend::cuda>;

}  // namespace tv::distance::detail
