// Warp collectives: rendezvous of the lanes of a warp, mask checks, and the results.
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "parity/poison.hpp"
#include "scheduler.hpp"

namespace parity::simt::detail {
namespace {

std::string hex(std::uint64_t v, int warp_size) {
  char buf[32];
  std::snprintf(buf, sizeof buf, warp_size > 32 ? "0x%016llx" : "0x%08llx",
                static_cast<unsigned long long>(v));
  return buf;
}

std::string lanes(std::uint64_t mask) {
  std::string out;
  for (int i = 0; i < 64;) {
    if (!((mask >> i) & 1)) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < 64 && ((mask >> (j + 1)) & 1)) ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(i);
    if (j > i) out += "-" + std::to_string(j);
    i = j + 1;
  }
  return out.empty() ? "none" : out;
}

std::string call_name(const WarpCall& call) {
  return std::string("__") + warp_op_name(call.op) + (call.has_mask ? "_sync" : "");
}

//! Source lane of a shuffle for `lane`; returns `lane` itself where the vendors return the
//! caller's own value (outside its width segment).
unsigned shuffle_source(const WarpCall& k, unsigned lane, unsigned warp_size, Dialect dialect) {
  const unsigned width = static_cast<unsigned>(k.width);
  const unsigned segment = lane & ~(width - 1);
  const unsigned pos = lane & (width - 1);
  const unsigned arg = static_cast<unsigned>(k.arg);
  switch (k.op) {
    case WarpOp::kShfl:
      // CUDA: srcLane mod width within the caller's segment. HIP adds the segment base and lets
      // ds_bpermute wrap at the wavefront width.
      if (dialect == Dialect::kCuda) return segment + (arg & (width - 1));
      return (arg + segment) & (warp_size - 1);
    case WarpOp::kShflUp:
      return pos >= arg ? lane - arg : lane;
    case WarpOp::kShflDown:
      return pos + arg < width ? lane + arg : lane;
    case WarpOp::kShflXor: {
      const unsigned src = lane ^ arg;
      return src >= segment + width ? lane : src;
    }
    default:
      return lane;
  }
}

}  // namespace

const char* warp_op_name(WarpOp op) noexcept {
  switch (op) {
    case WarpOp::kShfl:
      return "shfl";
    case WarpOp::kShflUp:
      return "shfl_up";
    case WarpOp::kShflDown:
      return "shfl_down";
    case WarpOp::kShflXor:
      return "shfl_xor";
    case WarpOp::kBallot:
      return "ballot";
    case WarpOp::kAny:
      return "any";
    case WarpOp::kAll:
      return "all";
    case WarpOp::kUni:
      return "uni";
    case WarpOp::kActiveMask:
      return "activemask";
    case WarpOp::kMatchAny:
      return "match_any";
    case WarpOp::kMatchAll:
      return "match_all";
    case WarpOp::kSyncWarp:
      return "syncwarp";
    case WarpOp::kReduceAdd:
      return "reduce_add";
    case WarpOp::kReduceMin:
      return "reduce_min";
    case WarpOp::kReduceMax:
      return "reduce_max";
    case WarpOp::kReduceAnd:
      return "reduce_and";
    case WarpOp::kReduceOr:
      return "reduce_or";
    case WarpOp::kReduceXor:
      return "reduce_xor";
  }
  return "?";
}

