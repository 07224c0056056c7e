// Command-line options shared by several subcommands, and numbers read strictly: every numeric
// option has a range, and a value outside it (a negative count, 0 chunks, an empty string, an
// overflow) is an error that gives the allowed range (exit 2), never a silent wrap-around.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace parity::cli {

//! A whole number in [min, max].
CLI::Option* add_integer(CLI::App* cmd, const std::string& name, std::int64_t& value,
                         std::int64_t min, std::int64_t max, const std::string& help);
CLI::Option* add_integer(CLI::App* cmd, const std::string& name, int& value, int min, int max,
                         const std::string& help);
CLI::Option* add_integer(CLI::App* cmd, const std::string& name, std::size_t& value,
                         std::size_t min, std::size_t max, const std::string& help);
CLI::Option* add_integer(CLI::App* cmd, const std::string& name,
                         std::optional<std::uint64_t>& value, std::uint64_t min, std::uint64_t max,
                         const std::string& help);
//! A finite number in [min, max].
CLI::Option* add_real(CLI::App* cmd, const std::string& name, std::optional<double>& value,
                      double min, double max, const std::string& help);
//! Text that must not be empty (a folder, a backend, a glob); repeatable for a vector.
CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::string& value,
                      const std::string& help);
CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::optional<std::string>& value,
                      const std::string& help);
CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::vector<std::string>& values,
                      const std::string& help);

// ---- option groups ------------------------------------------------------------------------------

//! Which cases of which build: --suite, --case, --build-dir, -j (capture, verify).
struct CaseSelection {
  std::vector<std::string> suites;
  std::vector<std::string> cases;
  std::optional<std::string> build_dir;
  int jobs = 1;
  void add_to(CLI::App* cmd, const std::string& verb);
};

//! --build-dir alone (prune).
void add_build_dir(CLI::App* cmd, std::optional<std::string>& build_dir);
//! --json.
void add_json(CLI::App* cmd, bool& json);
//! --threads (the comparator's).
void add_threads(CLI::App* cmd, int& threads);
//! --lock-timeout SECONDS (approve, prune, recover, capture): how long to wait while `holder`
//! ("another approve, prune or recover") holds the folder's lock.
void add_lock_timeout(CLI::App* cmd, std::chrono::milliseconds& timeout,
                      const std::string& holder = "another approve, prune or recover");

//! The comparator threads' default: 2, or 1 on one core.
int default_threads();

}  // namespace parity::cli
