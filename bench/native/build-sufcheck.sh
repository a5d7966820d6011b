#!/bin/sh
# Builds bench/native/sufcheck-bench, the libdivsufsort peer of the checker benchmark (see sufcheck-bench.c).
# Links libdivsufsort statically when a libdivsufsort.a is found (LIBDIVSUFSORT_A=/path/to/libdivsufsort.a, or the
# system library directories), so the binary runs on a host without the library; otherwise links the shared library
# (Debian: apt-get install libdivsufsort-dev) and says so.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="${OUT:-$here/../target/native/sufcheck-bench}"
mkdir -p "$(dirname "$out")"
cc=${CC:-cc}
cflags="-O3 -march=native -Wall -Wextra"
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
