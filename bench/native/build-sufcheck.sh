#!/bin/sh
# Builds sufcheck-bench, the libdivsufsort peer of the checker benchmark and of `bench sa` (see sufcheck-bench.c).
#
# Usage: bench/native/build-sufcheck.sh [--download] [--portable]
#   --download  take libdivsufsort from the Debian packages libdivsufsort-dev and libdivsufsort3 (`apt-get download`
#               into a temporary folder, no root) instead of the installed library: the helper links that package's
#               shared library, which is copied to lib/ beside the helper and found there at run time
#               (rpath $ORIGIN/lib), so helper and lib/ can be carried to a host without libdivsufsort
#   --portable  compile for any x86-64 (no -march=native), for a binary that runs on another machine
# Without --download: links libdivsufsort statically when a libdivsufsort.a is found (LIBDIVSUFSORT_A=/path/to/
# libdivsufsort.a, or the system library directories), so the binary runs on a host without the library; otherwise
# links the installed shared library (Debian: apt-get install libdivsufsort-dev) and says so.
# Output: $OUT (default bench/target/native/sufcheck-bench, which `bench sa` and the checker bench look for); with
# --download also sufsort64 beside it (libdivsufsort's 64-bit build, the peer of texts over 2^31 bytes: sufsort64.c).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
download=false
march="-march=native"
for arg in "$@"; do
  case "$arg" in
    --download) download=true ;;
    --portable) march="" ;;
    *) echo "build-sufcheck: unknown argument $arg" >&2; exit 2 ;;
  esac
done
out="${OUT:-$here/../target/native/sufcheck-bench}"
mkdir -p "$(dirname "$out")"
cc=${CC:-cc}
cflags="-O3 $march -Wall -Wextra"

if $download; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && apt-get download libdivsufsort-dev libdivsufsort3 >/dev/null 2>apt.err) || {
    cat "$work/apt.err" >&2
    echo "build-sufcheck: apt-get download libdivsufsort-dev libdivsufsort3 failed (no network or package lists?)" >&2
    exit 1
  }
  for deb in "$work"/*.deb; do
    dpkg-deb -x "$deb" "$work/root"
  done
  header=$(find "$work/root" -name divsufsort.h | head -1)
  so=$(find "$work/root" -name 'libdivsufsort.so.[0-9]*' -type f | head -1)
  if [ -z "$header" ] || [ -z "$so" ]; then
    echo "build-sufcheck: the packages hold no divsufsort.h or libdivsufsort.so.N (a new package version?)" >&2
    exit 1
  fi
  soname=$(objdump -p "$so" 2>/dev/null | awk '/SONAME/ {print $2}')
  soname=${soname:-libdivsufsort.so.3}
  mkdir -p "$(dirname "$out")/lib"
  cp "$so" "$(dirname "$out")/lib/$soname"
  # shellcheck disable=SC2086
  $cc $cflags -I"$(dirname "$header")" -o "$out" "$here/sufcheck-bench.c" "$(dirname "$out")/lib/$soname" \
      -Wl,-rpath,'$ORIGIN/lib'
  echo "built $out (libdivsufsort $(ls "$work"/libdivsufsort3_*.deb | sed 's/.*libdivsufsort3_//; s/_.*//') from" \
       "the Debian package, shared: $(dirname "$out")/lib/$soname, found through rpath \$ORIGIN/lib)"
  so64=$(find "$work/root" -name 'libdivsufsort64.so.[0-9]*' -type f | head -1)
  if [ -n "$so64" ]; then
    soname64=$(objdump -p "$so64" 2>/dev/null | awk '/SONAME/ {print $2}')
    soname64=${soname64:-libdivsufsort64.so.3}
    cp "$so64" "$(dirname "$out")/lib/$soname64"
    # shellcheck disable=SC2086
    $cc $cflags -I"$(dirname "$header")" -o "$(dirname "$out")/sufsort64" "$here/sufsort64.c" \
        "$(dirname "$out")/lib/$soname64" -Wl,-rpath,'$ORIGIN/lib'
    echo "built $(dirname "$out")/sufsort64 (divsufsort64, shared: $(dirname "$out")/lib/$soname64)"
  fi
  exit 0
fi

inc=$(pkg-config --cflags libdivsufsort 2>/dev/null || echo "-I/usr/include/$(gcc -print-multiarch 2>/dev/null)")
static_lib=${LIBDIVSUFSORT_A:-}
if [ -z "$static_lib" ]; then
  for d in $(pkg-config --variable=libdir libdivsufsort 2>/dev/null) /usr/local/lib /usr/lib/"$(gcc -print-multiarch 2>/dev/null)" /usr/lib; do
    if [ -f "$d/libdivsufsort.a" ]; then static_lib="$d/libdivsufsort.a"; break; fi
  done
fi

if [ -n "$static_lib" ]; then
  # shellcheck disable=SC2086
  $cc $cflags $inc -o "$out" "$here/sufcheck-bench.c" "$static_lib" -static
  echo "built $out (libdivsufsort linked statically from $static_lib)"
else
  # shellcheck disable=SC2086
  $cc $cflags $inc -o "$out" "$here/sufcheck-bench.c" $(pkg-config --libs libdivsufsort 2>/dev/null || echo -ldivsufsort)
  echo "built $out (no libdivsufsort.a found: linked the shared libdivsufsort, which the host running it needs too)"
fi
