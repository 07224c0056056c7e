// Reads golden (and result) files of schema v1: validated provenance and tensor descriptions,
// whole tensors, and chunk streams with bounded memory for tensors larger than memory. Every
// tensor's XXH3-128 is verified as it is read, unless the caller turns that off after checking
// the whole file against golden/MANIFEST.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "parity/folder.hpp"
#include "parity/golden_schema.hpp"
#include "parity/manifest.hpp"
#include "parity/provenance.hpp"
#include "parity/tensor.hpp"

namespace parity {

namespace detail {
struct GoldenFile;  // the open file and its validated description (golden_reader.cpp)
}

struct GoldenOpenOptions {
  //! The file's manifest entry: its size and SHA-256 are checked before HDF5 parses anything.
  std::optional<ManifestEntry> expected;
  //! Verify each tensor's checksum while reading. Turning it off is safe only when `expected`
  //! was given (the SHA-256 then covers every byte already).
  bool verify_checksums = true;
  //! Refuse a file of another kind (a result file where a golden belongs).
  std::optional<FileKind> kind;
};

//! A piece of a tensor in row-major order: elements [offset, offset + count).
struct TensorChunk {
  std::int64_t offset = 0;
  std::int64_t count = 0;
  std::span<const std::byte> bytes;  // valid until the next call to next()
};

//! Pulls one tensor chunk by chunk with a fixed buffer. After the last chunk, next() verifies the
//! checksum of everything it delivered and throws GoldenError on a mismatch, so consumers must
//! treat their results as provisional until next() has returned nullopt.
class TensorStream {
 public:
  TensorStream(TensorStream&&) noexcept;
  TensorStream& operator=(TensorStream&&) noexcept;
  ~TensorStream();

  const DatasetInfo& info() const;
  std::optional<TensorChunk> next();

 private:
  friend class GoldenReader;
  struct State;
  explicit TensorStream(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

class GoldenReader {
 public:
  //! Opens and validates a file: a regular file (never a link, FIFO or device), its manifest
  //! entry (when given), HDF5 superblock, schema name and version, root attributes, and every
  //! dataset: attributes against its stored HDF5 type and dataspace, and its storage (inside the
  //! file, contiguous or chunked as schema v1 lays it out, unfiltered, every declared byte
  //! stored). Throws GoldenError naming the file, the object and the rule.
  static GoldenReader open(const std::filesystem::path& file,
                           const GoldenOpenOptions& options = {});
  //! The file `relative` ('/'-separated) under `root`, reached without following any link
  //! below root; its suite and case must map to `relative` (golden_relative_path_for_case), so
  //! a golden copied or renamed to another case's path is refused.
  static GoldenReader open(const Folder& root, std::string_view relative,
                           const GoldenOpenOptions& options = {});

  GoldenReader(GoldenReader&&) noexcept;
  GoldenReader& operator=(GoldenReader&&) noexcept;
  ~GoldenReader();

  const std::filesystem::path& path() const;
  const Provenance& provenance() const;
  std::int32_t schema_major() const;
  std::int32_t schema_minor() const;
  //! Inputs, then outputs, each in name order.
  const std::vector<DatasetInfo>& datasets() const;
  //! "inputs/x", "outputs/y", or a bare name that is unique in the file; nullptr when absent.
  const DatasetInfo* find(std::string_view name) const;
  //! Like find(), but throws GoldenError listing the tensors the file has.
  const DatasetInfo& dataset(std::string_view name) const;

  Tensor read(std::string_view name) const;
  //! `out` must hold exactly the tensor's bytes.
  void read_into(std::string_view name, std::span<std::byte> out) const;
  //! Chunks of at most max_chunk_bytes (at least one element each). With read_ahead a worker
  //! thread reads and verifies up to three chunks ahead while the caller works on the current
  //! one (memory: 3 x max_chunk_bytes); the stream must then stay on one consumer thread.
  TensorStream stream(std::string_view name, std::size_t max_chunk_bytes = std::size_t{8} << 20,
                      bool read_ahead = false) const;
  //! Reads every tensor through its checksum with bounded memory (`parity golden check`).
  void verify_all() const;

 private:
  explicit GoldenReader(std::shared_ptr<detail::GoldenFile> impl);
  static GoldenReader open_descriptor(std::shared_ptr<detail::GoldenFile> impl);
  std::shared_ptr<detail::GoldenFile> impl_;
};

}  // namespace parity
