// Child processes: run a program with its output captured, within a time limit. The `parity`
// commands drive suite binaries with it, and a suite binary replays a failing case with it.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace parity {

struct ProcessResult {
  int exit_code = -1;      // the child's exit status; -1 when it did not exit normally
  int signal = 0;          // the signal that ended it, when one did
  bool timed_out = false;  // it ran past its time limit and was killed (with its children)
  std::string out;         // what it wrote to stdout
  std::string err;         // what it wrote to stderr
  bool ok() const { return exit_code == 0; }
  //! "exit 3", "killed by signal 11 (Segmentation fault)", "killed after its 60 s limit".
  std::string status_text() const;
};

//! A private temporary folder, removed with everything in it when the object goes.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "parity");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

//! Runs argv[0] (a path, or a name looked up in PATH) with `env` added to this process's
//! environment (an empty value unsets a variable for parity's readers), stdin from /dev/null,
//! stdout and stderr captured through files in `scratch`. With a `limit`, a child still running
//! after it is killed, with every process it started (its own process group), and the result
//! says timed_out. Throws UsageError when the program cannot be started.
ProcessResult run_process(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& env,
                          const std::filesystem::path& scratch,
                          std::chrono::seconds limit = std::chrono::seconds::zero());

}  // namespace parity
