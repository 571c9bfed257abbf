#!/usr/bin/env bash
# test-example.sh: builds Examples/LibraryClient, a package of its own that depends on this one by
# path through the TeamflowKit product, runs it against a fresh git repository with a fixed clock
# and a git identity, and checks what it prints and what it wrote. Exits 1 on any difference.
# Needs only what ./scripts/bootstrap.sh installs; the first run builds the library (a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
example=Examples/LibraryClient
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-example.sh: $*" >&2; exit 1; }
step() { echo "test-example.sh: $*"; }

step "building $example"
swift build --package-path "$example" > "$tmp/build.log" 2>&1 || { tail -n 40 "$tmp/build.log" >&2; fail "the example does not build"; }
bin=$(swift build --package-path "$example" --show-bin-path)/LibraryClient
[ -x "$bin" ] || fail "no binary at $bin"

# The client reads the environment as teamflow does: a fixed clock and zone, no TEAMFLOW_AUTHOR,
# so the repository's git identity writes; no system or global git config gets in the way.
run() {
  env -u TEAMFLOW_AUTHOR TEAMFLOW_NOW=2024-11-20T09:00:00+09:00 TZ=Asia/Seoul \
    HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 "$bin" "$@"
}
mkdir -p "$tmp/home"
git init -q "$tmp/team"
git -C "$tmp/team" config user.name "Example Client"
git -C "$tmp/team" config user.email "client@example.com"

step "running it against a fresh repository"
out=$(run "$tmp/team") || fail "the client failed on a fresh repository"
expected='Week 2024-W47 (2024-11-18 – 2024-11-24)
Goals 0/1
  [ ] Ship the library
Unassigned 1/1
  [x] Write the example client'
if [ "$out" != "$expected" ]; then
  diff <(echo "$expected") <(echo "$out") >&2 || true
  fail "the week it printed differs from the expected board"
fi

# Three writes, three commits on the events ref, all by the git identity; the branch is untouched.
[ "$(git -C "$tmp/team" rev-list --count refs/teamflow/events)" = 3 ] || fail "expected 3 commits on refs/teamflow/events"
[ "$(git -C "$tmp/team" log --format='%an <%ae>' refs/teamflow/events | sort -u)" = "Example Client <client@example.com>" ] \
  || fail "the events are not authored by the repository's git identity"
git -C "$tmp/team" rev-parse -q --verify HEAD > /dev/null && fail "the client made a commit on the checked-out branch"

step "a second run adds to the same week"
out=$(run "$tmp/team") || fail "the second run failed"
echo "$out" | grep -qx 'Goals 0/2' || fail "the second run does not see both goals: $out"
echo "$out" | grep -qx 'Unassigned 2/2' || fail "the second run does not see both tasks: $out"

step "a folder outside any repository"
mkdir "$tmp/plain"
if run "$tmp/plain" > /dev/null 2> "$tmp/err"; then fail "the client succeeded outside a repository"; fi
grep -q '^error: not a git repository' "$tmp/err" || fail "unexpected error: $(cat "$tmp/err")"
if grep -q -- '-C DIR' "$tmp/err"; then fail "a library error names the command line's -C DIR: $(cat "$tmp/err")"; fi

step "all checks passed"
