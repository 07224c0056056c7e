// parity: the command-line program. The subcommands are declared in commands.hpp and listed here.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "display.hpp"
#include "parity/error.hpp"
#include "parity/provenance.hpp"

namespace {

using namespace parity::cli;

struct Entry {
  bool golden;  // registered on `parity golden`
  AddCommand add;
};

// The order `parity --help` and `parity golden --help` list them in.
constexpr Entry kCommands[] = {
    {false, add_diff_command},          {true, add_golden_show_command},
    {true, add_golden_check_command},   {true, add_golden_capture_command},
    {true, add_golden_diff_command},    {true, add_golden_approve_command},
    {true, add_golden_recover_command}, {true, add_golden_verify_command},
    {true, add_golden_prune_command},   {false, add_audit_command},
    {false, add_report_command},        {false, add_devices_command},
};

int error(const std::string& what) {
  std::fflush(stdout);
  std::fprintf(stderr, "parity: error: %s\n", printable(what, true).c_str());
  return kExitError;
}

// nlohmann's texts start with "[json.exception.type_error.302] "; say what it means instead.
std::string json_reason(const nlohmann::json::exception& e) {
  std::string text = e.what();
  if (const std::size_t end = text.find("] ");
      text.starts_with("[json.") && end != std::string::npos)
    text = text.substr(end + 2);
  return text;
}

// Output that never reached the terminal or file is a failure: a full disk, a closed stdout.
int finish_output(int code) {
  std::cout.flush();
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout;
  if (!failed) return code;
  const int err = errno;
  std::fprintf(stderr, "parity: error: cannot write to standard output: %s\n",
               err ? std::strerror(err) : "write failed");
  return kExitError;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"parity: prove that HIP ports of CUDA kernels compute the same numbers"};
  app.set_version_flag("--version", std::string(parity::parity_version()));
  app.require_subcommand(1);
  int exit_code = kExitOk;
  CLI::App* golden =
      app.add_subcommand("golden", "Capture, compare, approve, verify and check golden files");
  golden->require_subcommand(1);
  for (const Entry& e : kCommands) e.add(e.golden ? *golden : app, exit_code);
  int code = kExitOk;
  try {
    app.parse(argc, argv);
    code = exit_code;
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    code = rc == 0 ? kExitOk : kExitError;  // --help prints and returns 0; bad options: 2
  } catch (const parity::Error& e) {
    code = error(e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    code = error(std::string(e.code().message()) + ": '" + e.path1().string() + "'" +
                 (e.path2().empty() ? "" : " and '" + e.path2().string() + "'") +
                 " (check that the path exists and is the kind of file the option expects)");
  } catch (const nlohmann::json::exception& e) {
    code = error("a JSON document does not have the shape parity expects: " + json_reason(e));
  } catch (const std::bad_alloc&) {
    code = error("out of memory");
  } catch (const std::exception& e) {
    code = error(std::string(e.what()) + " (unexpected: please report it, with the command)");
  }
  return finish_output(code);
}
