#!/usr/bin/env bash
# Installs the system packages and test tooling teamflow needs, only when missing.
set -euo pipefail
need=()
pkg-config --exists libgit2 2>/dev/null || need+=(libgit2-dev)
pkg-config --exists yaml-0.1 2>/dev/null || need+=(libyaml-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v git >/dev/null || need+=(git)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
python3 -c 'import yaml' 2>/dev/null || python3 -m pip install -q PyYAML
python3 -c 'import markdown_it' 2>/dev/null || python3 -m pip install -q markdown-it-py
