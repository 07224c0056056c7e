// Comparing one dataset of two golden or result files, streamed chunk by chunk: the engine of
// `parity diff` and `parity golden diff`.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

#include "parity/compare.hpp"
#include "parity/golden_reader.hpp"

namespace parity::cli {

//! Same dtype, or floats (complex) of different formats, which compare by value.
bool comparable_dtypes(DType a, DType b);

//! The policy stored with a dataset; exact (Policy{}) when none is. Throws GoldenError when the
//! stored policy is not valid JSON.
Policy stored_policy(const DatasetInfo& info);

//! Streams /a of `ra` and /b of `rb` through a Comparison under `policy` with bounded memory
//! (chunks of `chunk_bytes` per file, read ahead on a worker thread) and verifies both checksums.
//! Throws GoldenError for a shape or dtype mismatch, UsageError for a policy that needs a
//! reference or magnitude tensor (files do not store them).
Verdict compare_dataset(const GoldenReader& ra, const DatasetInfo& a, const GoldenReader& rb,
                        const DatasetInfo& b, const Policy& policy, std::size_t chunk_bytes,
                        int threads);

//! A JSON number, or "inf", "-inf", "nan" (JSON has no non-finite numbers).
nlohmann::json json_number(double value);

}  // namespace parity::cli
