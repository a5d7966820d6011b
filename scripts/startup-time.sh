#!/usr/bin/env bash
# Start-up time of the gpumatch command: the wall time of `gpumatch count -p GATTACA FILE` on a 1000-byte file (and
# optionally a larger one), as the median and minimum of several runs, with the launcher's class-data-sharing archive
# and without it (GPUMATCH_NO_CDS=1). One warm-up run first (it makes the archive and fills the page cache).
# Usage: scripts/startup-time.sh [--runs N] [--bytes N]... [--launcher PATH]
#   --runs N       runs per case (default 11)
#   --bytes N      file sizes in bytes (default 1000; repeat for more, e.g. --bytes 1000 --bytes 100000000)
#   --launcher P   the gpumatch launcher to time (default: ./gpumatch beside this script's folder, or in the bundle)
# In the GPU bundle (scripts/build-gpu-bundle.sh) this script is startup-time.sh beside the launcher.
# Prints one line per case: size, archive on/off, median and minimum seconds. Files go to ${TMPDIR:-/tmp}.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=11
sizes=()
launcher=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=${2:?}; shift 2 ;;
    --bytes) sizes+=("${2:?}"); shift 2 ;;
    --launcher) launcher=${2:?}; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "startup-time: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(1000)
if [ -z "$launcher" ]; then
  if [ -x "$here/gpumatch" ]; then launcher=$here/gpumatch; else launcher=$here/../gpumatch; fi
fi
now() { date +%s%N; }
for bytes in "${sizes[@]}"; do
  file="${TMPDIR:-/tmp}/gpumatch-startup-$bytes.txt"
  if [ ! -f "$file" ] || [ "$(stat -c %s "$file")" != "$bytes" ]; then
    # DNA-like text: random bytes mapped onto ACGT (each of the 256 byte values to one of the 4 letters)
    # (tr ends on SIGPIPE)
    LC_ALL=C tr '\000-\377' "$(printf 'ACGT%.0s' $(seq 64))" < /dev/urandom | head -c "$bytes" > "$file" || true
  fi
  # warm-up (makes the archive), then the two cases alternate, so that load from other jobs hits both alike
  "$launcher" count -p GATTACA "$file" > /dev/null
  GPUMATCH_NO_CDS=1 "$launcher" count -p GATTACA "$file" > /dev/null
  on=()
  off=()
  for _ in $(seq "$runs"); do
    t0=$(now)
    "$launcher" count -p GATTACA "$file" > /dev/null
    t1=$(now)
    GPUMATCH_NO_CDS=1 "$launcher" count -p GATTACA "$file" > /dev/null
    t2=$(now)
    on+=("$(( (t1 - t0) / 1000 ))")
    off+=("$(( (t2 - t1) / 1000 ))")
  done
  for cds in on off; do
    if [ "$cds" = on ]; then times=("${on[@]}"); else times=("${off[@]}"); fi
    printf '%s\n' "${times[@]}" | sort -n | awk -v b="$bytes" -v c="$cds" -v n="$runs" \
      '{ t[NR] = $1 } END { printf "bytes %s  cds %-3s  runs %d  median %.3f s  min %.3f s\n", b, c, n,
                             t[int((NR + 1) / 2)] / 1e6, t[1] / 1e6 }'
  done
done
