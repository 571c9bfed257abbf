#!/usr/bin/env bash
# Builds dist/teamflow_<version>_<arch>.deb with dpkg-deb: the fast release binary, manual pages,
# bash/zsh/fish completions, copyright (MIT, packaging/debian/copyright) and changelog. Depends lists the exact runtime libraries
# the binary links (from dpkg-shlibdeps, or dpkg -S when dpkg-dev is missing), libmicrohttpd
# (which `teamflow serve` loads itself) and git, which `teamflow sync` runs; Static-Built-Using names
# the source packages of the C libraries linked statically (libgit2, libyaml, cmark-gfm and what
# they need). See docs/INSTALL.md.
#
#   scripts/package-deb.sh [--out DIR]     (default dist/)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

out=dist
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || { echo "usage: scripts/package-deb.sh [--out DIR]" >&2; exit 64; }; out=$2; shift 2 ;;
    -h | --help) echo "usage: scripts/package-deb.sh [--out DIR]"; exit 0 ;;
    *) echo "package-deb.sh: unknown option '$1'" >&2; exit 64 ;;
  esac
done
for tool in dpkg-deb dpkg gzip strip; do
  command -v "$tool" >/dev/null || { echo "package-deb.sh: needs $tool (Debian's dpkg)" >&2; exit 1; }
done

# The same build as scripts/install.sh: a second run of either reuses it.
swift build -c release --static-swift-stdlib --product teamflow
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/teamflow

version=$("$bin" --version | awk '{ print $2 }')
arch=$(dpkg --print-architecture)
date=$("$bin" --version --json | sed -n 's/.*"date": "\([0-9-]*\)".*/\1/p')
# The changelog's time: the commit's date (reproducible), else the epoch.
stamp=$(date -u -R -d "${date:-1970-01-01} 00:00:00")

root=$(mktemp -d)
trap 'rm -rf -- "$root"' EXIT
pkg=$root/pkg
doc=$pkg/usr/share/doc/teamflow
install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/man/man1" "$doc" \
  "$pkg/usr/share/bash-completion/completions" "$pkg/usr/share/zsh/vendor-completions" \
  "$pkg/usr/share/fish/vendor_completions.d"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$pkg/usr/bin/teamflow" "$bin"
chmod 755 "$pkg/usr/bin/teamflow"
"$bin" __man --out "$root/man1" > /dev/null
for page in "$root"/man1/*.1; do
  gzip -9n < "$page" > "$pkg/usr/share/man/man1/$(basename "$page").gz"
done
"$bin" completion bash > "$pkg/usr/share/bash-completion/completions/teamflow"
"$bin" completion zsh > "$pkg/usr/share/zsh/vendor-completions/_teamflow"
"$bin" completion fish > "$pkg/usr/share/fish/vendor_completions.d/teamflow.fish"
install -m 644 packaging/debian/copyright "$doc/copyright"
install -D -m 644 packaging/debian/teamflow.lintian-overrides "$pkg/usr/share/lintian/overrides/teamflow"
{
  echo "teamflow ($version) unstable; urgency=medium"
  echo
  echo "  * Release $version (built from $("$bin" --version | sed 's/^[^(]*//'))."
  echo
  echo " -- teamflow maintainers <teamflow@users.noreply.github.com>  $stamp"
} | gzip -9n > "$doc/changelog.gz"
chmod 644 "$pkg"/usr/share/*/*/* "$pkg"/usr/share/man/man1/* "$doc"/*
find "$pkg" -type d -exec chmod 755 {} +

# Depends: the packages holding the shared libraries the binary loads, with their minimum
# versions when dpkg-shlibdeps (dpkg-dev) can tell them.
depends=
if command -v dpkg-shlibdeps >/dev/null; then
  mkdir -p "$root/shlibs/debian"
  printf 'Source: teamflow\n\nPackage: teamflow\nArchitecture: any\n' > "$root/shlibs/debian/control"
  depends=$(cd "$root/shlibs" && dpkg-shlibdeps -O "$pkg/usr/bin/teamflow" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
fi
if [ -z "$depends" ]; then
  depends=$(ldd "$pkg/usr/bin/teamflow" | awk '/=> \// { print $3 }' | while read -r lib; do
    dpkg -S "$(realpath "$lib")" 2>/dev/null || dpkg -S "$lib" 2>/dev/null || true
  done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g')
fi
[ -n "$depends" ] || { echo "package-deb.sh: could not work out the runtime libraries" >&2; exit 1; }
# libmicrohttpd is loaded by `teamflow serve` with dlopen (not linked: every other command would
# load it and its TLS libraries), so neither dpkg-shlibdeps nor ldd sees it. It is named here,
# as the shlibs file of the package holding it says (libmicrohttpd12 (>= 0.9.75) on Debian 12),
# else by the package's usual name.
mhd_depends=
mhd_package=$(dpkg -S "*/libmicrohttpd.so.12" 2>/dev/null | head -n 1 | cut -d: -f1 || true)
if [ -n "$mhd_package" ]; then
  mhd_depends=$(dpkg-query --control-show "$mhd_package" shlibs 2>/dev/null \
    | awk '$1 == "libmicrohttpd" && $2 == "12" { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' || true)
  mhd_depends=${mhd_depends:-$mhd_package}
