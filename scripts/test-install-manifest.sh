#!/usr/bin/env bash
# Fast test of scripts/install.sh's manifest handling (a second or two; no build): installs a
# stub teamflow (TEAMFLOW_INSTALL_BINARY) into scratch prefixes, tampers with the manifest and
# the prefix the way anyone who can write to the prefix could, and checks that --uninstall
# removes only regular files inside the prefix whose checksum still matches, never follows a
# symlink, removes the folders it created (the prefix too) once empty, that the PATH, bash and
# zsh hints paste back safely, and which shells get a hint for which prefix (--hints). scripts/test-install.sh runs it first, and so does CI (.ci/run).
#
#   scripts/test-install-manifest.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
fail() { echo "test-install-manifest: FAIL: $*" >&2; exit 1; }
step() { echo "test-install-manifest: $*"; }

# The stub answers exactly what install.sh asks of the binary.
stub=$tmp/stub-teamflow
cat > "$stub" << 'EOF'
#!/bin/sh
case "$1" in
  __man) mkdir -p "$3" && echo '.TH TEAMFLOW 1' > "$3/teamflow.1" && echo '.TH TEAMFLOW-TASK 1' > "$3/teamflow-task.1" ;;
  completion) echo "# $2 completion for teamflow" ;;
  --version) echo "teamflow 0.0.0 (stub)" ;;
  *) exit 64 ;;
esac
EOF
chmod 755 "$stub"

install_into() { # PREFIX [LOG]: installs the stub, failing the test when install.sh fails
  TEAMFLOW_INSTALL_BINARY=$stub PATH=/usr/bin:/bin "$repo/scripts/install.sh" --prefix "$1" > "${2:-$tmp/install.log}" 2>&1 \
    || { cat "${2:-$tmp/install.log}" >&2; fail "install.sh --prefix $1"; }
}
uninstall() { # PREFIX LOG: runs --uninstall, its exit status in $status
  status=0
  "$repo/scripts/install.sh" --prefix "$1" --uninstall > "$2" 2>&1 || status=$?
}
sum() { local s; s=$(sha256sum < "$1"); echo "${s%% *}"; }
installed_files="bin/teamflow share/man/man1/teamflow.1 share/man/man1/teamflow-task.1
  share/bash-completion/completions/teamflow share/zsh/site-functions/_teamflow
  share/fish/vendor_completions.d/teamflow.fish"

step "a normal install records a checksum per file; uninstall removes everything and the prefix it created"
prefix=$tmp/fresh/prefix
install_into "$prefix"
manifest=$prefix/share/teamflow/install-manifest
for f in $installed_files; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
  grep -qxF "f $(sum "$prefix/$f") $f" "$manifest" || fail "no checksum line for $f: $(cat "$manifest")"
done
grep -qx 'd \.' "$manifest" || fail "the manifest does not say the install created the prefix"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 0 ] || { cat "$tmp/u.log"; fail "uninstall exited $status"; }
[ ! -e "$prefix" ] || fail "the prefix is left: $(find "$prefix")"
[ -d "$tmp/fresh" ] || fail "the folder above the prefix was removed"

step "a prefix holding other files keeps them; only the folders the install created go"
prefix=$tmp/shared
mkdir -p "$prefix/bin" "$prefix/share/man/man1"
echo other > "$prefix/bin/other-tool"
install_into "$prefix"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 0 ] || { cat "$tmp/u.log"; fail "uninstall exited $status"; }
[ "$(cd "$prefix" && find . | sort | tr '\n' ' ')" = ". ./bin ./bin/other-tool ./share ./share/man ./share/man/man1 " ] \
  || fail "the prefix is not as before: $(cd "$prefix" && find . | sort)"

# A victim outside the prefix, and one entry of each hostile kind pointing at it.
victim=$tmp/victim
mkdir -p "$victim/empty"
echo keep > "$victim/keep"
keep_sum=$(sum "$victim/keep")

step "manifest entries '../victim/keep' and an absolute path are refused, with or without a matching checksum"
prefix=$tmp/p1
install_into "$prefix"
manifest=$prefix/share/teamflow/install-manifest
{
  echo "f ../victim/keep"
  echo "f $keep_sum ../victim/keep"
  echo "f $keep_sum bin/../../victim/keep"
  echo "f $victim/keep"
  echo "f $keep_sum $victim/keep"
  echo "d ../victim/empty"
  echo "d $victim/empty"
} >> "$manifest"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 1 ] || { cat "$tmp/u.log"; fail "uninstall of a tampered manifest exited $status, not 1"; }
[ -f "$victim/keep" ] && [ -d "$victim/empty" ] || fail "a file or folder outside the prefix was removed"
grep -q "refused ../victim/keep: a '..' component" "$tmp/u.log" || fail "no refusal of ../victim/keep: $(cat "$tmp/u.log")"
grep -q "refused $victim/keep: an absolute path" "$tmp/u.log" || fail "no refusal of the absolute path: $(cat "$tmp/u.log")"
[ ! -e "$prefix/bin/teamflow" ] || fail "the genuine entries were not removed"
[ -f "$manifest" ] || fail "the tampered manifest was removed (it is kept for inspection)"

