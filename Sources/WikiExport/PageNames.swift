import Foundation

/// Wiki page names: safe as file names on every system and as GitHub-wiki links, keeping
/// Korean (any script's) letters and digits; everything else becomes `-`.
enum PageNames {
    /// The longest name part kept, in characters (file systems allow 255 bytes; Hangul is 3 each).
    static let maximumLength = 60

    /// `개발 일지 (v2)/설계` -> `개발-일지-v2-설계`; empty input gives `fallback`.
    static func safe(_ text: String, fallback: String) -> String {
        var out = ""
        var dash = false
        for character in text.precomposedStringWithCanonicalMapping {
            let keep = character.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    || scalar.properties.generalCategory == .decimalNumber
            } && !character.isEmoji
            if keep {
                if dash && !out.isEmpty { out += "-" }
                dash = false
                out.append(character)
                if out.count >= maximumLength { break }
            } else {
                dash = true
            }
        }
        return out.isEmpty ? fallback : out
    }
}

/// Hands out page names, making each unique (case-insensitively, as on macOS file systems).
struct PageNameAllocator {
    private var taken: Set<String> = []

    /// Claims `name`, or `name-<suffix>` when it is taken (then a counter, if that is taken too).
    mutating func claim(_ name: String, suffix: String) -> String {
        var candidate = name
        var counter = 1
        while !taken.insert(candidate.lowercased()).inserted {
            candidate = counter == 1 ? "\(name)-\(suffix)" : "\(name)-\(suffix)-\(counter)"
            counter += 1
        }
        return candidate
    }
}

extension Character {
    /// Pictographs and symbols shown as emoji (they are not letters, but some report alphabetic parts).
    var isEmoji: Bool {
        unicodeScalars.contains { $0.properties.isEmojiPresentation || ($0.properties.isEmoji && $0.value > 0xFF) }
    }
}