fi
depends="$depends, ${mhd_depends:-libmicrohttpd12}, git"
# Packed relative relocations (DT_RELR, Package.swift's linker flags) need glibc 2.36's loader:
# the binary asks for GLIBC_ABI_DT_RELR, which dpkg-shlibdeps does not turn into a minimum
# version. Where libc6's minimum is lower (or missing), it is raised to 2.36.
if LC_ALL=C grep -aq GLIBC_ABI_DT_RELR "$pkg/usr/bin/teamflow"; then
  libc=$(echo "$depends" | tr ',' '\n' | sed -n 's/^ *libc6 (>= \([^)]*\)).*/\1/p')
  if [ -z "$libc" ] || dpkg --compare-versions "$libc" lt 2.36; then
    depends=$(echo "$depends" | sed -E 's/(^|, )libc6( \(>= [^)]*\))?(,|$)/\1libc6 (>= 2.36)\3/')
  fi
fi

# Static-Built-Using (Debian Policy 7.8): the source packages whose static archives are linked
# into the binary (Package.swift's linkerSettings), at their exact versions, so that a security
# update of one of them is known to need a rebuild of this package.
static_built_using=$(for archive in libgit2.a libpcre2-8.a libhttp_parser.a libmbedcrypto.a libz.a libyaml.a \
                                    libcmark-gfm.a libcmark-gfm-extensions.a; do
  owner=$(dpkg -S "*/$archive" 2>/dev/null | head -n 1 | cut -d: -f1 || true)
  [ -z "$owner" ] || dpkg-query -W -f='${source:Package} (= ${source:Version})\n' "$owner" 2>/dev/null || true
done | sort -u | paste -sd, - | sed 's/,/, /g')
[ -n "$static_built_using" ] || { echo "package-deb.sh: could not work out the statically linked libraries' packages" >&2; exit 1; }

size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
cat > "$pkg/DEBIAN/control" <<EOF
Package: teamflow
Version: $version
Architecture: $arch
Maintainer: teamflow maintainers <teamflow@users.noreply.github.com>
Installed-Size: $size
Depends: $depends
Static-Built-Using: $static_built_using
Section: devel
Priority: optional
Description: team goals, tasks, reviews and wiki as YAML events in git
 teamflow keeps a team's weekly goals, member tasks, projects and epics,
 pull-request review notes, retrospectives and a wiki as YAML events on a
 ref of the team's own git repository, shows boards in the terminal, syncs
 through ordinary git remotes and exports a GitHub wiki. It also generates
 iOS architecture scaffolding from Stencil-syntax templates.
EOF

mkdir -p "$out"
deb=$out/teamflow_${version}_${arch}.deb
# xz for releases (the default); TEAMFLOW_DEB_COMPRESSION=gzip for the tests (xz of 60 MB takes minutes on a busy machine).
dpkg-deb --root-owner-group -Z"${TEAMFLOW_DEB_COMPRESSION:-xz}" --build "$pkg" "$deb" > /dev/null
echo "$deb"
