// <staging>/CAPTURE.json: what `parity golden capture` staged, per suite, so that
// `parity golden diff` can tell a golden whose case is gone ("removed") from one that was just
// not captured this time. `golden approve` moves only *.h5 files and leaves it.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "parity/folder.hpp"

namespace parity::cli {

class CaptureRecord {
 public:
  static constexpr const char* kFileName = "CAPTURE.json";

  struct Suite {
    std::string backend;               // the backend the suite was captured on
    bool complete = false;             // every case was captured (no --case filter, no failure)
    std::vector<std::string> goldens;  // every golden path the suite's cases use
    std::vector<std::string> staged;   // the golden paths this capture staged
  };

  //! The record in `staging`, or an empty one when there is none; throws UsageError when it
  //! exists but cannot be read, is not a record, or names a suite or golden path that is not
  //! a plain suite name / a path inside that suite's folder.
  static CaptureRecord load_or_empty(const Folder& staging);
  //! Writes it atomically (temporary file and rename, never through a link).
  void save(const Folder& staging) const;

  void set(const std::string& suite, Suite entry) { suites_[suite] = std::move(entry); }
  const Suite* find(const std::string& suite) const;
  //! The suites recorded, sorted.
  std::vector<std::string> suites() const;
  bool empty() const { return suites_.empty(); }

 private:
  std::map<std::string, Suite> suites_;
};

}  // namespace parity::cli
