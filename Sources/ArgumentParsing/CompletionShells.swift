// The per-shell parts of the completion scripts: the bash and zsh drivers around the
// shared lookup tables, and fish's native `complete` rules.

extension CompletionScripts {
    var bashScript: String {
        """
        # bash completion for \(tool); load with: source <(\(tool) completion bash)

        \(sharedFunctions)

        # Offers the candidates in $1 (one per line, "value<TAB>description" allowed; @file / @dir
        # for paths) that start with $2. Matched by prefix, not by `compgen -W`, which would expand
        # `$(...)` in a name; a value with spaces or quotes is offered quoted (`Sprint\\ 3`).
        # bash shows COMPREPLY as it is and inserts what all entries share, so several candidates
        # are offered as "value  -- description" (their shared part is a prefix of the values:
        # the values differ, and a space in a value is quoted), and a single one as the value alone.
        # Menu completion inserts each entry whole, so it gets the values only.
        \(prefix)_reply() {
            local IFS=$'\\n' line value seen=$'\\n' files=0 dirs=0
            local -a values=() shown=()
            COMPREPLY=()
            while IFS= read -r line; do
                case "$line" in
                    @file) files=1 ;;
                    @dir) dirs=1 ;;
                    ?*)
                        value="${line%%$'\\t'*}"
                        # Seen before (a name that is also a handle): offered once. A list in a
                        # string, not an associative array, which bash 3 (macOS) lacks.
                        if [[ -n "$value" && "$value" == "$2"* && "$seen" != *$'\\n'"$value"$'\\n'* ]]; then
                            seen+="$value"$'\\n'
                            if [[ "$value" == *[[:space:]\\'\\"\\\\\\$\\`]* ]]; then value="$(printf '%q' "$value")"; fi
                            values+=("$value")
                            if [[ "$line" == *$'\\t'?* ]]; then shown+=("$value  -- ${line#*$'\\t'}"); else shown+=("$value"); fi
                        fi ;;
                esac
            done <<< "$1"
            if ((${#values[@]} == 1)) || [[ "${COMP_TYPE:-}" == 37 ]]; then
                COMPREPLY=("${values[@]}")
            else
                COMPREPLY=("${shown[@]}")
            fi
            if ((files)); then COMPREPLY+=($(compgen -f -- "$2")); fi
            if ((dirs)); then COMPREPLY+=($(compgen -d -- "$2")); fi
            if ((files || dirs)); then compopt -o filenames 2>/dev/null; fi
            return 0
        }

        \(prefix)() {
            local cur="${COMP_WORDS[COMP_CWORD]}" cmdpath npos skip
            \(prefix)_walk "${COMP_WORDS[@]:1:COMP_CWORD-1}"
            if ((skip)); then
                \(prefix)_reply "$(\(prefix)_option_values "$cmdpath" "${COMP_WORDS[COMP_CWORD-1]}")" "$cur"
            elif [[ "$cur" == -* ]]; then
                \(prefix)_reply "$(\(prefix)_options "$cmdpath")" "$cur"
            else
                \(prefix)_reply "$(\(prefix)_arg_values "$cmdpath" "$npos")" "$cur"
            fi
        }

        complete -F \(prefix) \(tool)

        """
    }

    var zshScript: String {
        """
        #compdef \(tool)
        # zsh completion for \(tool); put in $fpath as \(prefix), or: source <(\(tool) completion zsh)

        \(sharedFunctions)

        \(prefix)() {
            local cur="${words[CURRENT]}" cmdpath npos skip out c files=0 dirs=0
            local -a plain descs
            \(prefix)_walk "${(@)words[2,CURRENT-1]}"
            if ((skip)); then
                out="$(\(prefix)_option_values "$cmdpath" "${words[CURRENT-1]}")"
            elif [[ "$cur" == -* ]]; then
                out="$(\(prefix)_options "$cmdpath")"
            else
                out="$(\(prefix)_arg_values "$cmdpath" "$npos")"
            fi
            for c in "${(@f)out}"; do
                case "$c" in
                    @file) files=1 ;;
                    @dir) dirs=1 ;;
                    '') ;;
                    *$'\\t'*) plain+=("${c%%$'\\t'*}"); descs+=("${c%%$'\\t'*}  -- ${c#*$'\\t'}") ;;
                    *) plain+=("$c"); descs+=("$c") ;;
                esac
            done
            # compadd quotes what it inserts (a name with spaces stays one word); -d shows titles.
            ((${#plain})) && compadd -l -d descs -- "${plain[@]}"
            ((files)) && _files
            ((dirs)) && _files -/
            return 0
        }

        if [[ "${funcstack[1]}" == \(prefix) ]]; then
            \(prefix) "$@"
        else
            compdef \(prefix) \(tool)
        fi

        """
    }

