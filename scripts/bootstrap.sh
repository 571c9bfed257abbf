#!/usr/bin/env bash
# Installs what teamflow needs to build and test, only when it is missing:
# Debian packages (libgit2-dev, libyaml-dev, libcmark-gfm-dev, libcmark-gfm-extensions-dev,
# libmicrohttpd-dev, pkg-config, git with git-daemon, python3, librsvg2-bin, chromium,
# chromium-driver and fonts-noto-cjk) and the Python readers and drivers the tests use as
# independent checks (PyYAML, markdown-it-py, html5lib, selenium), and
# groff (the manual pages are checked with `groff -ww`).
# --build-only (scripts/install.sh): only what building needs, nothing for the tests.
set -euo pipefail
build_only=no
if [ "${1:-}" = --build-only ]; then build_only=yes; fi

if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
updated=no
apt_install() {
  command -v apt-get >/dev/null || return 1
  if [ "$updated" = no ]; then $SUDO apt-get update -qq && updated=yes; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

need=()
command -v pkg-config >/dev/null || need+=(pkg-config)
pkg-config --exists libgit2 2>/dev/null || need+=(libgit2-dev)
pkg-config --exists yaml-0.1 2>/dev/null || need+=(libyaml-dev)
# GitHub's Markdown renderer for `teamflow site`. The extensions library has no .pc of its own:
# its header says whether it is there.
pkg-config --exists libcmark-gfm 2>/dev/null || need+=(libcmark-gfm-dev)
[ -e /usr/include/cmark-gfm-core-extensions.h ] || [ -e /usr/local/include/cmark-gfm-core-extensions.h ] ||
  need+=(libcmark-gfm-extensions-dev)
# The HTTP server of `teamflow serve`.
pkg-config --exists libmicrohttpd 2>/dev/null || need+=(libmicrohttpd-dev)
command -v git >/dev/null || need+=(git)
if [ "$build_only" = no ]; then
  command -v python3 >/dev/null || need+=(python3)
  command -v groff >/dev/null || need+=(groff-base)
  # An independent SVG renderer: ChartsTests draw the charts to PNG and check the pixels.
  command -v rsvg-convert >/dev/null || need+=(librsvg2-bin)
  # A real browser for SiteTests (headless: DOM, screenshots, console), and a CJK font so
  # Korean renders as text, not boxes, in its screenshots and in rsvg-convert's PNGs.
  command -v chromium >/dev/null || command -v chromium-browser >/dev/null || need+=(chromium)
  # Selenium drives Chromium through Debian's chromedriver for the web board's browser tests.
  command -v chromedriver >/dev/null || [ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
  fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
fi
if [ ${#need[@]} -gt 0 ]; then apt_install "${need[@]}"; fi
if [ "$build_only" = yes ]; then exit 0; fi

# A Python module for the tests: pip first (a user's or pyenv's Python), then Debian's package
# (a system Python that refuses pip). Tests that need a missing one are skipped, not failed.
ensure_python_module() {
  local module=$1 pip_name=$2 apt_name=$3
  python3 -c "import $module" 2>/dev/null && return 0
  python3 -m pip install -q "$pip_name" 2>/dev/null && return 0
  apt_install "$apt_name" 2>/dev/null && python3 -c "import $module" 2>/dev/null && return 0
  python3 -m pip install -q --break-system-packages "$pip_name" 2>/dev/null && return 0
  echo "warning: could not install $pip_name; the tests that read with it will be skipped" >&2
}
ensure_python_module yaml PyYAML python3-yaml
ensure_python_module markdown_it markdown-it-py python3-markdown-it
ensure_python_module html5lib html5lib python3-html5lib
ensure_python_module selenium selenium python3-selenium
