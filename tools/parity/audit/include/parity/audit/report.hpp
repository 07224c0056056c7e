// The audit report: aligned text tables for people, one JSON document for tools (schema
// "parity.audit" version 1, documented in docs/migration-audit.md). The JSON holds the whole
// Inventory, so inventory_from_json(to_json(x)) == x; derived fields (summary, rule texts,
// library names) are written for readers and ignored when read back.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "parity/audit/inventory.hpp"

namespace parity::audit {

inline constexpr const char* kReportSchema = "parity.audit";
inline constexpr int kReportVersion = 1;

void write_text(const Inventory& inventory, std::ostream& out);

nlohmann::ordered_json to_json(const Inventory& inventory);

//! Reads a report written by to_json. Throws ConfigError naming the field that is missing or
//! has the wrong type, or when the schema or version is not this one.
Inventory inventory_from_json(const nlohmann::json& json);

}  // namespace parity::audit