    var fishScript: String {
        let f = "_" + prefix  // fish helpers conventionally start with two underscores
        var lines = [
            "# fish completion for \(tool); load with: \(tool) completion fish | source",
            "",
            fishPredicate("\(f)_takes_value", nodes.flatMap { node in
                node.scope.options.flatMap { Self.spellings(long: $0.long, short: $0.short) }
                    .map { node.path + "|" + $0 }
            }),
            fishPredicate("\(f)_is_subcommand", nodes.flatMap { node in
                node.scope.command.visibleSubcommands.map { node.path + "|" + $0.name }
            }),
            """
            # Prints "p:<command path>" and the number of arguments before the cursor.
            function \(f)_state
                set -l tokens (commandline -opc)
                set -e tokens[1]
                set -l cmdpath ''
                set -l npos 0
                set -l skip 0
                set -l endopts 0
                for w in $tokens
                    if test $skip -eq 1
                        set skip 0
                        continue
                    end
                    if test $endopts -eq 0; and test "$w" = '--'
                        set endopts 1
                        continue
                    end
                    if test $endopts -eq 0; and string match -q -- '-?*' $w
                        if not string match -q -- '*=*' $w; and \(f)_takes_value "$cmdpath" $w
                            set skip 1
                        end
                        continue
                    end
                    if test $endopts -eq 0 -a $npos -eq 0; and \(f)_is_subcommand "$cmdpath" $w
                        set cmdpath (string trim -- "$cmdpath $w")
                    else
                        set npos (math $npos + 1)
                    end
                end
                echo "p:$cmdpath"
                echo $npos
            end

            function \(f)_at --argument-names want
                set -l state (\(f)_state)
                test "$state[1]" = "p:$want"
            end

            # True at argument INDEX of command PATH; a third argument "+" means INDEX or later.
            function \(f)_arg --argument-names want index more
                set -l state (\(f)_state)
                test "$state[1]" = "p:$want"; or return 1
                if test "$more" = '+'
                    test $state[2] -ge $index
                else
                    test $state[2] -eq $index
                end
            end

            complete -c \(tool) -f
            """,
        ]
        for node in nodes {
            let scope = node.scope
            let at = Self.fishQuote("\(f)_at " + Self.fishQuote(node.path))
            let base = "complete -c \(tool) -n \(at)"
            for option in scope.options {
                lines.append(base + Self.fishNames(option.long, option.short)
                    + Self.fishValue(option.effectiveCompletion) + " -d " + Self.fishQuote(option.help))
            }
            for flag in scope.flags {
                lines.append(base + Self.fishNames(flag.long, flag.short) + " -d " + Self.fishQuote(flag.help))
            }
            lines.append(base + " -s h -l help -d 'Show help information.'")
            if scope.isRoot { lines.append(base + " -l version -d 'Show the version.'") }
            func atArg(_ index: Int, _ more: Bool) -> String {
                let call = "\(f)_arg \(Self.fishQuote(node.path)) \(index)" + (more ? " +" : "")
                return "complete -c \(tool) -n \(Self.fishQuote(call))"
            }
            for sub in scope.command.visibleSubcommands {
                lines.append(
                    atArg(0, false) + " -a " + Self.fishQuote(sub.name) + " -d " + Self.fishQuote(sub.abstract))
            }
            let args = scope.command.arguments
            for (offset, argument) in args.enumerated() {
                let more = argument.isRepeating && offset == args.count - 1
                if case .none = argument.effectiveCompletion { continue }
                let value = Self.fishValue(argument.effectiveCompletion, forOption: false)
                lines.append(atArg(offset, more) + value + " -d " + Self.fishQuote(argument.help))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func fishPredicate(_ name: String, _ keys: [String]) -> String {
        let patterns = keys.map(Self.fishQuote).joined(separator: " ")
        let arm = keys.isEmpty ? "" : "        case \(patterns)\n            return 0\n"
        return "function \(name)\n    switch \"$argv[1]|$argv[2]\"\n\(arm)    end\n    return 1\nend\n"
    }

    static func fishNames(_ long: String, _ short: Character?) -> String {
        (short.map { " -s \(fishQuote(String($0)))" } ?? "") + (long.isEmpty ? "" : " -l " + fishQuote(long))
    }

    /// The `complete` switches offering values of this kind; `-r` (takes a value) only
    /// makes sense on option rules.
    static func fishValue(_ kind: CompletionKind, forOption: Bool = true) -> String {
        switch kind {
        case .none: return forOption ? " -r" : ""
        case .file: return forOption ? " -r -F" : " -F"
        case .directory: return " -x -a '(__fish_complete_directories)'"
        case .list(let values): return " -x -a " + fishQuote(values.map(fishEscapeWord).joined(separator: " "))
        case .command(let command): return " -x -a " + fishQuote("(\(command))")
        }
    }

    /// Escapes a candidate for fish's word splitting of `-a` lists.
    static func fishEscapeWord(_ word: String) -> String {
        String(word.flatMap { " \\'\"$()*?;&|<>#~{}[]".contains($0) ? ["\\", $0] : [$0] })
    }

    /// A fish single-quoted string (only `\` and `'` are special inside).
    static func fishQuote(_ text: String) -> String {
        "'" + String(text.flatMap { $0 == "\\" || $0 == "'" ? ["\\", $0] : [$0] }) + "'"
    }
}
