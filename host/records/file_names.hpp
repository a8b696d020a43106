// File names made from record or user data (a family's name, a comparison's title, an
// instance's parameters): every writer that puts such text into a file name passes it
// through here, so a results.jsonl handed over by someone else cannot make `report`
// write outside its folder (a family "x/../../name"), fail on a '/', or make two
// different families share one file.
#pragma once
#include <string>
#include <string_view>

namespace tv::host {

/// @brief A file name stem that stays inside its folder: ASCII letters, digits, '-', '_',
/// '.' and '+' are kept, every other byte becomes '_', leading dots go, and at most 64
/// bytes are kept.  A stem that had to change ends in '-' and 8 hex digits of a hash of
/// the raw text, so two different raw texts never map to one name.
///   safe_file_stem("postal")      == "postal"
///   safe_file_stem("x/../y")      == "x_.._y-" + 8 hex digits
std::string safe_file_stem(std::string_view raw);

}  // namespace tv::host
