// SHA-256 of a text as hex: how a book's manifest and the lines kept of a
// chapter under way record what they were made from.
#pragma once

#include <QString>

#include <string>

namespace cosystudio::services {

std::string textHash(const QString& text);

}  // namespace cosystudio::services
