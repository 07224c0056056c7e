// Child processes for the commands that drive suite binaries (golden capture, verify, prune):
// run one with its output captured, or many in parallel.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace parity::cli {

struct ProcessResult {
  int exit_code = -1;  // the child's exit status; -1 when it did not exit normally
  int signal = 0;      // the signal that ended it, when one did
  std::string out;     // what it wrote to stdout
  std::string err;     // what it wrote to stderr
  bool ok() const { return exit_code == 0; }
  //! "exit 3", "killed by signal 11 (Segmentation fault)".
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
//! environment, stdin from /dev/null, stdout and stderr captured through files in `scratch`.
//! Throws UsageError when the program cannot be started.
ProcessResult run_process(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& env,
                          const std::filesystem::path& scratch);

//! Calls work(0) ... work(count - 1) on `threads` threads (at least 1), each index once; rethrows
//! the first exception after every thread has stopped.
void parallel_for(std::size_t count, int threads, const std::function<void(std::size_t)>& work);

//! The -j default: the number of cores, at least 1.
int default_jobs();

}  // namespace parity::cli
