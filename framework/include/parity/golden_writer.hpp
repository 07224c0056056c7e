// Writes one golden (or result) file, atomically: everything goes to a temporary file created
// exclusively under a unique name in the target's folder, which commit() fsyncs and publishes by
// an atomic rename, then fsyncs the folder. A
// crash, kill or full disk at any moment leaves either the old file or the new one, never a
// broken one, and no link is ever followed: the temporary file cannot be pre-planted, and a
// link where the target or one of its folders belongs is an error that names it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string_view>

#include "parity/folder.hpp"
#include "parity/golden_schema.hpp"
#include "parity/provenance.hpp"
#include "parity/rng.hpp"
#include "parity/tensor.hpp"

namespace parity {

struct GoldenWriteOptions {
  //! Replace an existing target. Off by default: capture and approve decide when a golden may
  //! change; commit() refuses (atomically, even against a racing writer) when it is off.
  bool overwrite = false;
  //! Tensors larger than this are stored chunked along their outer dimension in chunks of about
  //! this size; smaller ones contiguous. Tests use small values to exercise chunking.
  std::size_t chunk_bytes = std::size_t{4} << 20;
  //! Create the target's folder (and parents) when missing.
  bool create_directories = true;
};

class GoldenWriter;

//! Streams one tensor into a golden file in row-major order, for tensors that need not (or
//! cannot) be in memory at once. Obtained from GoldenWriter::begin_input/begin_output; the
//! writer accepts nothing else until finish().
class TensorSink {
 public:
  TensorSink(TensorSink&&) noexcept;
  TensorSink& operator=(TensorSink&&) noexcept;
  TensorSink(const TensorSink&) = delete;
  TensorSink& operator=(const TensorSink&) = delete;
  //! An unfinished sink poisons its writer: commit() will throw.
  ~TensorSink();

  //! Appends bytes (any split; element boundaries need not align with calls).
  void write(std::span<const std::byte> bytes);
  //! Checks that exactly shape x dtype bytes arrived and records the checksum.
  void finish();

 private:
  friend class GoldenWriter;
  struct State;
  explicit TensorSink(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

class GoldenWriter {
 public:
  //! Creates the temporary file and writes the root attributes. Throws GoldenError when the
  //! folder cannot be written, or when the target exists and options.overwrite is off.
  GoldenWriter(std::filesystem::path target, const Provenance& provenance,
               GoldenWriteOptions options = {});
  //! The target `relative` ('/'-separated) under `root`: its folders are made (with
  //! create_directories) and entered one by one, never through a link, so a staging folder with
  //! a link in it cannot redirect the write (into golden/ or anywhere else).
  GoldenWriter(const Folder& root, std::string_view relative, const Provenance& provenance,
               GoldenWriteOptions options = {});
  GoldenWriter(GoldenWriter&&) noexcept;
  GoldenWriter& operator=(GoldenWriter&&) noexcept;
  GoldenWriter(const GoldenWriter&) = delete;
  GoldenWriter& operator=(const GoldenWriter&) = delete;
  //! Without a successful commit(), removes the temporary file; the target is untouched.
  ~GoldenWriter();

  void add_input(std::string_view name, const TensorView& tensor);
  //! `policy_json`: the comparison policy that judges this output, stored with it.
  void add_output(std::string_view name, const TensorView& tensor,
                  std::string_view policy_json = {});
  //! An input stored as its generator recipe: no data, plus the checksum of the bytes the
  //! recipe produces (readers regenerate and verify them).
  void add_input_recipe(std::string_view name, const Recipe& recipe, DType dtype,
                        const Shape& shape);

  TensorSink begin_input(std::string_view name, DType dtype, const Shape& shape);
  TensorSink begin_output(std::string_view name, DType dtype, const Shape& shape,
                          std::string_view policy_json = {});

  //! Closes the file, fsyncs it, renames it over the target and fsyncs the folder.
  void commit();

  const std::filesystem::path& target() const;
  //! The temporary file's path ("<target>.tmp.<pid>.<16 hex digits>").
  std::filesystem::path temporary_path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  friend class TensorSink;
  void start(Folder folder, std::string target_name, const Provenance& provenance);
};

}  // namespace parity