step "a symlink inside the prefix pointing out is never followed"
prefix=$tmp/p2
install_into "$prefix"
fish_dir=share/fish/vendor_completions.d
mkdir -p "$victim/fish"
cp "$prefix/$fish_dir/teamflow.fish" "$victim/fish/teamflow.fish" # same content: the checksum matches
rm -r -- "${prefix:?}/$fish_dir"
ln -s "$victim/fish" "$prefix/$fish_dir"
rm -- "$prefix/bin/teamflow"
ln -s "$victim/keep" "$prefix/bin/teamflow"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 1 ] || { cat "$tmp/u.log"; fail "uninstall through symlinks exited $status, not 1"; }
[ -f "$victim/fish/teamflow.fish" ] || fail "a file behind a symlinked folder was removed"
[ -f "$victim/keep" ] && [ -L "$prefix/bin/teamflow" ] || fail "a symlinked file (or its target) was removed"
grep -q "refused $fish_dir/teamflow.fish: $fish_dir is a symlink" "$tmp/u.log" || fail "no symlink refusal: $(cat "$tmp/u.log")"
grep -q "refused bin/teamflow: bin/teamflow is a symlink" "$tmp/u.log" || fail "no refusal of the symlinked file: $(cat "$tmp/u.log")"
[ ! -e "$prefix/share/man/man1/teamflow.1" ] || fail "the genuine files were not removed"

step "a manifest reached through a symlink is not read at all"
prefix=$tmp/p2b
install_into "$prefix"
mkdir -p "$victim/elsewhere"
mv "$prefix/share/teamflow/install-manifest" "$victim/elsewhere/"
rmdir "$prefix/share/teamflow"
ln -s "$victim/elsewhere" "$prefix/share/teamflow"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 1 ] || { cat "$tmp/u.log"; fail "uninstall through a symlinked manifest exited $status, not 1"; }
[ -f "$prefix/bin/teamflow" ] && [ -f "$victim/elsewhere/install-manifest" ] || fail "something was removed"
grep -q "refusing to read .*share/teamflow is a symlink" "$tmp/u.log" || fail "not said: $(cat "$tmp/u.log")"

step "a file changed after the install is kept and reported; everything else goes"
prefix=$tmp/p3
install_into "$prefix"
echo "# my own completion tweak" >> "$prefix/share/bash-completion/completions/teamflow"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 0 ] || { cat "$tmp/u.log"; fail "uninstall with a changed file exited $status"; }
[ -f "$prefix/share/bash-completion/completions/teamflow" ] || fail "the changed file was removed"
grep -q "kept share/bash-completion/completions/teamflow: changed since it was installed" "$tmp/u.log" \
  || fail "the changed file is not reported: $(cat "$tmp/u.log")"
[ "$(cd "$prefix" && find . -type f)" = ./share/bash-completion/completions/teamflow ] \
  || fail "more than the changed file is left: $(cd "$prefix" && find . -type f)"

step "a manifest written before checksums: its files are left, and the way out is said"
prefix=$tmp/p4
install_into "$prefix"
manifest=$prefix/share/teamflow/install-manifest
grep -v '^#' "$manifest" | sed -E 's/^f [0-9a-f]{64} /f /' > "$tmp/old-manifest"
cp "$tmp/old-manifest" "$manifest"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 0 ] || { cat "$tmp/u.log"; fail "uninstall of an old manifest exited $status"; }
[ -f "$prefix/bin/teamflow" ] || fail "a file listed without a checksum was removed"
grep -q "kept bin/teamflow: listed without a checksum" "$tmp/u.log" || fail "not reported: $(cat "$tmp/u.log")"
grep -q "install this version again, then uninstall" "$tmp/u.log" || fail "no way out given: $(cat "$tmp/u.log")"
mkdir -p "$(dirname "$manifest")" && cp "$tmp/old-manifest" "$manifest"
install_into "$prefix"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 0 ] && [ ! -e "$prefix" ] || fail "install again, then uninstall, did not remove everything: $(cat "$tmp/u.log")"

