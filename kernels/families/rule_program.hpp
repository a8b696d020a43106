// The lowered form of a family written as rules (rule_family.hpp): a flat program of a few
// dozen register operations per expression, trivially copyable so that it travels into
// kernels inside the family's struct, and its interpreter, written once as TV_HD code for
// the CPU and the GPU.  rule_lowering.cpp makes it from the expression language's checked
// tree (kernels/expr/) once per run; rule_definition.cpp fills in an instance's parameters.
//
// Each expression is a run of operations in SSA form: operation k writes register k (of
// the expression), its operands are earlier registers.  The semantics are the expression
// language's exactly (kernels/expr/operations.cpp): 64-bit integers whose overflow is an
// error, shifts and bit numbers 0 to 63, floor division and modulo.  An error does not
// stop the run: it poisons the register, the poison flows to whatever reads it, and only
// a poisoned result is an error, so the branch `if` does not take, or the right side of a
// decided && or ||, fails nothing (as the language evaluates lazily).  Branch-free per
// operation, the same on a GPU thread and in the CPU's lanes (rule_members.cpp).
#pragma once
#include <cstdint>
#include <cstring>

#include "kernels/core/hd.hpp"

namespace tv::families {

enum class rule_code : uint8_t {
  constant,    // constants[k]
  parameter,   // the instance's parameter k (replaced by a constant before any run)
  label,       // x, the label
  dimension,   // i, the dimension
  add, sub, mul, floor_div, ceil_div, mod, neg, abs,
  bit_and, bit_or, bit_xor, bit_not, shl, shr,
  eq, ne, lt, le, gt, ge,
  logical_and, logical_or, logical_not,
  select,      // a ? b : c
  bit, popcount, min, max, gcd, pow, floor_log2, ceil_log2,
};

/// One operation: its code, up to three operand registers and a constant's index.
struct rule_op {
  rule_code code = rule_code::constant;
  uint8_t a = 0, b = 0, c = 0;
  int32_t k = 0;
};

inline constexpr int rule_max_ops = 64;          // per expression: its poison is one word
inline constexpr int rule_max_total_ops = 192;   // per family
inline constexpr int rule_max_constants = 48;
inline constexpr int rule_max_neighbor_rules = 8;
inline constexpr int rule_max_degree = 64;       // the CSR build's row buffer

/// What an expression is, beyond its operations.
enum class rule_shape : uint8_t {
  general,
  flip_dimension,  // exactly x ^ (1 << i): neighbour y = x with bit i flipped, no operation run
};

/// One expression of the program: its operations ops[first, first + count), of which the
/// first `invariant` do not read i (run once per label, the rest once per dimension).
struct rule_expression {
  uint16_t first = 0;
  uint8_t count = 0;
  uint8_t invariant = 0;
  rule_shape shape = rule_shape::general;
  bool per_dimension = false;  // reads i: one value for each i = 0 .. bits-1
};

struct rule_program {
  rule_op ops[rule_max_total_ops] = {};
  int64_t constants[rule_max_constants] = {};
  rule_expression member;  // count 0: every label of `bits` bits is a node
  rule_expression neighbors[rule_max_neighbor_rules] = {};
  int neighbor_rules = 0;
};

namespace rule_detail {

TV_HD TV_FORCEINLINE bool add_overflows(int64_t a, int64_t b, int64_t& r) {
  const uint64_t u = static_cast<uint64_t>(a) + static_cast<uint64_t>(b);
  r = static_cast<int64_t>(u);
  return ((a ^ r) & (b ^ r)) < 0;  // both operands' sign differs from the result's
}
TV_HD TV_FORCEINLINE bool sub_overflows(int64_t a, int64_t b, int64_t& r) {
  const uint64_t u = static_cast<uint64_t>(a) - static_cast<uint64_t>(b);
  r = static_cast<int64_t>(u);
  return ((a ^ b) & (a ^ r)) < 0;
}
TV_HD TV_FORCEINLINE bool mul_overflows(int64_t a, int64_t b, int64_t& r) {
  const __int128 p = static_cast<__int128>(a) * b;
  r = static_cast<int64_t>(p);
  return p != static_cast<__int128>(r);
}
TV_HD TV_FORCEINLINE uint64_t magnitude(int64_t a) {
  return a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
}
TV_HD inline uint64_t gcd_of(uint64_t x, uint64_t y) {
  while (y) {
    const uint64_t t = x % y;
    x = y;
    y = t;
  }
  return x;
}

}  // namespace rule_detail

/// @brief The value of operation `C` on operand values a, b, c; sets `fail` where the
/// language raises an error (an overflow, a shift or bit outside 0..63, a division by
/// zero, log2 of a number below 1, a negative power).  The operand-free codes (constant,
/// parameter, label, dimension) are the interpreter's, not this function's.
template <rule_code C>
TV_HD TV_FORCEINLINE int64_t rule_apply(int64_t a, int64_t b, int64_t c, bool& fail) {
  using namespace rule_detail;
  int64_t r = 0;
  if constexpr (C == rule_code::add) {
    fail = add_overflows(a, b, r);
  } else if constexpr (C == rule_code::sub) {
    fail = sub_overflows(a, b, r);
  } else if constexpr (C == rule_code::mul) {
    fail = mul_overflows(a, b, r);
  } else if constexpr (C == rule_code::floor_div || C == rule_code::ceil_div) {
    // floor(a / b), ceil(a / b) of the exact rational a / b, which the language keeps in
    // lowest terms with a positive denominator: when the sign moves to the numerator,
    // -2^63 cannot change sign (INT64_MIN / -1, INT64_MIN / -3, 1 / INT64_MIN).
    fail = b == 0;
    if (!fail && b < 0 && (a == INT64_MIN || b == INT64_MIN)) {
      const __int128 g = static_cast<__int128>(gcd_of(magnitude(a), magnitude(b)));
      fail = static_cast<__int128>(a) / g == INT64_MIN || static_cast<__int128>(b) / g == INT64_MIN;
    }
    if (fail) return 0;
    r = a / b;
    const bool inexact = a % b != 0, negative = (a < 0) != (b < 0);
    if constexpr (C == rule_code::floor_div) r -= inexact && negative;
    else r += inexact && !negative;
  } else if constexpr (C == rule_code::mod) {
    fail = b == 0;  // floor modulo: the divisor's sign; b = -1 leaves 0 (INT64_MIN % -1 traps)
    if (fail || b == -1) return 0;
    r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
  } else if constexpr (C == rule_code::neg) {
    fail = a == INT64_MIN;
    r = fail ? 0 : -a;
  } else if constexpr (C == rule_code::abs) {
    fail = a == INT64_MIN;
    r = fail ? 0 : (a < 0 ? -a : a);
  } else if constexpr (C == rule_code::bit_and) {
    r = a & b;
  } else if constexpr (C == rule_code::bit_or) {
    r = a | b;
  } else if constexpr (C == rule_code::bit_xor) {
    r = a ^ b;
  } else if constexpr (C == rule_code::bit_not) {
    r = ~a;
  } else if constexpr (C == rule_code::shl) {
    // a * 2^b: the shift back must give a again.
    fail = b < 0 || b > 63;
    if (fail) return 0;
    r = static_cast<int64_t>(static_cast<uint64_t>(a) << b);
    fail = (r >> b) != a;
  } else if constexpr (C == rule_code::shr) {
    fail = b < 0 || b > 63;
    r = fail ? 0 : a >> b;  // floor(a / 2^b)
  } else if constexpr (C == rule_code::eq) {
    r = a == b;
  } else if constexpr (C == rule_code::ne) {
    r = a != b;
  } else if constexpr (C == rule_code::lt) {
    r = a < b;
  } else if constexpr (C == rule_code::le) {
    r = a <= b;
  } else if constexpr (C == rule_code::gt) {
    r = a > b;
  } else if constexpr (C == rule_code::ge) {
    r = a >= b;
  } else if constexpr (C == rule_code::logical_and) {
    r = a != 0 && b != 0;
  } else if constexpr (C == rule_code::logical_or) {
    r = a != 0 || b != 0;
  } else if constexpr (C == rule_code::logical_not) {
    r = a == 0;
  } else if constexpr (C == rule_code::select) {
    r = a != 0 ? b : c;
  } else if constexpr (C == rule_code::bit) {
    fail = b < 0 || b > 63;
    r = fail ? 0 : static_cast<int64_t>((static_cast<uint64_t>(a) >> b) & 1);
  } else if constexpr (C == rule_code::popcount) {
    r = core::popcount64(static_cast<uint64_t>(a));
  } else if constexpr (C == rule_code::min) {
    r = a < b ? a : b;
  } else if constexpr (C == rule_code::max) {
    r = a > b ? a : b;
  } else if constexpr (C == rule_code::gcd) {
    const uint64_t x = gcd_of(magnitude(a), magnitude(b));
    fail = x > static_cast<uint64_t>(INT64_MAX);  // gcd(-2^63, 0) = 2^63
    r = static_cast<int64_t>(x);
  } else if constexpr (C == rule_code::pow) {
    fail = b < 0;  // a negative power of an integer is no integer
    int64_t result = 1, base = a;
    for (int64_t k = fail ? 0 : b; k > 0 && !fail;) {
      if (k & 1) fail = mul_overflows(result, base, result);
      k >>= 1;
      if (k > 0 && !fail) fail = mul_overflows(base, base, base);
    }
    r = fail ? 0 : result;
  } else if constexpr (C == rule_code::floor_log2 || C == rule_code::ceil_log2) {
    fail = a <= 0;
    if (fail) return 0;
    const uint64_t x = static_cast<uint64_t>(a);
    r = core::msb64(x);
    if constexpr (C == rule_code::ceil_log2) r += (x & (x - 1)) != 0;
  }
  return r;
}

/// The expression's registers while it runs: values and a poison bit each.
struct rule_registers {
  int64_t value[rule_max_ops];
  uint64_t poison;
};

/// @brief Poison of an operation's result from its operands' (pa, pb, pc), their values
/// and its own failure: the lazy codes take only what they read.
template <rule_code C>
TV_HD TV_FORCEINLINE uint64_t rule_poison(int64_t a, uint64_t pa, uint64_t pb, uint64_t pc, bool fail) {
  if constexpr (C == rule_code::select) return pa | (a != 0 ? pb : pc);
  else if constexpr (C == rule_code::logical_and) return pa | (a != 0 ? pb : 0);
  else if constexpr (C == rule_code::logical_or) return pa | (a != 0 ? 0 : pb);
  else return pa | pb | pc | static_cast<uint64_t>(fail);
}

/// Every operating code, for the interpreters' switches.
#define TV_RULE_OPERATING_CODES(X)                                                              \
  X(add) X(sub) X(mul) X(floor_div) X(ceil_div) X(mod) X(neg) X(abs) X(bit_and) X(bit_or)      \
  X(bit_xor) X(bit_not) X(shl) X(shr) X(eq) X(ne) X(lt) X(le) X(gt) X(ge) X(logical_and)       \
  X(logical_or) X(logical_not) X(select) X(bit) X(popcount) X(min) X(max) X(gcd) X(pow)        \
  X(floor_log2) X(ceil_log2)

/// @brief rule_apply for a code known only at run time (the host's folding and messages).
TV_HD inline int64_t rule_apply_any(rule_code code, int64_t a, int64_t b, int64_t c, bool& fail) {
  fail = false;
  switch (code) {
#define TV_RULE_CASE(name) \
  case rule_code::name: return rule_apply<rule_code::name>(a, b, c, fail);
    TV_RULE_OPERATING_CODES(TV_RULE_CASE)
#undef TV_RULE_CASE
    default: return 0;
  }
}

/// @brief Runs operations [from, to) of expression `e` for label x and dimension i into
/// r (registers below `from` hold their values already).
TV_HD inline void rule_run(const rule_program& p, const rule_expression& e, int from, int to,
                           uint64_t x, int64_t i, rule_registers& r) {
  for (int k = from; k < to; ++k) {
    const rule_op& o = p.ops[e.first + k];
    int64_t v = 0;
    uint64_t poisoned = 0;
    switch (o.code) {
      case rule_code::constant:
      case rule_code::parameter: v = p.constants[o.k]; break;
      case rule_code::label: v = static_cast<int64_t>(x); break;
      case rule_code::dimension: v = i; break;
#define TV_RULE_CASE(name)                                                                      \
  case rule_code::name: {                                                                       \
    bool fail = false;                                                                          \
    const int64_t a = r.value[o.a];                                                             \
    v = rule_apply<rule_code::name>(a, r.value[o.b], r.value[o.c], fail);                       \
    poisoned = rule_poison<rule_code::name>(a, r.poison >> o.a & 1, r.poison >> o.b & 1,        \
                                            r.poison >> o.c & 1, fail);                         \
    break;                                                                                      \
  }
        TV_RULE_OPERATING_CODES(TV_RULE_CASE)
#undef TV_RULE_CASE
    }
    r.value[k] = v;
    r.poison = (r.poison & ~(uint64_t{1} << k)) | (poisoned << k);
  }
}

/// Whether operation C can raise an error: the others poison only what reads a poison.
template <rule_code C>
TV_HD constexpr bool rule_can_fail() {
  return C == rule_code::add || C == rule_code::sub || C == rule_code::mul || C == rule_code::floor_div ||
         C == rule_code::ceil_div || C == rule_code::mod || C == rule_code::neg || C == rule_code::abs ||
         C == rule_code::shl || C == rule_code::shr || C == rule_code::bit || C == rule_code::gcd ||
         C == rule_code::pow || C == rule_code::floor_log2 || C == rule_code::ceil_log2;
}

/// An expression's registers for up to 64 runs at once (lanes): a CPU core runs each
/// operation over every lane in one loop, paying the dispatch once per operation instead
/// of once per run, and its poison as one word (bit l: lane l), so that the operations
/// that cannot fail pay one OR for it.  32.5 KiB: a CPU thread's stack holds it; a GPU
/// thread runs rule_run.
inline constexpr int rule_lanes = 64;
struct rule_lane_registers {
  int64_t value[rule_max_ops][rule_lanes];
  uint64_t poison[rule_max_ops];
};

namespace rule_detail {

/// @brief Bit l set where flag[l] is 1 (each flag 0 or 1), for 64 flags: eight at a
/// time, read as one little-endian word (the CPUs and GPUs this runs on), whose
/// multiplication gathers byte b's low bit into bit 56 + b.
TV_HD TV_FORCEINLINE uint64_t pack_flags(const uint8_t* flag) {
  uint64_t out = 0;
  for (int g = 0; g < 8; ++g) {
    uint64_t w;
    memcpy(&w, flag + 8 * g, sizeof w);
    out |= ((w * 0x0102040810204080ull) >> 56) << (8 * g);
  }
  return out;
}

}  // namespace rule_detail

/// @brief Runs all of expression e in `lanes` lanes, lane l with label x + l * dx and
/// dimension l * di: one label's every dimension (dx 0, di 1), or 64 labels (dx 1, di 0).
/// With `constants_kept`, r holds a run of the same expression in as many lanes: its
/// constants' registers are not written again (the member enumeration's blocks).
TV_HD inline void rule_run_lanes(const rule_program& p, const rule_expression& e, uint64_t x, uint64_t dx,
                                 int64_t di, int lanes, rule_lane_registers& r, bool constants_kept = false) {
  uint8_t flag[rule_lanes] = {};  // per lane: failed, or (lazy codes) its first operand is true
  const uint64_t in_use = core::low_mask(lanes);
  for (int k = 0; k < e.count; ++k) {
    const rule_op& o = p.ops[e.first + k];
    int64_t* v = r.value[k];
    switch (o.code) {
      case rule_code::constant:
      case rule_code::parameter:
        if (constants_kept) break;
        for (int l = 0; l < lanes; ++l) v[l] = p.constants[o.k];
        r.poison[k] = 0;
        break;
      case rule_code::label:
        for (int l = 0; l < lanes; ++l) v[l] = static_cast<int64_t>(x + static_cast<uint64_t>(l) * dx);
        r.poison[k] = 0;
        break;
      case rule_code::dimension:
        for (int l = 0; l < lanes; ++l) v[l] = l * di;
        r.poison[k] = 0;
        break;
#define TV_RULE_CASE(name)                                                                            \
  case rule_code::name: {                                                                             \
    constexpr rule_code C = rule_code::name;                                                          \
    const int64_t *a = r.value[o.a], *b = r.value[o.b], *c = r.value[o.c];                            \
    const uint64_t pa = r.poison[o.a], pb = r.poison[o.b], pc = r.poison[o.c];                        \
    if constexpr (rule_can_fail<C>()) {                                                               \
      uint8_t any = 0;                                                                                \
      for (int l = 0; l < lanes; ++l) {                                                               \
        bool fail = false;                                                                            \
        v[l] = rule_apply<C>(a[l], b[l], c[l], fail);                                                 \
        flag[l] = fail;                                                                               \
        any |= flag[l];                                                                               \
      }                                                                                               \
      r.poison[k] = pa | pb | pc | (any ? rule_detail::pack_flags(flag) & in_use : 0);                \
    } else {                                                                                          \
      for (int l = 0; l < lanes; ++l) {                                                               \
        bool fail = false;                                                                            \
        v[l] = rule_apply<C>(a[l], b[l], c[l], fail);                                                 \
      }                                                                                               \
      if constexpr (C == rule_code::select || C == rule_code::logical_and ||                          \
                    C == rule_code::logical_or) {                                                     \
        if ((pb | pc) == 0) { /* nothing to take from the branches */                                 \
          r.poison[k] = pa;                                                                           \
          break;                                                                                      \
        }                                                                                             \
        for (int l = 0; l < lanes; ++l) flag[l] = a[l] != 0;                                          \
        const uint64_t yes = rule_detail::pack_flags(flag) & in_use;                                  \
        if constexpr (C == rule_code::select) r.poison[k] = pa | (yes & pb) | (~yes & pc);            \
        else if constexpr (C == rule_code::logical_and) r.poison[k] = pa | (yes & pb);                \
        else r.poison[k] = pa | (~yes & pb);                                                          \
      } else {                                                                                        \
        r.poison[k] = pa | pb | pc;                                                                   \
      }                                                                                               \
    }                                                                                                 \
    break;                                                                                            \
  }
        TV_RULE_OPERATING_CODES(TV_RULE_CASE)
#undef TV_RULE_CASE
    }
  }
}

/// @brief Whether the expression's result (its last register) is poisoned: an error.
TV_HD TV_FORCEINLINE bool rule_failed(const rule_expression& e, const rule_registers& r) {
  return (r.poison >> (e.count - 1)) & 1;
}

/// @brief The value of a whole expression for label x and dimension i; `fail` when the
/// language would raise an error.
TV_HD inline int64_t rule_evaluate(const rule_program& p, const rule_expression& e, uint64_t x,
                                   int64_t i, bool& fail) {
  rule_registers r;
  r.poison = 0;
  rule_run(p, e, 0, e.count, x, i, r);
  fail = rule_failed(e, r);
  return r.value[e.count - 1];
}

}  // namespace tv::families
