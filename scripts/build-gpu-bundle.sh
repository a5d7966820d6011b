#!/usr/bin/env bash
# Builds a self-contained gpumatch bundle for a Linux x86-64 GPU host that has no JDK:
#   gpumatch.jar  the shaded command jar (cli) with only the Linux x86-64 Aparapi native library
#   gpumatch-bench.jar  the bench's own shaded jar (JMH, commons-math3, XChart and the libraries it measures), the same
#                 natives only; the launcher runs it for `gpumatch bench ...` and for GPUMATCH_MAIN_CLASS=org.gpumatch.bench.*
#   jre/          a jlink'ed Java runtime (java.base, java.logging, java.management, jdk.management, jdk.unsupported; java.desktop
#                 only with --plots) with its class-data-sharing archives of the JDK classes (classes.jsa,
#                 classes_nocoops.jsa); lib/server/libjvm.so and the archives gzipped (the launcher unpacks them on
#                 first use)
#   launcher-startup.sh  the launchers' start-up settings (scripts/launcher-startup.sh): the first run makes a
#                 class-data-sharing archive of the jar's classes in cds/, later runs start from it; C1 only for a
#                 count or find on a small file (cli/README.md, "Start-up")
#   startup-time.sh  times `gpumatch count` on a 1000-byte file (scripts/startup-time.sh)
#   native/       the OpenCL ICD loader (libOpenCL.so.1) of this machine, used only when the host has none
#   tools/        this machine's rg and the shared libraries it needs beyond libc (tools/lib), for `bench e2e` on a
#                 host without ripgrep (the suite looks on the PATH first, then here); about 5 MiB. Also this
#                 machine's xz (with liblzma in tools/lib), which scripts/record-gpu-results.sh uses to unpack the
#                 large corpora when the host has none, and sufcheck-bench, the libdivsufsort peer of `bench sa`
#                 (bench/native/build-sufcheck.sh --download --portable: libdivsufsort from the Debian packages, its
#                 shared library in tools/lib; the launcher points the bench at it), with sufsort64 beside it
#                 (divsufsort64, the peer of the sa-4g steps). Without network the bundle is built without them and
#                 says why (no libdivsufsort rows then)
#                 And Cas-OFFinder 3.0.0 (tools/cas-offinder/: the binary, its libgomp and launcher script from
#                 ../shared/peers/cas-offinder-3.0.0, about 1 MiB), the same-run peer of the off-target bench
#                 (scripts/record-gpu-results.sh --steps offtargets); left out with a note when that folder is missing
#   corpora/      with --corpora DIR: the real texts DIR/*.gz (scripts/fetch-corpora.sh --gzip), for the bench's
#                 real-text rows (scripts/record-gpu-results.sh --steps real)
#   gpumatch      the launcher: registers NVIDIA's OpenCL library when no ICD file names it, then runs the jar
# Usage: scripts/build-gpu-bundle.sh [--plots] [--corpora DIR] [OUTDIR]
#   OUTDIR defaults to .bundle/gpumatch-linux-x86_64. The bundle and everything else sent to a GPU host must stay
#   under 64 MiB: without --plots the bundle is limited to 44 MiB (it is about 36 MiB, 6 of them the JDK's
#   class-data-sharing archives; corpora add about 8 MiB), with --plots to 60 MiB.
#   --plots  include java.desktop (Java2D, ImageIO: about 15 MiB more) so that the GPU host draws the PNG plots
#            itself. Not needed: the CSVs carry every number, and `gpumatch bench results` run here (with a full JDK)
#            draws the plots a host could not and rewrites RESULTS.md; without java.desktop the bench prints
#            "plots skipped: ..." once and goes on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
plots=false
corpora=""
while [ $# -gt 0 ]; do
  case "$1" in
    --plots) plots=true; shift ;;
    --corpora) corpora=${2:?--corpora needs a folder}; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "bundle: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
out=${1:-$root/.bundle/gpumatch-linux-x86_64}
modules=java.base,java.logging,java.management,jdk.management,jdk.unsupported
limit_mib=44
if $plots; then
  # java.desktop: the bench draws its PNG plots with XChart, which uses Java2D.
  modules=$modules,java.desktop
  limit_mib=60
