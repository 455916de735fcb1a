#!/usr/bin/env bash
# Installs the LiteFS binary the tests run (tests/litefs), built from its pinned source with Go, and
# Debian's fuse3 (fusermount3) for its mount. Idempotent: the binary is cached per version under
# ~/.cache/streakcoach, so a second run on the same machine only checks it.
# Usage: scripts/install-litefs.sh   (prints the binary's path as its last line; exit 1 when it cannot)
set -euo pipefail

LITEFS_VERSION="v0.5.14"
# The commit that tag names, stamped into `litefs version` as LiteFS's own release build does.
LITEFS_COMMIT="a51e72d84eeb96ad210ef407230161192120ab96"
cache_root="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/streakcoach"
install_dir="$cache_root/litefs-$LITEFS_VERSION"
binary="$install_dir/litefs"

fail() {
  echo "install-litefs: $*" >&2
  exit 1
}

if [ "$(uname -s)" != "Linux" ]; then
  fail "LiteFS mounts through Linux FUSE; this is $(uname -s)."
fi

if ! command -v fusermount3 >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "install-litefs: installing fuse3" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y fuse3 >&2
  else
    fail "fusermount3 is missing: install Debian's fuse3 package (as root: apt-get install fuse3)."
  fi
fi

if [ ! -x "$binary" ] || ! "$binary" version 2>/dev/null | grep -qx "LiteFS $LITEFS_VERSION, commit=$LITEFS_COMMIT"; then
  # Go's own tarball installs here; a non-login shell may not have it on PATH.
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
    PATH="/usr/local/go/bin:$PATH"
  fi
  command -v go >/dev/null 2>&1 || fail "Go is not installed: LiteFS $LITEFS_VERSION builds from source with Go (and gcc, for cgo)."
  command -v gcc >/dev/null 2>&1 || fail "gcc is missing: LiteFS's SQLite driver builds with cgo."
  echo "install-litefs: building LiteFS $LITEFS_VERSION with $(go version)" >&2
  mkdir -p "$install_dir"
  # Without these `litefs version` says "development build".
  GOBIN="$install_dir" CGO_ENABLED=1 GOFLAGS=-modcacherw go install \
    -ldflags "-X main.Version=$LITEFS_VERSION -X main.Commit=$LITEFS_COMMIT" \
    "github.com/superfly/litefs/cmd/litefs@$LITEFS_VERSION" >&2
fi

"$binary" version >&2
echo "$binary"