step "installing again over a tampered manifest removes nothing outside the prefix"
prefix=$tmp/p5
install_into "$prefix"
echo "f $keep_sum ../victim/keep" >> "$prefix/share/teamflow/install-manifest"
install_into "$prefix" "$tmp/i.log"
[ -f "$victim/keep" ] || fail "a reinstall removed ../victim/keep"
grep -q "refused ../victim/keep" "$tmp/i.log" || fail "the reinstall did not report the entry: $(cat "$tmp/i.log")"
grep -q "victim" "$prefix/share/teamflow/install-manifest" && fail "the refused entry was carried into the new manifest"

step "the PATH, bash and zsh hints paste back as the prefix, running nothing"
marker=$tmp/pwned
prefix="$tmp/odd \$(touch $marker) 'q' \`touch $marker\`"
install_into "$prefix" "$tmp/i.log"
[ ! -e "$marker" ] || fail "installing ran the prefix's \$(...)"
line=$(grep -A1 "is NOT on your PATH" "$tmp/i.log" | tail -n 1)
[ -n "$line" ] || fail "no PATH line: $(cat "$tmp/i.log")"
got=$(env -i PATH=/usr/bin:/bin bash --norc --noprofile -c "$line"' && printf %s "$PATH"')
[ ! -e "$marker" ] || fail "pasting the PATH line ran the prefix's \$(...): $line"
[ "$got" = "$prefix/bin:/usr/bin:/bin" ] || fail "the PATH line gives '$got': $line"
zline=$(grep -A1 "^zsh:" "$tmp/i.log" | tail -n 1)
got=$(env -i bash --norc --noprofile -c "fpath=(/x); $zline"' && printf %s "${fpath[0]}"')
[ ! -e "$marker" ] && [ "$got" = "$prefix/share/zsh/site-functions" ] || fail "the zsh line gives '$got': $zline"
bline=$(grep -A1 "^bash:" "$tmp/i.log" | tail -n 1)
got=$(env -i bash --norc --noprofile -c 'source() { printf %s "$1"; }; '"$bline")
[ ! -e "$marker" ] && [ "$got" = "$prefix/share/bash-completion/completions/teamflow" ] || fail "the bash line gives '$got': $bline"
uninstall "$prefix" "$tmp/u.log"
[ "$status" = 0 ] && [ ! -e "$prefix" ] || fail "uninstall of the odd prefix: $(cat "$tmp/u.log")"

step "--hints: a source line for bash only where bash-completion does not look, and fish's for /usr/local"
hints() { # PREFIX [VAR=VALUE...]: what --hints prints for PREFIX, with HOME=$tmp/home and no XDG_*
  local p=$1
  shift
  env -u XDG_DATA_HOME -u XDG_DATA_DIRS -u BASH_COMPLETION_USER_DIR HOME="$tmp/home" PATH=/usr/bin:/bin "$@" \
    "$repo/scripts/install.sh" --prefix "$p" --hints
}
out=$(hints "$tmp/custom")
echo "$out" | grep -qx "  source $tmp/custom/share/bash-completion/completions/teamflow" || fail "no bash source line: $out"
[ ! -e "$tmp/custom" ] || fail "--hints created the prefix"
out=$(hints "$tmp/home/.local")
echo "$out" | grep -q '^bash:' && fail "bash-completion finds ~/.local/share by itself: $out"
out=$(hints "$tmp/xdg" XDG_DATA_HOME="$tmp/xdg/share")
echo "$out" | grep -q '^bash:' && fail "bash-completion finds XDG_DATA_HOME by itself: $out"
out=$(hints "$tmp/mine" BASH_COMPLETION_USER_DIR="$tmp/mine/share/bash-completion")
echo "$out" | grep -q '^bash:' && fail "bash-completion finds BASH_COMPLETION_USER_DIR by itself: $out"
out=$(hints /usr/local)
echo "$out" | grep -q '^bash:\|^zsh:' && fail "bash and zsh look under /usr/local by themselves: $out"
[ "$(echo "$out" | grep -A1 '^fish:' | tail -n 1)" = "  source '/usr/local/share/fish/vendor_completions.d/teamflow.fish'" ] \
  || fail "no fish line for /usr/local: $out"
echo "$out" | grep -q '/etc/fish/completions' || fail "the fish hint does not name /etc/fish/completions: $out"
out=$(hints /usr)
echo "$out" | grep -q '^bash:\|^zsh:\|^fish:' && fail "every shell looks under /usr: $out"

step "all checks passed"
