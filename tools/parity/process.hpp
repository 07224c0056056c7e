// Child processes for the commands that drive suite binaries (golden capture, verify, prune):
// one at a time with parity/process.hpp, or many in parallel.
#pragma once

#include <cstddef>
#include <functional>

#include "parity/process.hpp"

namespace parity::cli {

using parity::ProcessResult;
using parity::run_process;
using parity::TempDir;

//! Calls work(0) ... work(count - 1) on `threads` threads (at least 1), each index once; rethrows
//! the first exception after every thread has stopped.
void parallel_for(std::size_t count, int threads, const std::function<void(std::size_t)>& work);

//! The -j default: the number of cores, at least 1.
int default_jobs();

}  // namespace parity::cli
