import Foundation

/// Registers StencilSwiftKit's string filters (``StringFilters/table``, from the `filters`
/// branch) with the engine.
///
/// Built-in Stencil filters take precedence over these (as in Stencil, whose default
/// extension is searched first); `extraFilters` override both.
enum StringFilterHook {
    static let table: [String: FilterFunction] = {
        var table: [String: FilterFunction] = [:]
        for (name, filter) in StringFilters.table {
            table[name] = .contextual { value, arguments, context in
                let input = value.rendered
                let texts = textArguments(arguments, filter: name)
                // The only string filter whose result can be many times its input.
                if name == "replace" { try ReplaceBound.check(input, texts, context) }
                switch try filter(input, texts) {
                case .string(let text): return .string(text)
                case .bool(let flag): return .bool(flag)
                }
            }
        }
        return table
    }()

    /// Filters whose only option is a boolean; StencilSwiftKit ignores a non-string value there.
    private static let booleanOptionFilters: Set<String> = ["camelToSnakeCase", "snakeToCamelCase"]

    /// The arguments as text the way StencilSwiftKit reads them: resolved values by their
    /// text, unresolved trailing arguments left out, non-string boolean options ignored.
    static func textArguments(_ arguments: [TemplateValue], filter: String) -> [String] {
        var values = arguments
        while let last = values.last, last.isNull { values.removeLast() }
        if booleanOptionFilters.contains(filter), let first = values.first {
            guard case .string = first else { return [] }
        }
        return values.map(\.rendered)
    }
}

/// Refuses a `replace` whose result cannot fit the render's output budget, before it is built:
/// `{{ text|replace:"a",long }}` multiplies the text by the replacement's length.
enum ReplaceBound {
    static func check(_ input: String, _ arguments: [String], _ context: RenderContext) throws {
        guard arguments.count >= 2 else { return }  // the filter reports the missing argument
        let (target, replacement) = (arguments[0], arguments[1])
        let regex = arguments.count > 2 && arguments[2] == "regex"
        let bytes = input.utf8.count, units = input.utf16.count
        let room = context.meter.bytesLeft
        let replacementBytes = replacement.utf8.count
        // `$n` inserts a group, at most the whole match; UTF-16 units are at most 3 bytes each.
        let references = regex ? replacement.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "$") ? 1 : 0) } : 0
        // No longer than what it replaces: the result stays about the input's size (a match,
        // canonically equivalent, may be a little shorter than the target) and is counted when made.
        if !regex && (target.isEmpty || replacementBytes <= target.utf8.count) { return }
        // Cheap bound first: every UTF-16 unit a match (and one more for an empty regex match).
        let quick = (units + 1).multipliedReportingOverflow(by: replacementBytes + 3 * references)
        if !quick.overflow, bytes + quick.partialValue <= room { return }
        var size = bytes
        if regex {
            guard let expression = try? NSRegularExpression(pattern: target) else { return }  // the filter's error
            var failure: (any Error)?
            expression.enumerateMatches(in: input, range: NSRange(location: 0, length: units)) { match, _, stop in
                guard let match else { return }
                size += replacementBytes + 3 * references * match.range.length
                do {
                    try context.meter.spend(steps: 1)
                    if size > room { throw context.meter.exceeded(.outputBytes) }
                } catch {
                    failure = error
                    stop.pointee = true
                }
            }
            if let failure { throw failure }
        } else {
            // The same search `replacingOccurrences` makes, one match at a time, stopping early.
            let text = input as NSString
            var searched = NSRange(location: 0, length: units)
            while searched.length > 0 {
                let found = text.range(of: target, options: [], range: searched)
                guard found.location != NSNotFound, found.length > 0 else { break }
                size += replacementBytes
                try context.meter.spend(steps: 1)
                if size > room { throw context.meter.exceeded(.outputBytes) }
                let end = found.location + found.length
                searched = NSRange(location: end, length: units - end)
            }
        }
    }
}
