#!/usr/bin/env bash
# End-to-end test of scripts/install.sh and scripts/package-deb.sh, as a newcomer would use them:
#   0. scripts/test-install-manifest.sh (the clone's): uninstall against a tampered manifest and
#      prefix, with a stub binary, in a second or two;
#   1. clone the repository (committed HEAD) into a scratch folder; one release build serves all;
#      a `git archive` of it names its commit through ARCHIVE_COMMIT (no .git needed);
#   2. install.sh --prefix into a prefix that already holds files; the installed binary reports
#      the clone's commit and runs a short scenario; bash completion loaded from the installed
#      file completes subcommands (compgen in a bash subprocess); every installed man page
#      renders without warnings (groff -ww, and man --warnings when man is installed);
#   3. installing again changes nothing; --uninstall leaves the prefix exactly as it was;
#   4. package-deb.sh: the .deb's file list and control fields, lintian when installed, and the
#      binary unpacked with dpkg-deb -x runs the scenario.
#
#   scripts/test-install.sh [--here]   --here: use this checkout (and its .build) instead of a clone
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
here=no
[ "${1:-}" = --here ] && here=yes

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
step() { echo "test-install: $*"; }
started=$SECONDS

if [ "$here" = yes ]; then
  src=$repo
else
  step "cloning $(git -c safe.directory='*' -C "$repo" rev-parse --short HEAD) into a scratch folder"
  git -c safe.directory='*' clone -q --no-local "$repo" "$tmp/src"
  src=$tmp/src
fi
step "the manifest attacks (scripts/test-install-manifest.sh)"
"$src/scripts/test-install-manifest.sh" > "$tmp/manifest-test.log" 2>&1 || { cat "$tmp/manifest-test.log"; fail "test-install-manifest.sh"; }

# safe.directory: a checkout owned by another user (CI containers) is read, not refused.
commit=$(git -c safe.directory='*' -C "$src" log -1 --format='%h')
date=$(git -c safe.directory='*' -C "$src" log -1 --format='%cs')

step "a source tarball names its commit (ARCHIVE_COMMIT, export-subst)"
mkdir "$tmp/tarball"
git -c safe.directory='*' -C "$src" archive HEAD | tar -x -C "$tmp/tarball"
sh "$tmp/tarball/scripts/build-info.sh" "$tmp/tarball" "$tmp/tarball-info.swift"
grep -q "commit = \"$commit\"" "$tmp/tarball-info.swift" && grep -q "date = \"$date\"" "$tmp/tarball-info.swift" \
  || fail "build-info.sh in a tarball: $(cat "$tmp/tarball-info.swift")"

# A prefix that is not empty, so uninstall must tell its own files from the others.
prefix=$tmp/prefix
mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/zsh"
echo other > "$prefix/bin/other-tool"
echo other > "$prefix/share/man/man1/other-tool.1"
snapshot() { (cd "$prefix" && find . -printf '%y %m %p\n' | sort && find . -type f -exec sha256sum {} + | sort); }
before=$(snapshot)

step "install.sh --prefix (release build)"
"$src/scripts/install.sh" --prefix "$prefix" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "install.sh"; }
grep -q "is NOT on your PATH" "$tmp/install.log" || fail "install.sh did not say that the prefix's bin is off the PATH"
grep -q "^f [0-9a-f]\{64\} bin/teamflow$" "$prefix/share/teamflow/install-manifest" || fail "the manifest has no checksum for bin/teamflow"
installed=$prefix/bin/teamflow
version_line=$("$installed" --version)
[[ $version_line =~ ^teamflow\ [0-9]+\.[0-9]+\.[0-9]+\ \($commit,\ $date\)$ ]] \
  || fail "--version says '$version_line', expected the clone's commit ($commit, $date)"
version=$(echo "$version_line" | awk '{ print $2 }')
"$installed" --version --json | grep -q "\"commit\": \"$commit\"" || fail "--version --json lacks the commit"
if ldd "$installed" | grep -q libswiftCore; then fail "the installed binary links the Swift runtime dynamically"; fi
# `serve` loads libmicrohttpd itself (the scenario starts it): no other command may load it and its TLS libraries.
if ldd "$installed" | grep -Eq 'libmicrohttpd|libgnutls'; then fail "the installed binary links libmicrohttpd: $(ldd "$installed")"; fi
# libgit2, libyaml and cmark-gfm are linked statically, and libgit2's transports' libraries not at all.
if ldd "$installed" | grep -Eq 'libgit2|libssh2|libcrypto|libgssapi|libkrb5|libmbed|libyaml|libcmark'; then
  fail "the installed binary loads a library linked statically or left out: $(ldd "$installed")"
