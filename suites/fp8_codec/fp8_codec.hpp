// fp8_codec: fp8 quantization as an inference stack does it (the W8A8 path of vLLM-like servers).
// Activations are quantized on the fly with a static per-tensor scale or a dynamic per-row
// (per-token) scale; weights come from a checkpoint written on NVIDIA hardware in the OCP
// formats, with one scale per row (output channel).
//
// Each implementation stores fp8 in its device's own format: the CUDA original in the OCP
// formats (e4m3fn, e5m2), the HIP port for gfx942 (MI300) in the FNUZ formats (e4m3fnuz,
// e5m2fnuz). A byte means half the value in FNUZ (the exponent bias is one higher), so the port
// doubles every scale, and bytes or scales are never comparable across vendors; the
// dequantized values are, and those are the outputs the suite judges.
#pragma once

#include <cstdint>

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

enum class Fp8Kind { kE4M3, kE5M2 };

//! The fp8 format this implementation stores `kind` in: OCP for the CUDA original, FNUZ for the
//! HIP port.
parity::DType fp8_storage(Fp8Kind kind);

//! Loads OCP checkpoint tensors for this device: `n_codes` fp8 codes and `n_scales` scales
//! (either may be 0). On NVIDIA a copy; on a FNUZ device the normalisation: every scale doubled,
//! -0 (0x80, the FNUZ NaN) made +0, NaN (and e5m2's inf, which FNUZ lacks) made 0x80.
void launch_load_checkpoint(parity::Stream stream, Fp8Kind kind, const std::uint8_t* ocp_codes,
                            std::uint8_t* codes, int n_codes, const float* ocp_scales,
                            float* scales, int n_scales);

//! Static per-tensor quantization with saturation: q[i] = fp8(x[i] / scale[0]), NaN kept, every
//! other value clamped to the OCP range (e4m3 448, e5m2 57344, in the device's own units).
void launch_quantize_static(parity::Stream stream, Fp8Kind kind, const float* x, const float* scale,
                            std::uint8_t* q, int n);

//! Dynamic per-row quantization: scales[r] = max(amax(row r) / fp8 max, 1 / (fp8 max * 512)),
//! q = fp8(x / scales[r]). One block per row.
void launch_quantize_per_row(parity::Stream stream, Fp8Kind kind, const float* x, std::uint8_t* q,
                             float* scales, int rows, int cols);
void launch_quantize_per_row(parity::Stream stream, Fp8Kind kind, const parity::bf16* x,
                             std::uint8_t* q, float* scales, int rows, int cols);

//! y[r][c] = float(q[r][c]) * scales[r] (rows = 1: a per-tensor scale).
void launch_dequantize(parity::Stream stream, Fp8Kind kind, const std::uint8_t* q,
                       const float* scales, float* y, int rows, int cols);
