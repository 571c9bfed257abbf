/// One step of a variable's key path: a literal name or a `[subscript]` resolved at render.
indirect enum KeyPathSegment: Sendable {
    case key(String)
    case subscripted(Variable)
}

/// A variable as written in a template: a literal (`'text'`, `5`, `1.5`, `true`) or a key
/// path (`article.author[property].name`), compiled once at parse time.
///
/// Malformed key paths are not parse errors in Stencil: they fail when resolved, so an
/// unused branch holding one still renders. `.invalid` keeps that behaviour.
struct Variable: Sendable {
    enum Kind: Sendable {
        case literal(TemplateValue)
        case lookup([KeyPathSegment])
        case invalid(String)
    }

    let text: String
    let kind: Kind

    init(_ text: String) {
        self.text = text
        if text.count > 1,
            (text.hasPrefix("'") && text.hasSuffix("'")) || (text.hasPrefix("\"") && text.hasSuffix("\""))
        {
            kind = .literal(.string(String(text.dropFirst().dropLast())))
        } else if let number = Int(text) {
            kind = .literal(.int(number))
        } else if let number = Double(text) {
            kind = .literal(.double(number))
        } else if text == "true" || text == "false" {
            kind = .literal(.bool(text == "true"))
        } else {
            do {
                kind = .lookup(try Self.compileKeyPath(text))
            } catch let error as TemplateError {
                kind = .invalid(error.message)
            } catch {
                kind = .invalid(String(describing: error))
            }
        }
    }

    /// The value, or `.null` when any step of the path is missing.
    func resolve(_ context: RenderContext) throws -> TemplateValue {
        switch kind {
        case .literal(let value):
            return value
        case .invalid(let message):
            throw TemplateError(message: message)
        case .lookup(let segments):
            // A plain name, the most common case, needs no list of bits.
            if segments.count == 1, case .key(let key) = segments[0] { return try context.lookup(key) ?? .null }
            // Subscripts resolve first, as in Stencil: an unresolvable one is an error even
            // when the path's head is missing.
            var bits: [String] = []
            bits.reserveCapacity(segments.count)
            for segment in segments {
                switch segment {
                case .key(let key):
                    bits.append(key)
                case .subscripted(let variable):
                    let value = try variable.resolve(context)
                    guard !value.isNull else {
                        throw TemplateError(
                            message: "unable to resolve subscript '\(variable.text)' in variable '\(text)'")
                    }
                    bits.append(value.rendered)
                }
            }
            guard let head = bits.first, var current = try context.lookup(head) else { return .null }
            for bit in bits.dropFirst() {
                // `text.count` and `text.5` walk the text: a step per KiB, like a filter reading it.
                if case .string = current { try context.meter.spend(steps: BudgetMeter.readingSteps(current)) }
                guard !current.isNull, let next = Self.member(bit, of: current) else { return .null }
                current = next
            }
            return current
        }
    }

    /// `bit` looked up in a value: dictionary keys (and `count`), array and string
    /// indexes, `first`, `last` and `count`; a date's `timeIntervalSinceReferenceDate` and
    /// `timeIntervalSince1970` (as `Date` has them, for templates written for SwiftGen).
    static func member(_ bit: String, of value: TemplateValue) -> TemplateValue? {
        switch value {
        case .dictionary(let dictionary):
            return bit == "count" ? .int(dictionary.count) : dictionary[bit]
        case .array(let items):
            if let index = Int(bit) {
                return index >= 0 && index < items.count ? items[index] : nil
            }
            switch bit {
            case "first": return items.first
            case "last": return items.last
            case "count": return .int(items.count)
            default: return nil
            }
        case .string(let text):
            if let index = Int(bit) {
                guard index >= 0, index < text.count else { return nil }
                return .string(String(text[text.index(text.startIndex, offsetBy: index)]))
            }
            switch bit {
            case "first": return text.first.map { .string(String($0)) }
            case "last": return text.last.map { .string(String($0)) }
            case "count": return .int(text.count)
            default: return nil
            }
        case .date(let date):
            switch bit {
            case "timeIntervalSinceReferenceDate": return .double(date.date.timeIntervalSinceReferenceDate)
            case "timeIntervalSince1970": return .double(date.date.timeIntervalSince1970)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Splits `a.b[c].d` the way Stencil's `KeyPath` does, with the same syntax errors.
    static func compileKeyPath(_ variable: String) throws -> [KeyPathSegment] {
        var components: [KeyPathSegment] = []
        var partial: [KeyPathSegment] = []
        var current = ""
        var level = 0

        for character in variable {
            switch character {
            case "." where level == 0:
                if !current.isEmpty { partial.append(.key(current)) }
                guard !partial.isEmpty else {
                    throw TemplateError(message: "unexpected '.' in variable '\(variable)'")
                }
                components += partial
                current = ""
                partial = []
            case "[":
                guard level < 32 else {
                    throw TemplateError(message: "subscripts nested too deeply in variable '\(variable)'")
                }
                guard !partial.isEmpty || !current.isEmpty else {
                    throw TemplateError(message: "unexpected '[' in variable '\(variable)'")
                }
                if level > 0 {
                    current.append("[")
                } else if !current.isEmpty {
                    partial.append(.key(current))
                    current = ""
                }
                level += 1
            case "]":
                guard level > 0 else {
                    throw TemplateError(message: "unbalanced ']' in variable '\(variable)'")
                }
                if level > 1 {
                    current.append("]")
                } else if !current.isEmpty {
                    partial.append(.subscripted(Variable(current)))
                    current = ""
                } else {
                    throw TemplateError(message: "empty subscript in variable '\(variable)'")
                }
                level -= 1
            default:
                guard partial.isEmpty || level > 0 else {
                    throw TemplateError(message: "unexpected character '\(character)' in variable '\(variable)'")
                }
                current.append(character)
            }
        }
        if !current.isEmpty { partial.append(.key(current)) }
        components += partial
        guard level == 0 else {
            throw TemplateError(message: "unbalanced subscript brackets in variable '\(variable)'")
        }
        return components
    }
}
