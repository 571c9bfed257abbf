#!/usr/bin/env bash
# Builds teamflow's fast release binary (Swift runtime linked statically) and installs it with
# its manual pages and shell completions.
#
#   scripts/install.sh [--prefix DIR] [--no-deps]   install (again: replaces the files, harmless)
#   scripts/install.sh [--prefix DIR] --uninstall   remove exactly what an install put there
#   scripts/install.sh [--prefix DIR] --hints       print again the lines to add to your shell's
#                                                   start-up files for DIR; installs nothing
#
#   TEAMFLOW_INSTALL_BINARY=FILE   install FILE (an already built teamflow) as is: no
#                                  dependencies, no build, no strip (packagers; the fast tests)
#
# The default prefix is /usr/local as root, ~/.local otherwise. Every file (with its sha256)
# and every folder the install created is listed in PREFIX/share/teamflow/install-manifest,
# which --uninstall reads, so it leaves the prefix as the first install found it. The manifest
# is not trusted: it may have been edited by anyone who can write to the prefix, so only plain
# relative paths inside the prefix, reached through no symlink, are acted on, and a file is
# removed only while it is a regular file with the checksum it was installed with. See
# docs/INSTALL.md.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/install.sh [--prefix DIR] [--uninstall | --hints] [--no-deps]" >&2
  exit "${1:-64}"
}
prefix= uninstall=no deps=yes hints_only=no
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --uninstall) uninstall=yes; shift ;;
    --hints) hints_only=yes; shift ;;
    --no-deps) deps=no; shift ;;
    -h | --help) usage 0 ;;
    *) echo "install.sh: unknown option '$1'" >&2; usage ;;
  esac
done
if [ -z "$prefix" ]; then
  if [ "$(id -u)" = 0 ]; then prefix=/usr/local; else prefix=$HOME/.local; fi
fi
prefix=$(realpath -m -- "$prefix")
manifest_rel=share/teamflow/install-manifest
manifest=$prefix/$manifest_rel
manifest_header="# teamflow install-manifest 2: d FOLDER | f SHA256 FILE, relative to the prefix"

# --- What to add to the shells' start-up files ------------------------------------------------
# Shell words that paste back as exactly these paths, whatever the prefix holds ($(...),
# quotes, spaces): bash/zsh quoting by printf %q, fish's single quotes with \\ and \'.
sh_quote() { printf '%q' "$1"; }
fish_quote() { local s=${1//\\/\\\\}; s=${s//\'/\\\'}; printf "'%s'" "$s"; }

# Succeeds when FOLDER is one of the folders that follow it (compared as real paths).
one_of() {
  local folder want=$1 dir
  folder=$(realpath -m -- "$want")
  shift
  for dir in "$@"; do
    [ -n "$dir" ] && [ "$(realpath -m -- "$dir")" = "$folder" ] && return 0
  done
  return 1
}

# Prints whether PREFIX/bin is on the PATH, and the line each shell needs to find the
# completions when it does not look under PREFIX by itself.
print_hints() {
  local data=$prefix/share
  case ":$PATH:" in
    *":$prefix/bin:"*) echo "$prefix/bin is on your PATH: run 'teamflow --help'." ;;
    *)
      echo "$prefix/bin is NOT on your PATH: add this line to your shell's profile:"
      printf '  export PATH=%s:"$PATH"\n' "$(sh_quote "$prefix/bin")" ;;
  esac
  # bash-completion loads a command's completion on first use from its user folder
  # (BASH_COMPLETION_USER_DIR, else XDG_DATA_HOME/bash-completion, else ~/.local/share/...) and
  # from XDG_DATA_DIRS (by default /usr/local/share and /usr/share); 2.12 and later also from
  # PREFIX/share for a PREFIX/bin on the PATH, which older ones (Debian 12's 2.11) do not.
  if ! one_of "$data/bash-completion" "${BASH_COMPLETION_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/bash-completion}" \
    && ! one_of "$data" /usr/local/share /usr/share; then
    echo "bash: bash-completion (before 2.12, as in Debian 12) does not look in $data/bash-completion/completions; add this line to ~/.bashrc:"
    printf '  source %s\n' "$(sh_quote "$data/bash-completion/completions/teamflow")"
  fi
  case $prefix in
    /usr | /usr/local) ;;
    *)
      echo "zsh: add this line before compinit:"
      printf '  fpath=(%s $fpath)\n' "$(sh_quote "$data/zsh/site-functions")" ;;
  esac
  # fish reads the vendor_completions.d of its own data folder (/usr/share/fish as the
  # distributions build it), of XDG_DATA_DIRS when a session sets it, and /etc/fish/completions:
  # /usr/local/share/fish/vendor_completions.d only where fish itself lives under /usr/local.
  case $prefix in
    /usr) ;;
    /usr/local)
      echo "fish: Debian's fish (as most distributions build it) does not read $data/fish/vendor_completions.d; put this line in ~/.config/fish/completions/teamflow.fish (or, for everyone, in /etc/fish/completions/teamflow.fish):"
      printf '  source %s\n' "$(fish_quote "$data/fish/vendor_completions.d/teamflow.fish")" ;;
    *)
      echo "fish: put this line in ~/.config/fish/completions/teamflow.fish:"
      printf '  source %s\n' "$(fish_quote "$data/fish/vendor_completions.d/teamflow.fish")" ;;
  esac
}

