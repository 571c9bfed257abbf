#!/usr/bin/env bash
# Builds teamflow's fast release binary (Swift runtime linked statically) and installs it with
# its manual pages and shell completions.
#
#   scripts/install.sh [--prefix DIR] [--no-deps]   install (again: replaces the files, harmless)
#   scripts/install.sh [--prefix DIR] --uninstall   remove exactly what an install put there
#
# The default prefix is /usr/local as root, ~/.local otherwise. Every file and every folder
# the install created is listed in PREFIX/share/teamflow/install-manifest, which --uninstall
# reads, so it leaves the prefix as the first install found it. See docs/INSTALL.md.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/install.sh [--prefix DIR] [--uninstall] [--no-deps]" >&2
  exit "${1:-64}"
}
prefix= uninstall=no deps=yes
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --uninstall) uninstall=yes; shift ;;
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

# The manifest: "d REL" for a folder the install created, "f REL" for a file it wrote.
old_dirs=() old_files=()
if [ -f "$manifest" ]; then
  while read -r kind rel; do
    case $kind in d) old_dirs+=("$rel") ;; f) old_files+=("$rel") ;; esac
  done < "$manifest"
fi

remove_dirs() { # deepest first; a folder someone else put files in stays
  printf '%s\n' "$@" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2- | while read -r rel; do
    [ -n "$rel" ] && rmdir -- "$prefix/$rel" 2>/dev/null || true
  done
}

if [ "$uninstall" = yes ]; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: nothing to uninstall: no $manifest" >&2
    exit 1
  fi
  for rel in "${old_files[@]}"; do rm -f -- "$prefix/$rel"; done
  rm -f -- "$manifest"
  remove_dirs "${old_dirs[@]}"
  echo "Removed teamflow (${#old_files[@]} files) from $prefix"
  exit 0
fi

if [ "$deps" = yes ]; then ./scripts/bootstrap.sh --build-only; fi

# The fast binary: the Swift runtime linked statically (~2x faster start than the dynamic one).
echo "Building teamflow (release, static Swift runtime)..."
swift build -c release --static-swift-stdlib --product teamflow
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/teamflow

# Stage everything first: nothing is installed unless the pages and scripts were generated.
stage=$(mktemp -d)
trap 'rm -rf -- "$stage"' EXIT
"$bin" __man --out "$stage/man1" > /dev/null
"$bin" completion bash > "$stage/teamflow.bash"
"$bin" completion zsh > "$stage/_teamflow"
"$bin" completion fish > "$stage/teamflow.fish"

new_dirs=("${old_dirs[@]}") new_files=()
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
  make_dir "$(dirname "$3")"
  install -m "$1" -- "$2" "$prefix/$3"
  new_files+=("$3")
}

if [ ! -d "$prefix" ]; then mkdir -p -- "$prefix"; fi
# Stripped, as distributions ship binaries: the symbols are a quarter of the file.
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$stage/teamflow" "$bin"
put 755 "$stage/teamflow" bin/teamflow
for page in "$stage"/man1/*.1; do put 644 "$page" "share/man/man1/$(basename "$page")"; done
put 644 "$stage/teamflow.bash" share/bash-completion/completions/teamflow
put 644 "$stage/_teamflow" share/zsh/site-functions/_teamflow
put 644 "$stage/teamflow.fish" share/fish/vendor_completions.d/teamflow.fish

# A file an earlier install wrote that this one did not (a command since removed) goes.
for rel in "${old_files[@]}"; do
  case " ${new_files[*]} " in *" $rel "*) ;; *) rm -f -- "$prefix/$rel" ;; esac
done
make_dir "$(dirname "$manifest_rel")"
{
  printf 'd %s\n' "${new_dirs[@]}" | sort -u
  printf 'f %s\n' "${new_files[@]}"
} > "$manifest.tmp"
mv -f -- "$manifest.tmp" "$manifest"

pages=$(ls "$stage"/man1 | wc -l)
echo "Installed $("$prefix/bin/teamflow" --version) into $prefix:"
echo "  bin/teamflow"
echo "  share/man/man1/teamflow.1 and $((pages - 1)) command pages (man teamflow, man teamflow-task)"
echo "  share/bash-completion/completions/teamflow"
echo "  share/zsh/site-functions/_teamflow"
echo "  share/fish/vendor_completions.d/teamflow.fish"
echo "  $manifest_rel (what --uninstall removes)"
case ":$PATH:" in
  *":$prefix/bin:"*) echo "$prefix/bin is on your PATH: run 'teamflow --help'." ;;
  *) echo "$prefix/bin is NOT on your PATH: add 'export PATH=\"$prefix/bin:\$PATH\"' to your shell's profile." ;;
esac
case $prefix in
  /usr | /usr/local) ;;
  *) echo "zsh: add 'fpath=($prefix/share/zsh/site-functions \$fpath)' before compinit; fish: source $prefix/share/fish/vendor_completions.d/teamflow.fish from ~/.config/fish/completions/." ;;
esac