fi

# A short scenario with a binary; $1 the binary, $2 a scratch folder.
scenario() {
  local bin=$1 dir=$2
  mkdir -p "$dir" && git -C "$dir" init -q
  export TEAMFLOW_NOW=2024-11-19T10:00:00+09:00 TZ=Asia/Seoul NO_COLOR=1 TEAMFLOW_AUTHOR="Tester <t@example.com>"
  (
    cd "$dir"
    "$bin" init --team BeStory > /dev/null
    "$bin" goal add "배포 꼭 하기" > /dev/null
    "$bin" member add 건우 --handle geonwoo > /dev/null
    task=$("$bin" --json task add "DI" --member geonwoo | sed -n 's/.*"id": "\([0-9a-f]*\)".*/\1/p' | head -n 1)
    [ -n "$task" ] || fail "task add printed no id"
    "$bin" task check "${task:0:6}" > /dev/null
    "$bin" week > week.txt
    grep -q "배포 꼭 하기" week.txt && grep -q "DI" week.txt || { cat week.txt; fail "$bin: week lacks the goal or the task"; }
    "$bin" doctor > /dev/null || fail "$bin: doctor"
    [ "$(git rev-list --count refs/teamflow/events)" = 5 ] || fail "$bin: expected 5 events"
    # The board: libmicrohttpd is loaded when it starts; SIGTERM stops it with status 0.
    "$bin" serve --port 0 --no-open > serve.out 2> serve.err &
    local serving=$!
    for _ in $(seq 200); do grep -q '^Serving ' serve.out && break; sleep 0.1; done
    kill -TERM "$serving"
    wait "$serving" || { cat serve.err; fail "$bin: serve did not stop with status 0"; }
    grep -q '^Serving BeStory at http://127.0.0.1:' serve.out || { cat serve.out serve.err; fail "$bin: serve printed no URL"; }
  )
}
step "scenario with the installed binary"
scenario "$installed" "$tmp/team1"

step "bash completion from the installed file"
completions=$(PATH="$prefix/bin:$PATH" bash --norc --noprofile -c '
  source "$1"
  fn=$(complete -p teamflow | awk "{ print \$(NF-1) }")
  complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); "$fn" teamflow; printf "%s\n" "${COMPREPLY[@]}"; }
  complete_words teamflow go; echo --; complete_words teamflow task ch; echo --; complete_words teamflow goal add x --w
  echo --; cd "$2" && TEAMFLOW_NOW=2024-11-19T10:00:00+09:00 TZ=Asia/Seoul complete_words teamflow task uncheck ""
' _ "$prefix/share/bash-completion/completions/teamflow" "$tmp/team1")
[ "$(echo "$completions" | sed -n 1p)" = goal ] || fail "bash completion of 'teamflow go': $completions"
echo "$completions" | sed -n '/^--$/,$p' | grep -qx check || fail "bash completion of 'teamflow task ch': $completions"
echo "$completions" | grep -qx -- --week || fail "bash completion of 'goal add x --w': $completions"
# The scenario's one done task, alone: its id to insert (several would show "id  -- title").
[[ "$(echo "$completions" | tail -n 1)" =~ ^[0-9a-f]{8}$ ]] || fail "bash completion of 'task uncheck': $completions"
for f in share/zsh/site-functions/_teamflow share/fish/vendor_completions.d/teamflow.fish; do
  [ -s "$prefix/$f" ] || fail "missing $f"
done
head -n 1 "$prefix/share/zsh/site-functions/_teamflow" | grep -q '^#compdef teamflow' || fail "_teamflow is not a zsh completion function"