if [ "$hints_only" = yes ]; then
  [ "$uninstall" = no ] || usage
  print_hints
  exit 0
fi

# --- The manifest, read as untrusted input --------------------------------------------------
# Format 2 (this script): the header, then "d REL" for each folder the install created ("d ."
# when it created the prefix itself) and "f SHA256 REL" for each file it wrote. Format 1 (before
# checksums): "d REL" and "f REL". Anything that is not a plain relative path is refused.

# Prints why REL is not a plain relative path (empty, absolute, an empty, "." or ".."
# component) and fails; succeeds silently otherwise.
bad_path() {
  local rel=$1 rest part
  case $rel in
    '') echo "an empty path"; return 0 ;;
    /*) echo "an absolute path"; return 0 ;;
  esac
  rest=$rel
  while :; do
    part=${rest%%/*}
    case $part in
      '') echo "an empty path component"; return 0 ;;
      . | ..) echo "a '$part' component"; return 0 ;;
    esac
    [ "$rest" = "$part" ] && break
    rest=${rest#*/}
  done
  return 1
}

# Prints the first symlink on the way from the prefix to REL (REL itself included) and
# succeeds; fails when there is none. Checked right before each removal.
symlink_on_path() {
  local rel=$1 path=$prefix rest part
  rest=$rel
  while :; do
    part=${rest%%/*}
    path=$path/$part
    if [ -L "$path" ]; then echo "${path#"$prefix"/}"; return 0; fi
    [ "$rest" = "$part" ] && break
    rest=${rest#*/}
  done
  return 1
}

refused=() # "REL: why", for every entry not acted on because it is not safe
refuse() { refused+=("$1: $2"); }

