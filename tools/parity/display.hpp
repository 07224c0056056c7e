// Text for people: byte counts in binary units, and strings from files made safe to print.
#pragma once

#include <string>
#include <string_view>

namespace parity::cli {

//! "1.5 GiB", "312.0 KiB", "17 B".
std::string human_bytes(unsigned long long bytes);

//! `text` with every control byte (and DEL, and bytes that are not valid UTF-8) written as
//! \xHH, so that a string from a golden, a summary or a path cannot move the cursor, retitle a
//! terminal or hide text. Newlines and tabs are kept when `keep_newlines`.
std::string printable(std::string_view text, bool keep_newlines = false);

}  // namespace parity::cli
