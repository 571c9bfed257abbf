// `basename` and `dirname`, written out lexically. StencilSwiftKit goes through PathKit and
// NSString; some of those NSString path methods crash on Linux for single-component relative
// paths, and `standardizingPath` consults the file system and $HOME. These versions follow the
// same rules on the text alone.
extension StringFilters {
    /// The last path component: "/tmp/scratch.tiff" -> "scratch.tiff", "/tmp/" -> "tmp",
    /// "scratch///" -> "scratch", "/" -> "/", "" -> "".
    ///
    /// Runs of slashes count as one and a trailing slash is ignored. Deviation: a path made of
    /// two or more slashes gives "/" (Linux Foundation gives "", and crashes on some paths
    /// with several runs of repeated slashes or non-ASCII text).
    public static func basename(_ s: String) -> String {
        let fixed = collapsingSlashes(s)
        guard fixed.utf16.count > 1 else { return fixed }
        guard let slash = fixed.lastIndex(of: "/") else { return fixed }
        return String(fixed[fixed.index(after: slash)...])
    }

    /// The parent directory, as PathKit's `Path(s).parent().normalize()` computes it:
    /// "/tmp/scratch.tiff" -> "/tmp", "/tmp/" -> "/", "/" -> "/", "scratch.tiff" -> ".",
    /// "" -> "..", "a/.." -> "a/../..".
    ///
    /// Deviation: `~` is not expanded and symlinks are not resolved (StencilSwiftKit does both
    /// through `standardizingPath`), so the result depends on the text only.
    public static func dirname(_ s: String) -> String {
        var components = pathComponents(s)
        if components.count > 1, components.last == "/" {
            components.removeLast()
        }
        components.removeAll { $0 == "." }
        // Appending ".." eats the last component, except a lone root or a trailing "..".
        if let last = components.last, last != ".." {
            if components.count > 1 || last != "/" {
                components.removeLast()
            }
        } else {
            components.append("..")
        }
        let joined: String
        if components.isEmpty {
            joined = "."
        } else if components.first == "/", components.count > 1 {
            joined = "/" + components.dropFirst().joined(separator: "/")
        } else {
            joined = components.joined(separator: "/")
        }
        return standardized(joined)
    }

    // MARK: Helpers

    /// NSString's `pathComponents`: a leading "/" is a component, runs of "/" separate the
    /// others, and a trailing "/" is kept as a last component.
    static func pathComponents(_ s: String) -> [String] {
        guard !s.isEmpty else { return [] }
        var result: [String] = s.hasPrefix("/") ? ["/"] : []
        result += s.split(separator: "/").map(String.init)
        if s.utf16.count > 1, s.hasSuffix("/") {
            result.append("/")
        }
        return result
    }

    /// Runs of "/" become one, and a trailing "/" goes unless it is the whole path.
    static func collapsingSlashes(_ s: String) -> String {
        var result = ""
        var previousWasSlash = false
        for character in s {
            let isSlash = character == "/"
            if !(isSlash && previousWasSlash) { result.append(character) }
            previousWasSlash = isSlash
        }
        if result.count > 1, result.hasSuffix("/") {
            result.removeLast()
        }
        return result
    }

    /// Lexical `standardizingPath`: drops empty and "." components and a trailing "/";
    /// in absolute paths ".." removes the previous component (never the root); relative
    /// paths keep their "..".
    static func standardized(_ path: String) -> String {
        var components = pathComponents(path)
        guard !components.isEmpty else { return path }
        if components.count > 1, components.last == "/" {
            components.removeLast()
        }
        let isAbsolute = components[0] == "/"
        var resolved = [components[0]]
        for component in components.dropFirst() {
            switch component {
            case "", ".":
                continue
            case ".." where isAbsolute:
                if resolved.count > 1 { resolved.removeLast() }
            default:
                resolved.append(component)
            }
        }
        if isAbsolute {
            return "/" + resolved.dropFirst().joined(separator: "/")
        }
        return resolved.joined(separator: "/")
    }
}