old_dirs=() old_files=() old_sums=() old_format=2
read_manifest() {
  [ -e "$manifest" ] || [ -L "$manifest" ] || return 0
  local link line rel sum why
  if link=$(symlink_on_path "$manifest_rel"); then
    if [ "$uninstall" = yes ]; then
      echo "install.sh: refusing to read $manifest: $link is a symlink; nothing was removed" >&2
      exit 1
    fi
    echo "install.sh: not reading $manifest ($link is a symlink): files an earlier install wrote and this one does not are left" >&2
    return 0
  fi
  [ -f "$manifest" ] || { echo "install.sh: $manifest is not a regular file" >&2; exit 1; }
  [ "$(head -n 1 -- "$manifest")" = "$manifest_header" ] || old_format=1
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in
      '' | '#'*) ;;
      'd .') old_dirs+=(.) ;;
      'd '*)
        rel=${line#d }
        if why=$(bad_path "$rel"); then refuse "$rel" "$why"; else old_dirs+=("$rel"); fi ;;
      'f '*)
        rel=${line#f } sum=
        if [[ $rel =~ ^([0-9a-f]{64})\ (.*)$ ]]; then sum=${BASH_REMATCH[1]} rel=${BASH_REMATCH[2]}; fi
        if why=$(bad_path "$rel"); then refuse "$rel" "$why"; else old_files+=("$rel") old_sums+=("$sum"); fi ;;
      *) refuse "$line" "not a manifest entry" ;;
    esac
  done < "$manifest"
}

kept=() # "REL: why", files left in place on purpose
removed=0
# Removes REL when it is still what the install wrote: a regular file, reached through no
# symlink, with checksum SUM. Anything else is left and noted.
remove_file() {
  local rel=$1 sum=$2 path=$prefix/$1 link actual
  if link=$(symlink_on_path "$rel"); then refuse "$rel" "$link is a symlink"; return; fi
  [ -e "$path" ] || return 0 # already gone
  if [ ! -f "$path" ]; then refuse "$rel" "not a regular file"; return; fi
  if [ -z "$sum" ]; then kept+=("$rel: listed without a checksum (by an older install.sh)"); return; fi
  actual=$(sha256sum < "$path") && actual=${actual%% *}
  if [ "$actual" != "$sum" ]; then kept+=("$rel: changed since it was installed"); return; fi
  rm -f -- "$path"
  removed=$((removed + 1))
}

# Removes the folders REL... the install created, deepest first, each only when empty and
# reached through no symlink; "." (the prefix itself) last.
remove_dirs() {
  local rel link own_prefix=no
  while IFS= read -r rel; do
    [ -n "$rel" ] || continue
    if [ "$rel" = . ]; then own_prefix=yes; continue; fi
    if link=$(symlink_on_path "$rel"); then refuse "$rel" "$link is a symlink"; continue; fi
    [ -d "$prefix/$rel" ] && rmdir -- "$prefix/$rel" 2> /dev/null || true
  done < <(for rel in "$@"; do printf '%s\t%s\n' "${#rel}" "$rel"; done | sort -rn | cut -f2-)
  if [ "$own_prefix" = yes ] && [ -d "$prefix" ] && [ ! -L "$prefix" ]; then rmdir -- "$prefix" 2> /dev/null || true; fi
}

