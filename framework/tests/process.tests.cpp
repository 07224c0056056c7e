// run_process: exit status, captured output, the environment it is given, and the time limit.
#include <catch2/catch_test_macros.hpp>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "parity/error.hpp"
#include "parity/process.hpp"

using namespace std::chrono_literals;

TEST_CASE("process: exit status, output and environment", "[process]") {
  parity::TempDir scratch("parity-process-test");
  const auto r = parity::run_process(
      {"sh", "-c", "echo out; echo err >&2; echo \"$PARITY_PROCESS_TEST\"; exit 3"},
      {{"PARITY_PROCESS_TEST", "given"}}, scratch.path());
  CHECK(r.exit_code == 3);
  CHECK_FALSE(r.ok());
  CHECK_FALSE(r.timed_out);
  CHECK(r.out == "out\ngiven\n");
  CHECK(r.err == "err\n");
  CHECK(r.status_text() == "exit 3");
}

TEST_CASE("process: a child past its time limit is killed with what it started", "[process]") {
  parity::TempDir scratch("parity-process-test");
  const auto start = std::chrono::steady_clock::now();
  // The shell starts a grandchild that would outlive it: the whole process group goes.
  const auto pid_file = scratch.path() / "grandchild.pid";
  const auto r = parity::run_process(
      {"sh", "-c", "sleep 30 & echo $! > " + pid_file.string() + "; wait; echo never"}, {},
      scratch.path(), 1s);
  CHECK(r.timed_out);
  // The grandchild is gone (or a zombie waiting for init), not sleeping on.
  std::ifstream pid_in(pid_file);
  std::string pid;
  pid_in >> pid;
  REQUIRE_FALSE(pid.empty());
  std::string state = "?";
  for (int i = 0; i < 200 && state != "" && state != "Z"; ++i) {
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string line;
    state = std::getline(stat, line) ? line.substr(line.rfind(')') + 2, 1) : "";
    if (state != "" && state != "Z") std::this_thread::sleep_for(10ms);
  }
  CHECK((state.empty() || state == "Z"));
  CHECK_FALSE(r.ok());
  CHECK(r.out.empty());
  CHECK(r.status_text() == "killed after its time limit");
  CHECK(std::chrono::steady_clock::now() - start < 20s);
  // Within its limit, a child runs to the end.
  CHECK(parity::run_process({"true"}, {}, scratch.path(), 30s).ok());
}

TEST_CASE("process: a program that cannot start is a UsageError", "[process]") {
  parity::TempDir scratch("parity-process-test");
  CHECK_THROWS_AS(parity::run_process({"/no/such/program"}, {}, scratch.path()),
                  parity::UsageError);
  CHECK_THROWS_AS(parity::run_process({}, {}, scratch.path()), parity::UsageError);
}