fi
if [ -n "$corpora" ]; then
  corpora=$(cd "$corpora" && pwd)
  ls "$corpora"/*.gz >/dev/null 2>&1 || { echo "bundle: no .gz files in $corpora (scripts/fetch-corpora.sh --gzip)" >&2; exit 2; }
fi

cd "$root"
echo "bundle: building the shaded jars (the command's and the bench's)"
./mvnw -q -B -DskipTests package -pl cli,bench -am >/dev/null
for jar_in in cli/target/gpumatch.jar bench/target/gpumatch-bench.jar; do
  [ -f "$jar_in" ] || { echo "bundle: $jar_in was not built" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/native"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "bundle: keeping only the Linux x86-64 Aparapi natives"
for jar_in in cli/target/gpumatch.jar bench/target/gpumatch-bench.jar; do
  rm -rf "$work/jar" && mkdir "$work/jar"
  (cd "$work/jar" && jar xf "$root/$jar_in" && rm -rf win osx linux/libaparapi_aarch64.so linux/libaparapi_armhf.so \
      linux/libaparapi_x86.so && [ -f linux/libaparapi_x86_64.so ] \
      && jar --create --file "$out/${jar_in##*/}" --manifest META-INF/MANIFEST.MF -C . .)
done
rm -rf "$work/jar"

echo "bundle: jlink runtime ($modules)"
# --generate-cds-archive: the JDK's own class-data-sharing archives (the base that the launcher's archive of the jar's
# classes extends; without them every JDK class is parsed at each start).
jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 --generate-cds-archive \
    --output "$out/jre" >/dev/null