report() {
  local line
  for line in "${kept[@]}"; do echo "install.sh: kept $line" >&2; done
  for line in "${refused[@]}"; do echo "install.sh: refused $line" >&2; done
  if [ ${#refused[@]} -gt 0 ]; then
    echo "install.sh: $manifest lists entries that are not plain paths inside the prefix, or reach a file through a symlink; they were left alone (the manifest may have been tampered with)." >&2
  fi
}

read_manifest

if [ "$uninstall" = yes ]; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: nothing to uninstall: no $manifest" >&2
    exit 1
  fi
  for i in "${!old_files[@]}"; do remove_file "${old_files[$i]}" "${old_sums[$i]}"; done
  # A manifest with refused entries stays, for whoever looks into it; it holds the folder too.
  if [ ${#refused[@]} -eq 0 ]; then rm -f -- "$manifest"; fi
  remove_dirs "${old_dirs[@]}"
  echo "Removed teamflow ($removed files) from $prefix"
  if [ ${#kept[@]} -gt 0 ] && [ "$old_format" = 1 ]; then
    echo "install.sh: the manifest predates checksums: install this version again, then uninstall, to remove those files" >&2
  fi
  report
  [ ${#refused[@]} -eq 0 ] || exit 1
  exit 0
fi

if [ -n "${TEAMFLOW_INSTALL_BINARY:-}" ]; then
  bin=$TEAMFLOW_INSTALL_BINARY
  [ -f "$bin" ] && [ -x "$bin" ] || { echo "install.sh: TEAMFLOW_INSTALL_BINARY=$bin is not an executable file" >&2; exit 1; }
else
  if [ "$deps" = yes ]; then ./scripts/bootstrap.sh --build-only; fi
  # The fast binary: the Swift runtime linked statically (~2x faster start than the dynamic one).
  echo "Building teamflow (release, static Swift runtime)..."
  swift build -c release --static-swift-stdlib --product teamflow
  bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/teamflow
fi

# Stage everything first: nothing is installed unless the pages and scripts were generated.
stage=$(mktemp -d)
trap 'rm -rf -- "$stage"' EXIT
"$bin" __man --out "$stage/man1" > /dev/null
"$bin" completion bash > "$stage/teamflow.bash"
"$bin" completion zsh > "$stage/_teamflow"
"$bin" completion fish > "$stage/teamflow.fish"

new_dirs=("${old_dirs[@]}") new_files=() new_sums=()
make_dir() { # creates REL folder by folder, noting each one it creates
  local rel=$1 path=$prefix part
  local IFS=/
  for part in $rel; do
    path=$path/$part
    if [ ! -d "$path" ]; then
      mkdir -- "$path"
      new_dirs+=("${path#"$prefix"/}")
    fi
  done
}
put() { # put MODE SOURCE REL
  local sum
  make_dir "$(dirname "$3")"
  install -m "$1" -- "$2" "$prefix/$3"
  sum=$(sha256sum < "$2") && sum=${sum%% *}
  new_files+=("$3") new_sums+=("$sum")
}

if [ ! -d "$prefix" ]; then
  mkdir -p -- "$prefix"
  new_dirs+=(.) # the prefix itself (not the folders above it that mkdir -p made)
fi
if [ -n "${TEAMFLOW_INSTALL_BINARY:-}" ]; then
  cp -- "$bin" "$stage/teamflow"
else
  # Stripped, as distributions ship binaries: the symbols are a quarter of the file.
  strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$stage/teamflow" "$bin"
fi
put 755 "$stage/teamflow" bin/teamflow
for page in "$stage"/man1/*.1; do put 644 "$page" "share/man/man1/$(basename "$page")"; done
put 644 "$stage/teamflow.bash" share/bash-completion/completions/teamflow
put 644 "$stage/_teamflow" share/zsh/site-functions/_teamflow
put 644 "$stage/teamflow.fish" share/fish/vendor_completions.d/teamflow.fish

# A file an earlier install wrote that this one did not (a command since removed) goes, under
# the uninstall's rules.
for i in "${!old_files[@]}"; do
  case " ${new_files[*]} " in *" ${old_files[$i]} "*) ;; *) remove_file "${old_files[$i]}" "${old_sums[$i]}" ;; esac
done
make_dir "$(dirname "$manifest_rel")"
{
  echo "$manifest_header"
  printf 'd %s\n' "${new_dirs[@]}" | sort -u
  for i in "${!new_files[@]}"; do printf 'f %s %s\n' "${new_sums[$i]}" "${new_files[$i]}"; done
} > "$manifest.tmp"
mv -f -- "$manifest.tmp" "$manifest"
report

pages=$(ls "$stage"/man1 | wc -l)
echo "Installed $("$prefix/bin/teamflow" --version) into $prefix:"
echo "  bin/teamflow"
echo "  share/man/man1/teamflow.1 and $((pages - 1)) command pages (man teamflow, man teamflow-task)"
echo "  share/bash-completion/completions/teamflow"
echo "  share/zsh/site-functions/_teamflow"
echo "  share/fish/vendor_completions.d/teamflow.fish"
echo "  $manifest_rel (what --uninstall removes)"
print_hints
