#!/usr/bin/env bash
# The recorded GPU measurements, run on a GPU host with the bundle of scripts/build-gpu-bundle.sh:
#   devices; the ceilings (1 GiB); a DRK-WOM geometry sweep; the exact suite on 2^30 random symbols (sigma 8 and 2).
# Usage: scripts/record-gpu-results.sh [BUNDLE] [OUT]   (OUT gets results/<device>/..., RESULTS.md and the logs)
set -uo pipefail
bundle=${1:-.bundle/gpumatch-linux-x86_64}
out=${2:-bench}
gm="$bundle/gpumatch"
mkdir -p "$out/results"
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }

step devices
"$gm" devices
step ceiling
"$gm" bench ceiling --device gpu --out "$out/results"
step drk-wom geometry sweep
GPUMATCH_MAIN_CLASS=org.gpumatch.bench.exact.DrkWomTuning GPUMATCH_JAVA_OPTS=-Dcom.aparapi.enableProfiling=true \
  "$gm" --device gpu --size 1073741824 --reps 20 --m 1,4,5,8 --geometry 256x32,256x64,128x32,512x16
step exact
"$gm" bench exact --device gpu --out "$out/results" --sigma 8,2 --m 1,2,4,8,16,64,256,1024 \
  --algorithms drk-wom-32,drk-wom-64,hrk --reps 10 --cpu-size 64M
