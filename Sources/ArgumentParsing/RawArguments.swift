// Command-line words as bytes: `CommandLine.arguments` silently turns bytes that are not UTF-8
// into U+FFFD, so a title typed in a legacy encoding would be stored damaged. Reading argv
// ourselves lets the parser refuse such a word instead.

/// The process's command-line words, byte for byte.
public enum RawArguments {
    /// The arguments after the program name, as the kernel passed them.
    public static func current() -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return [] }
        return (1..<count).map { index in
            guard let word = CommandLine.unsafeArgv[index] else { return [] }
            var bytes: [UInt8] = []
            var cursor = UnsafeRawPointer(word)
            while cursor.load(as: UInt8.self) != 0 {
                bytes.append(cursor.load(as: UInt8.self))
                cursor += 1
            }
            return bytes
        }
    }

    /// `bytes` with each byte that is not part of a valid UTF-8 sequence shown as `\xNN`.
    public static func describe(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                out.unicodeScalars.append(scalar)
                index += length
            } else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return out
    }

    /// The scalar a valid UTF-8 sequence starting at `index` encodes, with its length.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        for length in 1...4 where index + length <= bytes.count {
            if let text = String(validating: bytes[index..<index + length], as: UTF8.self),
               let scalar = text.unicodeScalars.first {
                return (scalar, length)
            }
        }
        return nil
    }
}

extension CommandLineParser {
    /// Decodes raw words as UTF-8; a word that is not valid UTF-8 is a usage error naming its
    /// position (1 is the first word after the program name) and showing its bad bytes as `\xNN`.
    public func decode(_ words: [[UInt8]]) throws(UsageError) -> [String] {
        var decoded: [String] = []
        decoded.reserveCapacity(words.count)
        for (index, bytes) in words.enumerated() {
            guard let word = String(validating: bytes, as: UTF8.self) else {
                let scope = Scope(root: root)
                throw UsageError(
                    message: "argument \(index + 1) ('\(RawArguments.describe(bytes))') is not valid UTF-8; "
                        + "convert it first, e.g. with iconv -t UTF-8",
                    commandPath: [], usageLine: HelpFormatter(scope: scope).usageLines[0], toolName: scope.toolName)
            }
            decoded.append(word)
        }
        return decoded
    }
}
