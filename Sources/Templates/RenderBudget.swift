/// How much one render may produce and do: templates come from repositories anyone on the team
/// can commit to, and a few lines of `set`, `for` or `macro` can otherwise ask for gigabytes or
/// hours. One budget covers a whole render, includes, extends, imports and macros included.
///
/// - `maxOutputBytes`: the UTF-8 bytes the render writes: text and `{{ }}` values written into
///   the output or into a capture (`set` ... `endset`, `map`, `filter` and `block` bodies), and
///   every string or list a filter returns that differs from its input.
/// - `maxSteps`: units of work, each a fraction of a microsecond: every tag, text or `{{ }}`
///   rendered, loop iteration (counted when the loop starts; `break` gives back the rest), `where`
///   test, number of an `a...b` range and filter applied; one more per KiB of text (or 64 items)
///   a filter, `in` or `.count` reads, and per 4 scopes a variable or macro lookup searches.
///
/// Running out throws a ``TemplateError`` whose ``TemplateError/exceededBudget`` names the limit,
/// placed at the tag or expression being rendered at that moment.
public struct RenderBudget: Sendable, Equatable {
    /// The largest number of UTF-8 bytes a render may write (see the type's comment).
    public var maxOutputBytes: Int
    /// The largest number of steps a render may take (see the type's comment).
    public var maxSteps: Int

    /// 16 MiB of output and 250,000 steps. The largest page of a 50,000-event wiki export (a
    /// 200 KB project page) takes about 32,000 steps, a 20,000-line generated file about 225,000;
    /// spending all 250,000 takes ~0.1 s of CPU in a release build (~0.3 s in a debug build) on
    /// the project's 2-core VM, so a hostile template fails fast.
    public static let `default` = RenderBudget(maxOutputBytes: 16 << 20, maxSteps: 250_000)

    /// A budget; values below zero count as zero.
    public init(maxOutputBytes: Int, maxSteps: Int) {
        self.maxOutputBytes = max(0, maxOutputBytes)
        self.maxSteps = max(0, maxSteps)
    }

    /// Which limit a render ran out of.
    public enum Limit: Sendable, Equatable {
        /// ``RenderBudget/maxOutputBytes``.
        case outputBytes
        /// ``RenderBudget/maxSteps``.
        case steps
    }

    /// The message of the error for `limit`, e.g. `template exceeds its output budget of 16 MiB`.
    public func message(for limit: Limit) -> String {
        switch limit {
        case .outputBytes: return "template exceeds its output budget of \(Self.byteCount(maxOutputBytes))"
        case .steps: return "template exceeds its step budget of \(maxSteps) steps"
        }
    }

    /// `16 MiB`, `512 KiB` or `1000 bytes`: binary units when they are exact.
    public static func byteCount(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}

/// What is left of a render's budget. Spending is a subtraction and a comparison, so normal
/// renders pay next to nothing; once a limit is crossed every later spend fails too, so a caller
/// that swallowed the first error cannot go on.
struct BudgetMeter {
    let budget: RenderBudget
    private(set) var bytesLeft: Int
    private(set) var stepsLeft: Int

    init(_ budget: RenderBudget) {
        self.budget = budget
        bytesLeft = budget.maxOutputBytes
        stepsLeft = budget.maxSteps
    }

    /// Counts `count` bytes about to be written.
    @inline(__always)
    mutating func spend(bytes count: Int) throws {
        bytesLeft -= count
        if bytesLeft < 0 { throw exceeded(.outputBytes) }
    }

    /// Counts `count` steps about to be taken.
    @inline(__always)
    mutating func spend(steps count: Int) throws {
        stepsLeft -= count
        if stepsLeft < 0 { throw exceeded(.steps) }
    }

    /// Gives back steps counted in advance but not taken (the iterations a `break` skips).
    /// Only called on the way out of a loop that ended normally, so a spent budget stays spent.
    mutating func refund(steps count: Int) {
        stepsLeft += count
    }

    /// Fails, spending nothing, unless `count` more bytes would still fit: the check made before
    /// building a string whose size is known in advance (`indent`, `join`, `replace`).
    func ensureRoom(forBytes count: Int) throws {
        if count > bytesLeft { throw exceeded(.outputBytes) }
    }

    func exceeded(_ limit: RenderBudget.Limit) -> TemplateError {
        var error = TemplateError(message: budget.message(for: limit))
        error.exceededBudget = limit
        return error
    }

    /// Steps for reading `value`: one per KiB of text or 64 list items, so a filter or `in`
    /// applied to a long text inside a loop counts as the work it is.
    static func readingSteps(_ value: TemplateValue) -> Int {
        switch value {
        case .string(let text): return text.utf8.count >> 10
        case .array(let items): return items.count >> 6
        case .dictionary(let entries): return entries.count >> 6
        default: return 0
        }
    }
}

extension TemplateValue {
    /// An upper bound on the UTF-8 size of ``rendered``, worked out without building it; stops
    /// (returning a value above `limit`) as soon as the bound passes `limit`, so a list holding
    /// the same big list many times is not walked in full.
    func renderedSizeBound(limit: Int) -> Int {
        switch self {
        case .string(let text): return text.utf8.count
        case .null: return 0
        default:
            var total = 0
            addDebugSizeBound(to: &total, limit: limit)
            return total
        }
    }

    /// Adds an upper bound on the UTF-8 size of ``debugText``.
    private func addDebugSizeBound(to total: inout Int, limit: Int) {
        guard total <= limit else { return }
        switch self {
        // `debugDescription` escapes a scalar as at most `\u{10FFFF}`: 6 bytes per byte at worst.
        case .string(let text): total += 2 + 6 * text.utf8.count
        case .int, .double: total += 24
        case .bool: total += 5
        case .null: total += 3
        // RFC 3339 with milliseconds and an offset: 29 bytes.
        case .date: total += 32
        case .array(let items):
            total += 2 + 2 * items.count
            for item in items {
                item.addDebugSizeBound(to: &total, limit: limit)
                if total > limit { return }
            }
        case .dictionary(let entries):
            total += 3 + 4 * entries.count
            for (key, value) in entries {
                total += 2 + 6 * key.utf8.count
                value.addDebugSizeBound(to: &total, limit: limit)
                if total > limit { return }
            }
        }
    }
}
