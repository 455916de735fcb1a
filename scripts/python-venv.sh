# Sourced by the install-*.sh scripts that install a tool from PyPI. Uses the caller's $cache_root,
# $venv and fail(); a failed install leaves no half-built environment behind.

# Replaces $venv with an empty virtual environment.
new_venv() {
  command -v python3 >/dev/null 2>&1 || fail "python3 is needed."
  rm -rf "$venv"
  mkdir -p "$cache_root"
  python3 -m venv "$venv" || fail "python3 -m venv failed (Debian: apt-get install python3-venv)."
}

# Installs the given requirements into $venv.
venv_pip_install() {
  "$venv/bin/pip" install --quiet --no-input "$@" >&2 || { rm -rf "$venv"; fail "pip install failed."; }
}
