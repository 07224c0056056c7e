// The golden store in one include: schema v1 (golden_schema.hpp), writing (golden_writer.hpp),
// reading (golden_reader.hpp) and golden/MANIFEST (manifest.hpp).
#pragma once

#include "parity/golden_reader.hpp"
#include "parity/golden_schema.hpp"
#include "parity/golden_writer.hpp"
#include "parity/manifest.hpp"