step "man pages render without warnings"
pages=$(ls "$prefix/share/man/man1" | grep '^teamflow' | sort)
[ "$(echo "$pages" | wc -l)" -gt 15 ] || fail "only $(echo "$pages" | wc -l) man pages"
expected_pages=$( (echo teamflow.1; "$installed" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ && $1 != "help" { print "teamflow-" $1 ".1" }') | sort)
[ "$pages" = "$expected_pages" ] || fail "man pages differ from the commands: $pages"
for page in $pages; do
  warnings=$(groff -ww -man -Tutf8 -z "$prefix/share/man/man1/$page" 2>&1)
  [ -z "$warnings" ] || fail "$page: $warnings"
done
if command -v man > /dev/null; then
  for page in teamflow teamflow-task; do
    warnings=$(MANPATH="$prefix/share/man" MANWIDTH=80 man --warnings "$page" 2>&1 > "$tmp/$page.txt")
    [ -z "$warnings" ] || fail "man $page: $warnings"
  done
  grep -q "teamflow task add" "$tmp/teamflow-task.txt" || fail "man teamflow-task lacks 'teamflow task add'"
fi

step "install again changes nothing"
after_first=$(snapshot)
"$src/scripts/install.sh" --prefix "$prefix" --no-deps > "$tmp/install2.log" 2>&1 || { cat "$tmp/install2.log"; fail "second install.sh"; }
[ "$(snapshot)" = "$after_first" ] || fail "a second install changed the prefix"

step "--uninstall leaves the prefix as it was"
"$src/scripts/install.sh" --prefix "$prefix" --uninstall > /dev/null
if [ "$(snapshot)" != "$before" ]; then
  diff <(echo "$before") <(snapshot) >&2 || true
  fail "uninstall did not restore the prefix"
fi

step "package-deb.sh"
deb=$(TEAMFLOW_DEB_COMPRESSION=gzip "$src/scripts/package-deb.sh" --out "$tmp/dist" 2> "$tmp/deb.log" | tail -n 1) || { cat "$tmp/deb.log"; fail "package-deb.sh"; }
arch=$(dpkg --print-architecture)
[ "$deb" = "$tmp/dist/teamflow_${version}_${arch}.deb" ] && [ -f "$deb" ] || fail "unexpected package path '$deb'"
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = teamflow ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture: $(field Architecture)"
depends=$(field Depends)
for dep in 'libc6( \(>= [^)]*\))?' 'libmicrohttpd12(t64)?( \(>= [^)]*\))?' 'git'; do
  echo ", $depends," | grep -Eq ", $dep," || fail "Depends lacks $dep: $depends"
done
if echo "$depends" | grep -Eq 'libgit2|libyaml|cmark|libssh2'; then fail "Depends names a library linked statically: $depends"; fi
static_built_using=$(field Static-Built-Using)
for source in libgit2 libyaml cmark-gfm zlib pcre2 http-parser mbedtls; do
  echo ", $static_built_using," | grep -Eq ", $source \(= [^)]+\)," || fail "Static-Built-Using lacks $source: $static_built_using"
done
if echo "$depends" | grep -Eq -- '-dev|swift'; then fail "Depends names a -dev or Swift package: $depends"; fi
contents=$(dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ { print $6 }' | sort)
expected=$( (
  echo ./usr/bin/teamflow
  echo ./usr/share/bash-completion/completions/teamflow
  echo ./usr/share/doc/teamflow/changelog.gz
  echo ./usr/share/doc/teamflow/copyright
  echo ./usr/share/fish/vendor_completions.d/teamflow.fish
  echo ./usr/share/lintian/overrides/teamflow
  echo ./usr/share/zsh/vendor-completions/_teamflow
  for page in $pages; do echo "./usr/share/man/man1/$page.gz"; done
) | sort)
[ "$contents" = "$expected" ] || { diff <(echo "$expected") <(echo "$contents") >&2 || true; fail "the package's files differ"; }
dpkg-deb --contents "$deb" | awk '{ print $2 }' | grep -qv '^root/root$' && fail "files not owned by root/root"
if command -v lintian > /dev/null; then
  step "lintian"
  lintian --fail-on error,warning "$deb" 2> /dev/null || fail "lintian: $(lintian "$deb" 2>&1)"
else
  step "lintian not installed: skipped"
fi

step "the binary unpacked from the package"
dpkg-deb -x "$deb" "$tmp/unpacked"
# A binary with packed relocations (DT_RELR) starts only with glibc 2.36 or later.
if LC_ALL=C grep -aq GLIBC_ABI_DT_RELR "$tmp/unpacked/usr/bin/teamflow"; then
  libc=$(echo "$depends" | tr ',' '\n' | sed -n 's/^ *libc6 (>= \([^)]*\)).*/\1/p')
  [ -n "$libc" ] && dpkg --compare-versions "$libc" ge 2.36 || fail "the binary needs GLIBC_ABI_DT_RELR but Depends says: $depends"
fi
grep -qx 'License: MIT' "$tmp/unpacked/usr/share/doc/teamflow/copyright" || fail "the package's copyright does not say License: MIT"
[ "$("$tmp/unpacked/usr/bin/teamflow" --version)" = "$version_line" ] || fail "the packaged binary's --version differs"
scenario "$tmp/unpacked/usr/bin/teamflow" "$tmp/team2"
zcat "$tmp/unpacked/usr/share/man/man1/teamflow-goal.1.gz" | groff -ww -man -Tutf8 -z || fail "packaged teamflow-goal.1"

step "all checks passed ($((SECONDS - started)) s)"
