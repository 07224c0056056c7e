// fp64 reference for fp8_codec, built on parity's exact codecs (float_format.hpp, checked code by
// code against ml_dtypes), not on either vendor's conversions.
//
// The kernels scale in float (x * (1/s) or x / s: IEEE-exact operations that give the same float
// on every device) and then round that float to fp8. The reference does the same float step and
// then rounds with parity's round-to-nearest-even encoder, so it isolates the codec: a kernel
// whose conversion rounds, saturates or decodes differently from the spec disagrees with it.
// Dequantized values are exact products in double (an fp8 value has at most 4 significant bits,
// a float scale 24), which the float kernels must round once.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fp8_codec.hpp"
#include "parity/float_format.hpp"

namespace fp8_reference {

inline const parity::FloatFormat& ocp_format(Fp8Kind kind) {
  return *parity::float_format(kind == Fp8Kind::kE4M3 ? parity::DType::kFloat8E4M3FN
                                                      : parity::DType::kFloat8E5M2);
}

//! Value of one unit of `storage` relative to the OCP format: 1 for OCP, 1/2 for FNUZ (every FNUZ
//! byte is half its OCP value, so a FNUZ device doubles its scales).
inline float storage_unit(Fp8Kind kind, parity::DType storage) {
  const auto& native = *parity::float_format(storage);
  return static_cast<float>(parity::decode(native, 0x40) / parity::decode(ocp_format(kind), 0x40));
}

//! The clamp of a saturating quantization in `storage` units: the OCP max (448, 57344) times the
//! unit, so that both vendors saturate to the same dequantized value.
inline float clamp_limit(Fp8Kind kind, parity::DType storage) {
  return static_cast<float>(ocp_format(kind).max_finite) * storage_unit(kind, storage);
}

//! Saturating round-to-nearest-even quantization of an already scaled float: NaN stays NaN.
inline std::uint8_t quantize(float scaled, Fp8Kind kind, parity::DType storage) {
  const float limit = clamp_limit(kind, storage);
  if (!std::isnan(scaled)) scaled = std::clamp(scaled, -limit, limit);
  return static_cast<std::uint8_t>(
      parity::encode(*parity::float_format(storage), scaled, parity::Overflow::kSaturate));
}

inline double dequantize(std::uint8_t code, parity::DType storage, double scale) {
  return parity::decode(*parity::float_format(storage), code) * scale;
}

//! OCP checkpoint codes with per-row scales, dequantized exactly: what every device must return.
inline Eigen::ArrayXd dequantize_checkpoint(std::span<const std::uint8_t> codes,
                                            std::span<const float> scales, Fp8Kind kind, int cols) {
  Eigen::ArrayXd y(static_cast<Eigen::Index>(codes.size()));
  for (std::size_t i = 0; i < codes.size(); ++i)
    y[static_cast<Eigen::Index>(i)] =
        parity::decode(ocp_format(kind), codes[i]) * scales[i / static_cast<std::size_t>(cols)];
  return y;
}

//! Static per-tensor quantize + dequantize with the device's own scale (`scale` in `storage`
//! units): q = fp8(x * (1/scale)), y = q * scale.
inline Eigen::ArrayXd quant_dequant_static(std::span<const float> x, float scale, Fp8Kind kind,
                                           parity::DType storage) {
  const float inv_scale = 1.0f / scale;
  Eigen::ArrayXd y(static_cast<Eigen::Index>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i)
    y[static_cast<Eigen::Index>(i)] =
        dequantize(quantize(x[i] * inv_scale, kind, storage), storage, scale);
  return y;
}

struct PerRowReference {
  std::vector<float> scales;  // in `storage` units
  Eigen::ArrayXd y;           // dequantized values
};

//! Dynamic per-row quantize + dequantize: scale = max(amax / limit, 1 / (limit * 512)),
//! q = fp8(x / scale), y = q * scale.
inline PerRowReference quant_dequant_per_row(std::span<const float> x, int rows, int cols,
                                             Fp8Kind kind, parity::DType storage) {
  const float limit = clamp_limit(kind, storage);
  PerRowReference ref{std::vector<float>(static_cast<std::size_t>(rows)),
                      Eigen::ArrayXd(static_cast<Eigen::Index>(x.size()))};
  for (int r = 0; r < rows; ++r) {
    const auto row = x.subspan(static_cast<std::size_t>(r) * static_cast<std::size_t>(cols),
                               static_cast<std::size_t>(cols));
    float amax = 0.0f;
    for (float v : row) amax = std::max(amax, std::fabs(v));
    const float scale = std::max(amax / limit, 1.0f / (limit * 512.0f));
    ref.scales[static_cast<std::size_t>(r)] = scale;
    for (int c = 0; c < cols; ++c)
      ref.y[static_cast<Eigen::Index>(r) * cols + c] = dequantize(
          quantize(row[static_cast<std::size_t>(c)] / scale, kind, storage), storage, scale);
  }
  return ref;
}

}  // namespace fp8_reference