std::string resolve_warp(Worker& w, unsigned warp_index) {
  ThreadContext& c = t_ctx;
  WarpState& warp = c.warps[warp_index];
  const unsigned ws = static_cast<unsigned>(::warpSize);
  const unsigned base = warp_index << c.warp_shift;
  const std::uint64_t all_lanes = ws == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << ws) - 1;
  WarpCall* const* calls = w.lane_call.data() + base;
  std::uint64_t pending = warp.collective_mask;
  while (pending != 0) {
    const unsigned l0 = static_cast<unsigned>(std::countr_zero(pending));
    const WarpCall& k0 = *calls[l0];
    // The lanes that execute this collective together: same call site, same operation and, for
    // the *_sync forms, the same mask (disjoint masks at one site are independent groups, e.g.
    // the tiles of a cooperative_groups::tiled_partition).
    std::uint64_t group = 0;
    for (std::uint64_t rest = pending; rest != 0; rest &= rest - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(rest));
      const WarpCall& k = *calls[l];
      if (&k == &k0 || (k.op == k0.op && k.has_mask == k0.has_mask &&
                        (!k.has_mask || k.mask == k0.mask) && same_site(k.where, k0.where))) {
        group |= std::uint64_t{1} << l;
      }
    }
    auto where = [&] {
      return call_name(k0) + " (" + site_text(k0.where) + ") in warp " + std::to_string(warp_index);
    };
    if (k0.has_mask) {
      const std::uint64_t mask = k0.mask & all_lanes;
      const std::uint64_t outside = group & ~mask;
      if (outside != 0) {
        return where() + ": lanes " + lanes(outside) + " called it with mask " +
               hex(mask, ::warpSize) + ", which does not name them (each calling lane must be " +
               "in the mask)";
      }
      // Settled warp: a live lane that waits at another collective, or at a barrier in
      // progress, is elsewhere; a live lane that does neither has returned.
      const std::uint64_t waiting = c.barrier_arrived != 0 ? warp.live_mask : warp.collective_mask;
      const std::uint64_t missing = mask & waiting & ~group;
      if (c.dialect == Dialect::kHip && !k0.tile) {
        // ROCm: the mask must be exactly the lanes that execute the call (a wave32 device looks
        // at the low 32 bits only, which `all_lanes` already did).
        if (const std::uint64_t named = mask & ~group; named != 0) {
          const std::uint64_t absent = named & ~warp.live_mask;
          const std::uint64_t exited = named & warp.live_mask & ~waiting;
          std::string why;
          auto part = [&why](std::uint64_t m, const std::string& what) {
            if (m == 0) return;
            if (!why.empty()) why += ", ";
            why += "lanes " + lanes(m) + " " + what;
          };
          part(absent, "do not exist (the block has " + std::to_string(c.nthreads) +
                           " threads: this wavefront has " +
                           std::to_string(std::popcount(warp.live_mask)) + " lanes)");
          part(exited, "have returned");
          part(missing, "wait elsewhere");
          return where() + ": mask " + hex(mask, ::warpSize) + " names lanes " + lanes(named) +
                 " that do not execute it (" + why + "; lanes that called: " + lanes(group) +
                 "). ROCm requires the mask to equal the lanes that execute the call: its check "
                 "(__hip_check_mask in amd_warp_sync_functions.h) traps in builds without "
                 "NDEBUG, and release builds ignore the mask. Pass __activemask(), or build the "
                 "mask from the lanes that exist";
        }
      } else if (missing != 0) {
        return where() + ": mask " + hex(mask, ::warpSize) + " names lanes " + lanes(missing) +
               " that did not call it (lanes that called: " + lanes(group) +
               "); CUDA requires every non-exited lane named in the mask to execute the same "
               "call (undefined otherwise: a hang or wrong values), and ROCm traps on it";
      }
      for (std::uint64_t rest = pending & ~group; rest != 0; rest &= rest - 1) {
        const WarpCall& k = *calls[std::countr_zero(rest)];
        if (k.op == k0.op && k.has_mask && (k.mask & mask) != 0 && same_site(k.where, k0.where)) {
          return where() + ": lanes pass overlapping but different masks (" +
                 hex(mask, ::warpSize) + " and " + hex(k.mask & all_lanes, ::warpSize) + ")";
        }
      }
    }

    switch (k0.op) {
      case WarpOp::kShfl:
      case WarpOp::kShflUp:
      case WarpOp::kShflDown:
      case WarpOp::kShflXor: {
        const unsigned width = static_cast<unsigned>(k0.width);
        if (width == 0 || width > ws || (width & (width - 1)) != 0) {
          return where() + ": width " + std::to_string(k0.width) +
                 " is not a power of two between 1 and warpSize (" + std::to_string(ws) + ")";
        }
        const std::uint64_t undefined =
            c.dialect == Dialect::kCuda && poison() ? ::parity::poison::kWord : 0;
        for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
          const unsigned l = static_cast<unsigned>(std::countr_zero(rest));
          WarpCall& k = *calls[l];
          const unsigned src = shuffle_source(k, l, ws, c.dialect);
          // A source lane that did not take part (returned, elsewhere, or beyond the block):
          // AMD's ds_bpermute returns zero; on NVIDIA the value is undefined, so CUDA sources
          // get the poison pattern (zero bits with PARITY_SIMT_POISON=0).
          if (src < ws && ((group >> src) & 1)) {
            const WarpCall& from = *calls[src];
            k.out[0] = from.in[0];
            k.out[1] = from.in[1];
          } else {
            k.out[0] = k.out[1] = undefined;
          }
        }
        break;
      }
      case WarpOp::kBallot:
      case WarpOp::kAny:
      case WarpOp::kAll:
      case WarpOp::kUni:
      case WarpOp::kActiveMask:
      case WarpOp::kSyncWarp: {
        std::uint64_t votes = 0;
        for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
          const unsigned l = static_cast<unsigned>(std::countr_zero(rest));
          if (calls[l]->in[0] != 0) votes |= std::uint64_t{1} << l;
        }
        std::uint64_t result = 0;
        switch (k0.op) {
          case WarpOp::kBallot:
            result = votes;
            break;
          case WarpOp::kAny:
            result = votes != 0;
            break;
          case WarpOp::kAll:
            result = votes == group;
            break;
          case WarpOp::kUni:
            result = votes == 0 || votes == group;
            break;
          case WarpOp::kActiveMask:
            result = group;
            break;
          default:
            break;
        }
        for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
          WarpCall& k = *calls[std::countr_zero(rest)];
          k.out[0] = result;
          k.out[1] = 0;
        }
        break;
      }
      case WarpOp::kMatchAny:
      case WarpOp::kMatchAll: {
        bool all_equal = true;
        for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
          const unsigned l = static_cast<unsigned>(std::countr_zero(rest));
          WarpCall& k = *calls[l];
          std::uint64_t same = 0;
          for (std::uint64_t r2 = group; r2 != 0; r2 &= r2 - 1) {
            const unsigned m = static_cast<unsigned>(std::countr_zero(r2));
            if (std::memcmp(calls[m]->in, k.in, k0.size) == 0) same |= std::uint64_t{1} << m;
          }
          if (same != group) all_equal = false;
          k.out[0] = same;
        }
        if (k0.op == WarpOp::kMatchAll) {
          for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
            WarpCall& k = *calls[std::countr_zero(rest)];
            k.out[0] = all_equal ? group : 0;
            k.out[1] = all_equal ? 1 : 0;
          }
        }
        break;
      }
      case WarpOp::kReduceAdd:
      case WarpOp::kReduceMin:
      case WarpOp::kReduceMax:
      case WarpOp::kReduceAnd:
      case WarpOp::kReduceOr:
      case WarpOp::kReduceXor: {
        std::uint32_t r = static_cast<std::uint32_t>(k0.in[0]);
        for (std::uint64_t rest = group & (group - 1); rest != 0; rest &= rest - 1) {
          const std::uint32_t v = static_cast<std::uint32_t>(calls[std::countr_zero(rest)]->in[0]);
          switch (k0.op) {
            case WarpOp::kReduceAdd:
              r += v;
              break;
            case WarpOp::kReduceAnd:
              r &= v;
              break;
            case WarpOp::kReduceOr:
              r |= v;
              break;
            case WarpOp::kReduceXor:
              r ^= v;
              break;
            case WarpOp::kReduceMin:
              if (k0.is_signed ? static_cast<std::int32_t>(v) < static_cast<std::int32_t>(r)
                               : v < r)
                r = v;
              break;
            default:
              if (k0.is_signed ? static_cast<std::int32_t>(v) > static_cast<std::int32_t>(r)
                               : v > r)
                r = v;
              break;
          }
        }
        for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
          WarpCall& k = *calls[std::countr_zero(rest)];
          k.out[0] = r;
          k.out[1] = 0;
        }
        break;
      }
    }

    pending &= ~group;
    warp.collective_mask &= ~group;
    c.collective_waiters -= static_cast<unsigned>(std::popcount(group));
    ++warp.sync_count;
    Fiber* const* fibers = w.lane_fiber.data() + base;
    for (std::uint64_t rest = group; rest != 0; rest &= rest - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(rest));
      Fiber* f = fibers[l];
      if (f != w.current) {
        make_ready(w, f);
        warp.ready_mask |= std::uint64_t{1} << l;
      }
    }
  }
  return {};
}

void warp_collective(WarpCall& call) {
  sync_loop_state();
  ThreadContext& c = t_ctx;
  if (!c.in_kernel) {
    std::fprintf(stderr, "parity-simt: %s called outside a kernel at %s:%u\n",
                 warp_op_name(call.op), call.where.file_name(), call.where.line());
    std::abort();
  }
  Worker& w = *static_cast<Worker*>(c.worker);
  const unsigned warp_index = c.tid >> c.warp_shift;
  const std::uint64_t bit = std::uint64_t{1} << (c.tid & static_cast<unsigned>(::warpSize - 1));
  WarpState& warp = c.warps[warp_index];
  w.lane_call[c.tid] = &call;
  w.lane_fiber[c.tid] = w.current;
  warp.collective_mask |= bit;
  ++c.collective_waiters;
  if (warp_settled(c, warp_index)) {
    std::string error = resolve_warp(w, warp_index);
    if (!error.empty()) abort_block(w, Status::kLaunchFailure, error);
    if ((warp.collective_mask & bit) == 0) return;
  }
  suspend(w);
  lane_resumed(c);
}

}  // namespace parity::simt::detail
