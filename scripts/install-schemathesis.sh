#!/usr/bin/env bash
# Installs Schemathesis (PyPI, pinned) in a virtual environment cached per machine under
# ~/.cache/streakcoach, for `npm run test:api-fuzz`. Idempotent.
# Usage: scripts/install-schemathesis.sh   (prints the virtual environment's directory as its last line;
# its bin/schemathesis runs the fuzzer; exit 1 when it cannot)
#        scripts/install-schemathesis.sh --check   (the same when installed; else exit 1, installing nothing)
set -euo pipefail
# shellcheck source=scripts/python-venv.sh
. "$(dirname "$0")/python-venv.sh"

SCHEMATHESIS_VERSION="4.32.5"
cache_root="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/streakcoach"
venv="$cache_root/schemathesis-$SCHEMATHESIS_VERSION"

fail() {
  echo "install-schemathesis: $*" >&2
  exit 1
}

ready() {
  [ -x "$venv/bin/schemathesis" ] && "$venv/bin/schemathesis" --version >/dev/null 2>&1
}

if [ "${1:-}" = "--check" ]; then
  ready || fail "schemathesis $SCHEMATHESIS_VERSION is not installed in $venv (scripts/install-schemathesis.sh installs it)."
  echo "$venv"
  exit 0
fi

if ! ready; then
  new_venv
  echo "install-schemathesis: installing schemathesis $SCHEMATHESIS_VERSION" >&2
  venv_pip_install "schemathesis==$SCHEMATHESIS_VERSION"
  ready || { rm -rf "$venv"; fail "installed, but schemathesis does not run."; }
fi
echo "install-schemathesis: schemathesis $SCHEMATHESIS_VERSION" >&2
echo "$venv"
