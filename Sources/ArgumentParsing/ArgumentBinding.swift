// The checks that need the whole line: binding positional words to declared arguments,
// required options, exclusive flags, allowed values and the command's own validator.

extension ParseRun {
    /// Turns the scanned words into a `ParsedCommand`, or reports what is wrong.
    func finish() throws(UsageError) -> ParsedCommand {
        let command = scope.command
        let arguments = try bindArguments(command.arguments)

        for option in scope.options where option.isRequired && optionValues[option.key] == nil {
            throw error("missing required option '\(option.spelling) \(option.valueName)'")
        }
        try checkExclusiveGroups()
        for option in scope.options {
            guard let allowed = option.allowedValues else { continue }
            for value in optionValues[option.key] ?? [] where !allowed.contains(value) {
                throw error(
                    "invalid value '\(value)' for option '\(option.spelling)'."
                        + " Expected one of: \(allowed.joined(separator: ", "))")
            }
        }

        guard let action = command.run else {
            // Unreachable: the parser shows a group's help unless the group runs itself.
            throw error("'\(scope.invocation)' needs a subcommand")
        }
        let parsed = ParsedCommand(
            scope: scope, arguments: arguments, options: optionValues, flags: Set(flagsGiven), action: action)

        if let validate = command.validate {
            do {
                try validate(parsed)
            } catch let failure as UsageError {
                // A typed accessor's complaint (`parsed.int`) is already a whole usage error.
                throw failure
            } catch let failure as ValidationError {
                throw error(failure.message)
            } catch {
                throw self.error(String(describing: error))
            }
        }
        return parsed
    }

    /// Assigns words in order: each required argument gets one, optional ones take a word only
    /// when enough remain for the required ones after them, a repeating one takes the rest.
    private func bindArguments(_ specs: [ArgumentSpec]) throws(UsageError) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var remaining = positionals[...]
        for (offset, spec) in specs.enumerated() {
            let requiredAfter = specs[(offset + 1)...].filter { !$0.isOptional }.count
            let available = remaining.count - requiredAfter
            let take: Int
            if spec.isRepeating {
                take = max(spec.isOptional ? 0 : 1, available)
            } else {
                take = spec.isOptional ? min(1, max(0, available)) : 1
            }
            if remaining.count < take || (take == 0 && !spec.isOptional) {
                throw error("missing expected argument '\(spec.displayName)'")
            }
            let taken = Array(remaining.prefix(take))
            remaining = remaining.dropFirst(take)
            if let allowed = spec.allowedValues {
                for value in taken where !allowed.contains(value) {
                    throw error(
                        "invalid value '\(value)' for '\(spec.displayName)'."
                            + " Expected one of: \(allowed.joined(separator: ", "))")
                }
            }
            if !taken.isEmpty { values[spec.name] = taken }
        }
        if let extra = remaining.first {
            throw error("unexpected argument '\(extra)'")
        }
        return values
    }

    /// At most one flag of each exclusive group; names the first two that clash.
    private func checkExclusiveGroups() throws(UsageError) {
        var seen: [String: String] = [:]
        for key in flagsGiven {
            guard let group = scope.flags.first(where: { $0.long == key })?.exclusiveGroup else {
                continue
            }
            if let earlier = seen[group], earlier != key {
                throw error("'--\(earlier)' and '--\(key)' cannot be used together")
            }
            seen[group] = key
        }
    }
}