# libjvm.so is most of the runtime (23 of 34 MiB) and gzip takes it to 8 MiB, the two archives (22 MiB) to 6 MiB: the
# launcher unpacks them on first use.
gzip -9 -n "$out/jre/lib/server/libjvm.so" "$out"/jre/lib/server/*.jsa
cp scripts/launcher-startup.sh "$out/launcher-startup.sh"
cp scripts/startup-time.sh "$out/startup-time.sh"

loader=$(ldconfig -p | awk '/libOpenCL.so.1 .*x86-64/ {print $NF; exit}')
if [ -n "$loader" ]; then
  cp -L "$loader" "$out/native/libOpenCL.so.1"
else
  echo "bundle: note: no libOpenCL.so.1 here to carry; the GPU host must provide an OpenCL ICD loader"
fi

# carry_libs EXE: copies the shared libraries EXE links beyond the C runtime to tools/lib
carry_libs() {
  ldd "$1" | awk '/=> \// {print $3}' \
    | { grep -v -E '/(libc|libm|libgcc_s|libpthread|libdl|ld-linux[^/]*)\.so' || true; } \
    | while read -r lib; do cp -L "$lib" "$out/tools/lib/"; done
}
mkdir -p "$out/tools/lib"
rg_exe=$(command -v rg || true)
if [ -n "$rg_exe" ]; then
  cp -L "$rg_exe" "$out/tools/rg"
  # the libraries rg links beyond the C runtime (libpcre2 on Debian); the e2e suite sets LD_LIBRARY_PATH to tools/lib
  carry_libs "$rg_exe"
  echo "bundle: tools/rg ($(rg --version | head -1)) and $(ls "$out/tools/lib" | tr '\n' ' ')"
else
  echo "bundle: note: no rg here to carry; bench e2e on the GPU host runs rg only if the host has it"
fi

# the measurement shim of the nv-registers step (build options for Aparapi's OpenCL builds, their logs)
if gcc -O2 -shared -fPIC -o "$out/tools/lib/libclbuildopts.so" gpu-core/scripts/cl-build-options.c -ldl; then
  echo "bundle: tools/lib/libclbuildopts.so (gpu-core/scripts/cl-build-options.c)"
else
  echo "bundle: note: no C compiler for tools/lib/libclbuildopts.so; the nv-registers step needs it"
fi

xz_exe=$(command -v xz || true)
if [ -n "$xz_exe" ]; then
  cp -L "$xz_exe" "$out/tools/xz"
  carry_libs "$xz_exe"
  echo "bundle: tools/xz ($(xz --version | head -1))"
else
  echo "bundle: note: no xz here to carry; the large corpora (sa-real, sa-1g) need xz on the GPU host"
fi
# the libdivsufsort peer of bench sa: optional, the bundle builds without it
if OUT="$out/tools/sufcheck-bench" bench/native/build-sufcheck.sh --download --portable > "$work/sufcheck.log" 2>&1; then
  echo "bundle: $(sed 's|.*built .*sufcheck-bench|tools/sufcheck-bench|' "$work/sufcheck.log" | tail -1)"
else
  rm -f "$out/tools/sufcheck-bench"
  echo "bundle: note: no libdivsufsort peer (bench sa runs without its rows): $(tail -1 "$work/sufcheck.log")"
fi

# Cas-OFFinder 3.0.0, the off-target bench's peer (built from source: ../shared/peers/cas-offinder-3.0.0/README.md)
cas_dir="$root/../shared/peers/cas-offinder-3.0.0"
if [ -x "$cas_dir/cas-offinder" ]; then
  mkdir -p "$out/tools/cas-offinder"
  cp -L "$cas_dir/cas-offinder" "$cas_dir/cas-offinder.sh" "$cas_dir/LICENSE" "$out/tools/cas-offinder/"
  [ -e "$cas_dir/libgomp.so.1" ] && cp -L "$cas_dir/libgomp.so.1" "$out/tools/cas-offinder/"
  echo "bundle: tools/cas-offinder (Cas-OFFinder 3.0.0, $(( $(du -sk "$out/tools/cas-offinder" | cut -f1) / 1024 )) MiB)"
else
  echo "bundle: note: no Cas-OFFinder at $cas_dir; the offtargets step runs without its peer"
fi

if [ -n "$corpora" ]; then
  mkdir -p "$out/corpora"
  cp "$corpora"/*.gz "$out/corpora/"
  corpora_kib=$(du -sk "$out/corpora" | cut -f1)
  echo "bundle: corpora $(cd "$out/corpora" && echo *.gz) ($((corpora_kib / 1024)) MiB)"
  if [ "$corpora_kib" -gt $((20 * 1024)) ]; then
    echo "bundle: the corpora are larger than 20 MiB" >&2
    exit 1
  fi
fi

cat > "$out/gpumatch" <<'LAUNCHER'
#!/usr/bin/env bash
# gpumatch launcher for a GPU host without a JDK (see scripts/build-gpu-bundle.sh).
# the launcher's start for `sa build --timeline` (bash 5's clock, no process; empty under older bash)
export GPUMATCH_LAUNCHED_AT=${GPUMATCH_LAUNCHED_AT:-${EPOCHREALTIME:-}}
here=$(cd "$(dirname "$0")" && pwd)
# gpumatch --verbose COMMAND ...: the OpenCL stack's messages stay on stderr (the argument is not passed on)
if [ "${1:-}" = --verbose ]; then
  shift
  GPUMATCH_RAW_STDERR=1
fi
# The bundle carries the JVM library and the JDK's class-data-sharing archives gzipped (scripts/build-gpu-bundle.sh);
# unpack them once, atomically.
for gz in "$here"/jre/lib/server/*.gz; do
  f=${gz%.gz}
  if [ ! -e "$f" ] && [ -e "$gz" ]; then
    if ! { gzip -dc "$gz" > "$f.$$" && mv -f "$f.$$" "$f"; }; then
      rm -f "$f.$$"
      echo "gpumatch: cannot unpack $gz (needs gzip and a writable bundle folder)" >&2
      exit 1
    fi
  fi
done
# NVIDIA's OpenCL library may exist without an ICD file naming it: register it in a private vendors folder.
if [ -z "${OCL_ICD_VENDORS:-}" ]; then
  for lib in /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 \
             /usr/local/nvidia/lib64/libnvidia-opencl.so.1; do
    if [ -e "$lib" ] && ! grep -qs libnvidia-opencl /etc/OpenCL/vendors/*.icd; then
      vendors=$(mktemp -d)
      echo "$lib" > "$vendors/nvidia.icd"
      for icd in /etc/OpenCL/vendors/*.icd; do [ -e "$icd" ] && cp "$icd" "$vendors/"; done
      export OCL_ICD_VENDORS="$vendors"
      break
    fi
  done
fi
# Use the host's ICD loader when it has one, else the one carried in the bundle.
if ! ldconfig -p 2>/dev/null | grep -q 'libOpenCL.so.1 '; then
  export LD_LIBRARY_PATH="$here/native${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
# PoCL (often installed beside the NVIDIA driver) replaces the JVM's signal handlers when OpenCL platforms are listed;
# the signal-chaining library keeps the JVM's handlers first (without it the JVM was seen to crash on an H200 host).
export LD_PRELOAD="$here/jre/lib/libjsig.so${LD_PRELOAD:+:$LD_PRELOAD}"
java_opts=(-XX:+UseG1GC -XX:MaxRAMPercentage=75 ${GPUMATCH_JAVA_OPTS:-})
# bench sa's libdivsufsort peer (tools/sufcheck-bench finds its library in tools/lib by its rpath)
[ -x "$here/tools/sufcheck-bench" ] && java_opts=(-Dgpumatch.bench.sufcheck="$here/tools/sufcheck-bench" "${java_opts[@]}")
# Start-up (launcher-startup.sh): the first run makes a class-data-sharing archive of the jar's classes in cds/
# (GPUMATCH_CDS_DIR), later runs start from it (GPUMATCH_NO_CDS=1 turns it off); C1 only for a count or find on a
# small file.
. "$here/launcher-startup.sh"
# gpumatch bench ... and the bench's own main classes run the bench's jar (gpumatch-bench.jar), the rest gpumatch.jar.
jar=$here/gpumatch.jar
if [ "${1:-}" = bench ]; then
  shift
  jar=$here/gpumatch-bench.jar
fi
case "${GPUMATCH_MAIN_CLASS:-}" in org.gpumatch.bench.*|org.openjdk.jmh.*) jar=$here/gpumatch-bench.jar ;; esac
gpumatch_cds_setup "${GPUMATCH_CDS_DIR:-$here/cds}" "$here/jre" "$jar" "${java_opts[@]}"
jit_opts=()
[ -n "${GPUMATCH_MAIN_CLASS:-}" ] || gpumatch_jit_setup "$@"
java_opts+=(${cds_opts[@]+"${cds_opts[@]}"} ${jit_opts[@]+"${jit_opts[@]}"})
# GPUMATCH_MAIN_CLASS runs another main class of the jars (e.g. org.gpumatch.bench.exact.DrkWomTuning).
main=(-jar "$jar")
[ -z "${GPUMATCH_MAIN_CLASS:-}" ] || main=(-cp "$jar" "$GPUMATCH_MAIN_CLASS")
gpumatch_run "$here/jre/bin/java" "${java_opts[@]}" "${main[@]}" "$@"
LAUNCHER
chmod +x "$out/gpumatch"

size_kib=$(du -sk "$out" | cut -f1)
corpora_kib=0
[ -d "$out/corpora" ] && corpora_kib=$(du -sk "$out/corpora" | cut -f1)
echo "bundle: $out ($((size_kib / 1024)) MiB; jre $(( $(du -sk "$out/jre" | cut -f1) / 1024 )) MiB," \
     "jars $(( $(du -sk "$out/gpumatch.jar" | cut -f1) / 1024 )) + $(( $(du -sk "$out/gpumatch-bench.jar" | cut -f1) / 1024 ))" \
     "MiB (command + bench), corpora $((corpora_kib / 1024)) MiB)"
if [ $((size_kib - corpora_kib)) -gt $((limit_mib * 1024)) ]; then
  echo "bundle: larger than $limit_mib MiB without the corpora" >&2
  exit 1
fi
if [ "$size_kib" -gt $((62 * 1024)) ]; then
  echo "bundle: larger than 62 MiB in all: a GPU host takes at most 64 MiB (leave out --plots or some corpora)" >&2
  exit 1
fi
