/// A macro as `{% macro name a b %}` defines it: parameter names and the body to render.
struct Macro: Sendable {
    let parameters: [String]
    let nodes: [any Node]
}

/// Assignments made by StencilSwiftKit's tags (`set`, `macro`, `map`, `import`).
///
/// Like Stencil's `Context` subscript setter, they write into the innermost scope, so a
/// `set` inside a `for` or `if` body is gone after it; with no scope at all (an empty
/// context and no enclosing tag) Stencil has nowhere to write and neither have we.
extension RenderContext {
    /// Sets `name` in the innermost scope; `.null` removes it there (Swift's `dict[k] = nil`).
    func assign(_ name: String, _ value: TemplateValue) {
        guard let scope = dictionaries.indices.last else { return }
        removeMacro(name, in: scope)
        if value.isNull {
            dictionaries[scope].removeValue(forKey: name)
        } else {
            dictionaries[scope][name] = value
        }
    }

    /// Defines a macro in the innermost scope, replacing a variable of the same name there.
    func define(_ name: String, _ macro: Macro) {
        guard let scope = dictionaries.indices.last else { return }
        dictionaries[scope].removeValue(forKey: name)
        removeMacro(name, in: scope)
        macros.append((scope, name, macro))
    }

    /// The macro `name` as the innermost scope holding that name sees it; nil when that
    /// name is a plain value or unknown. The scopes searched count as in ``lookup(_:)``.
    func macro(named name: String) throws -> Macro? {
        guard let index = macros.lastIndex(where: { $0.name == name }) else { return nil }
        let entry = macros[index]
        try meter.spend(steps: (macros.count - index + dictionaries.count - entry.scope) >> 2)
        // A value set in a scope nearer than the macro's hides it.
        var scope = dictionaries.count - 1
        while scope > entry.scope {
            if dictionaries[scope][name] != nil { return nil }
            scope -= 1
        }
        return entry.macro
    }

    /// Drops the macros of scopes that were left.
    func dropMacros() {
        while let last = macros.last, last.scope >= dictionaries.count { macros.removeLast() }
    }

    private func removeMacro(_ name: String, in scope: Int) {
        guard !macros.isEmpty else { return }
        macros.removeAll { $0.scope == scope && $0.name == name }
    }
}
