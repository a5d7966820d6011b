#!/usr/bin/env bash
# The recorded GPU measurements, run on a GPU host with the bundle of scripts/build-gpu-bundle.sh, in steps that each
# fit one command of at most 10 minutes (each step's CSV lands in OUT/results/<device>/; `gpumatch bench results`
# merges the CSVs of one suite and day into RESULTS.md, so a grid measured in several commands reads as one run).
#
# Usage: scripts/record-gpu-results.sh [BUNDLE] [OUT] [--steps LIST] [--sigma LIST] [--corpora DIR] [--sa-corpora DIR]
#        [-- BENCH ARGS]
#   BUNDLE   the bundle folder (default .bundle/gpumatch-linux-x86_64)
#   OUT      where results/<device>/..., RESULTS.md and the logs go (default bench)
#   --steps  comma-separated, in this order (default devices,ceiling,grid,real):
#              devices  `gpumatch devices`
#              ceiling  `bench ceiling` (1 GiB)
#              sweep    the DRK-WOM-64 geometry sweep of issue 4 (org.gpumatch.bench.exact.DrkWomTuning)
#              grid     `bench exact` on 2^30 random symbols for the --sigma list (the paper's Tables 2-4 and the
#                       crossover table, its Figure 3c): m in 4,8,16,32,64,256,1024, resident GPU rows and the CPU
#                       peers on all cores (64 MiB prefix), 10 timed queries per resident row
#              real     `bench exact --sigma none --text ...` on every corpus in --corpora (the paper's Tables 5-7):
#                       all modes (resident, one-shot, CPU one thread and all cores, grep/rg)
#              primitives `bench primitives` (gpu-core's primitives at n = 2^24 and 10^8, resident), then
#                       GridProfile at 10^8 (each grid primitive's device time per launch phase)
#              kmismatch `bench kmismatch` (256 MiB DNA, m = 32..4096, every variant, the Java peers, the
#                       Cas-OFFinder-style row), 3 reps, single-thread peer on 4 MiB
#              multi    `bench multi` (the paper's Tables II-V with the auto path, and 1,000 / 10,000 / 100,000 mixed patterns on 1 GiB; peers on a 64 MiB prefix, scaled)
#              calibrate `gpumatch devices --calibrate`; the calibration file lands in OUT/calibration/
#              e2e      `bench e2e` with the bundle launcher: gpumatch count (-a auto, cpu, drk-2s) as a process
#                       next to rg (1 and one per core) and grep, DNA and random bytes of 1k, 1m, 100m, m 8, 64,
#                       1024, 5 runs each (a few minutes; rg from the PATH, else the bundle's tools/)
#              e2e-1g   the same on 1 GiB files, 3 runs each (about 5-8 minutes: run it as its own command)
#              sa       `bench sa` (GPU prefix doubling next to SA-IS, the all-core CPU builder and libdivsufsort;
#                       --size through -- ARGS; 64 MiB by default, 3 reps: about 10 minutes, use the steps below)
#              sa-100m  `bench sa --size 100000000 --reps 1` on the first half of the generated inputs (random DNA and
#                       proteins, one repeated letter 0x00 and 0xFF, Fibonacci, Thue-Morse): GPU, the all-core CPU
#                       builder and libdivsufsort (no single-thread SA-IS), every array checked (about 4-6 minutes)
#              sa-100m-b  the same on the other half (random binary, tandem repeats of period 7 and 1000, random DNA
#                       doubled, all bytes, random bytes)
#              sa-real  `bench sa --inputs none --reps 1` on the 100 MB real texts of --sa-corpora (code, dna, protein
#                       from scripts/fetch-large-corpora.sh, plain NAME.txt or NAME.txt.xz, unpacked to $TMPDIR or /tmp and
#                       checked against SHA256SUMS when present): GPU, SA-IS, the all-core CPU builder, libdivsufsort,
#                       and as processes (what a person waits for) `gpumatch sa build -a gpu` and `-a cpu` and
#                       libdivsufsort's helper (about 4-6 minutes; -- --builders gpu,cpu,libdivsufsort skips SA-IS);
#                       where dna or protein is missing, the generated 100 MB DNA and proteins of bench sa stand in
#                       (rows labelled dna and protein, not file:dna)
#              sa-1g    `bench sa --inputs none --reps 1 --builders gpu` on the 1 GiB source-code text of --sa-corpora
#                       (code-1g.txt, or code-1g.txt.xz.part-* concatenated and unpacked): first its first 536,870,911
#                       bytes (code-512m: the longest whole build, one working set), then all of it (a partitioned
#                       build: suffixes split by their first two bytes, arrays in pieces under Aparapi's 2 GiB buffer
#                       limit); built on the GPU, verified by the parallel checker, timed, rounds on stderr (add CPU
#                       peers with -- --builders gpu,cpu,libdivsufsort: libdivsufsort takes a few minutes at 1 GiB)
#              sa-1g-process  the user's number at 1 GiB: `gpumatch sa build -a gpu --timeline` as a process on the
#                       1 GiB code text of --sa-corpora (code-1g.txt; else mutated copies of code.txt made by
#                       scripts/mutated-copies.py), first its first 536,870,911 bytes (whole), then all of it
#                       (partitioned) twice, each timed with /usr/bin/time (add G1's log with
#                       GPUMATCH_JAVA_OPTS=-Xlog:gc:stderr), then `gpumatch sa check` of the 1 GiB array
#              sa-process  the user's number of the GPU builder: `gpumatch sa build -a gpu --explain` once (the
#                       algorithm it runs; it also pays NVIDIA's compile when the cache is empty), then `gpumatch sa
#                       build -a gpu --timeline code.txt -o OUT` on the 100 MB code text of --sa-corpora, three
#                       processes timed with /usr/bin/time (wall, peak RSS),
#                       `gpumatch sa check` on the array, then libdivsufsort's process (tools/sufcheck-bench: read,
#                       build, write) and `cmp` of the two arrays
#              sa-process-jvm  the same 100 MB process (`sa build -a gpu --timeline`, writing over the previous run's
#                       array, as a user's second run does) under each JVM option set of --jvm-variants, three runs
#                       each after one warm-up; prints the timeline's main stages, the process's wall, user and system
#                       time and, for a set with -Xlog:gc, the collector's pauses
#              sa-steps  the GPU builder in one JVM on the 100 MB code text of --sa-corpora: `bench sa --inputs none
#                       --reps 2 --builders gpu` (the CSV row's note holds the device time of each step and its
#                       launches, the first build's prepare, upload, initial sort, rounds)
#              sa-cpu   the CPU builders' scaling on the host's cores: `bench sa --inputs none --reps 1 --builders
#                       sais,sais-t,cpu,libdivsufsort` on the 100 MB code text of --sa-corpora (SA-IS on one thread,
#                       with lookahead helpers on 2, 3, 5, 9 and all cores, the all-core builder, libdivsufsort on one
#                       thread), then the same on the generated 100 MB random DNA and doubled text; every array
#                       checked (about 3-4 minutes)
#              sa-4g    a text past 2^32 bytes (--sa-4g-size, default 4,400,000,000): copies of the 100 MB code text of
#                       --sa-corpora with 1% of each copy's bytes replaced (scripts/mutated-copies.py, python3 with
#                       numpy), then `gpumatch sa build TEXT -o OUT --format int40 -a cpu --timeline` (the long-index
#                       SA-IS) and `gpumatch sa check` on it, each timed as a process; CSV OUT/sa-4g.csv. At 4.4 GB
#                       the builds outlast one call (506 s and libdivsufsort's 630 s on the H200 host, 2026-11-28 d):
#                       use sa-4g-start and sa-4g-wait there; this step suits smaller --sa-4g-size
#              sa-4g-peer  the same text, libdivsufsort's 64-bit build (tools/sufsort64 TEXT OUT, int64) and
#                       `gpumatch sa check --format int64` on its array, timed as processes, into the same CSV
#              sa-4g-start  the 4.4 GB run where a build takes longer than one device call: makes the text, copies the
#                       bundle, and starts in a new process session (setsid: it outlives the call while the machine is
#                       held) `sa build -a cpu --format int40` then `sa check`, and beside them libdivsufsort's 64-bit
#                       build (its array to /dev/null: only its time is wanted; memory 9n beside the builder's 13n,
#                       the builder's heap capped at --sa-4g-heap), each under --sa-4g-limit; returns at once. State,
#                       logs and CSV in ${TMPDIR:-/tmp}/gm-sa-4g/ (kept by the other steps)
#              sa-4g-wait  waits for what sa-4g-start began, at most --sa-4g-wait seconds (default 540), printing
#                       its progress each minute, then copies its CSV (OUT/sa-4g.csv) and logs to OUT; run it in the
#                       next call (within the machine's 30 s of warmth) until it reports the run finished
#              oneshot  `count --explain` (-a drk-2s and auto) on 1 GiB of random DNA and of random bytes, m 8, 64,
#                       1024, each as a timed process: the one-shot pipeline's stages and rate (about 1-2 minutes)
#              startup  `count` on a 1000-byte DNA file, 5 runs each of auto and drk-2s (process wall time)
#              offtargets `gpumatch offtargets` as a process (3 runs after a warm-up, then one profiled run for the
#                       device time) next to Cas-OFFinder 3.0.0 (the bundle's tools/cas-offinder, device G; C for the CPU
#                       row) on synthetic FASTA genomes in the page cache (random bases, soft-masked stretches, N runs):
#                       1 GiB in 4 records and 3.1 Gbp in 24 records on the GPU, 128 MB in 1 record on the CPU
#                       (--device java vs C); 100 guides of 20 nt + NGG, k = 4; the two outputs compared hit for hit.
#                       CSV: OUT/results/<device>/DATE-offtargets.csv (about 2-3 minutes; rows through -- --rows ...)
#              device-sets  issue 26's scaling: `gpumatch offtargets` (3.1 Gbp in 24 records, 100 guides + NGG,
#                       k = 4) and `gpumatch count --patterns-file` (10,000 patterns of 8-32 bytes, 4 GiB of DNA) as
#                       processes with --devices 0, 0,1 and 0,1,2,3 (a warm-up, then 3 runs each), every output
#                       compared byte for byte with the one-device output (org.gpumatch.bench.devices.DeviceSetsBench).
#                       CSV: OUT/results/<device>/DATE-devices.csv. Run it on nvidia-h200-x2 or -x4 (a set larger than
#                       the host's GPUs is recorded with its error); about 5-8 minutes (-- --rows offtargets, or
#                       -- --devices 1,2 --runs 2 to shorten)
#              legacy   issue 4's run: `bench exact --sigma 8,2` with m 1..1024 and DRK-WOM-32/64 and HRK
#              probe    issue 21's tile-shape probe (org.gpumatch.gpu.primitives.TileShapeProbe at 10^8, work-groups per
#                       compute unit 1,2,4,8: copy, staged, the grid's scan downsweep alone, a Kogge-Stone group
#                       scan, beside GridKernel's scan)
#              nv-registers  the registers NVIDIA's OpenCL compiler gives every kernel class of the project
#                       (org.gpumatch.bench.kernels.KernelRegisters: each class compiled in turn, ptxas' lines after
#                       its name), then the primitives under register caps: GridProfile at 10^8 (layers scan,sort,
#                       geometries --nv-geometries, default 256:2,256:3,256:4) once per cap in --nv-caps (default
#                       none,64,80,96,128), all with the bundle's tools/lib/libclbuildopts.so preloaded
#                       (gpu-core/scripts/cl-build-options.c: adds "-cl-nv-verbose -cl-nv-maxrregcount=CAP" to
#                       Aparapi's builds and prints the build logs); about 1 minute, then 40 s per cap
#   --sigma  the random alphabets of the grid step (default 1,2,3,4,5,6,7,8; split it over commands, e.g.
#            --sigma 1,2 then 3,4, 5,6 and 7,8: each sigma costs about a minute plus the slowest device algorithm's
#            21 x 7 queries over 1 GiB; the progress lines carry the seconds since the start)
#   --corpora  a folder of real texts, NAME.txt.gz or NAME.txt (scripts/fetch-corpora.sh --gzip), each measured as
#            file:NAME (default BUNDLE/corpora when it exists)
#   --sa-corpora  the folder of scripts/fetch-large-corpora.sh's files for sa-real and sa-1g (its xz/ folder or its
#            plain texts; default BUNDLE/../sa-corpora, i.e. .bundle/sa-corpora beside the default bundle). xz comes from
#            the PATH, else the bundle's tools/
#   --sa-4g-size  the text length of the sa-4g steps in bytes (default 4400000000)
#   --sa-4g-limit  seconds each build and check of the sa-4g steps may take before it is stopped (default 480, so
#            that generation, build and check fit one 10-minute device call; a stopped one is recorded with exit 124)
#   --sa-4g-heap  the builder's heap in sa-4g-start (GPUMATCH_HEAP, default 72g)
#   --sa-4g-wait  seconds sa-4g-wait waits at most (default 540)
#   --jvm-variants  the JVM option sets of sa-process-jvm, separated by ';' (each as GPUMATCH_JAVA_OPTS; "default"
#            for none; default "default;-Xlog:gc:stderr")
#   --nv-caps  the register caps of the nv-registers step (none or N, comma-separated; default none,64,80,96,128)
#   --nv-geometries  the nv-registers step's GridProfile geometries L:groupsPerCU (default 256:2,256:3,256:4)
#   -- ARGS  more options for every `bench exact` (and `bench sa`) of this call (e.g. --algorithms drk,drk-2s --reps 20 --modes ...);
#            later options override the step's own
# Examples (one command each):
#   scripts/record-gpu-results.sh B bench --steps devices,ceiling,grid --sigma 1,2
#   scripts/record-gpu-results.sh B bench --steps grid --sigma 3,4
#   scripts/record-gpu-results.sh B bench --steps grid --sigma 5,6
#   scripts/record-gpu-results.sh B bench --steps grid --sigma 7,8
#   scripts/record-gpu-results.sh B bench --steps real
#   scripts/record-gpu-results.sh B bench --steps e2e
#   scripts/record-gpu-results.sh B bench --steps e2e-1g
#   scripts/record-gpu-results.sh B bench --steps sa-100m
#   scripts/record-gpu-results.sh B bench --steps sa-100m-b
#   scripts/record-gpu-results.sh B bench --steps sa-real --sa-corpora .bundle/sa-corpora
#   scripts/record-gpu-results.sh B bench --steps sa-1g --sa-corpora .bundle/sa-corpora
#   scripts/record-gpu-results.sh B bench --steps sa-cpu --sa-corpora .bundle/sa-corpora
#   scripts/record-gpu-results.sh B bench --steps sa-4g --sa-corpora .bundle/sa-corpora
#   scripts/record-gpu-results.sh B bench --steps sa-4g-peer --sa-corpora .bundle/sa-corpora
set -uo pipefail
bundle=.bundle/gpumatch-linux-x86_64
out=bench
positional=0
steps=devices,ceiling,grid,real
sigmas=1,2,3,4,5,6,7,8
corpora=""
sa_corpora=""
nv_caps="none,64,80,96,128"
nv_geometries="256:2,256:3,256:4"
sa_4g_size=4400000000
sa_4g_limit=480
sa_4g_heap=72g
sa_4g_wait=540
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) steps=${2:?--steps needs a list}; shift 2 ;;
    --sigma) sigmas=${2:?--sigma needs a list}; shift 2 ;;
    --corpora) corpora=${2:?--corpora needs a folder}; shift 2 ;;
    --sa-corpora) sa_corpora=${2:?--sa-corpora needs a folder}; shift 2 ;;
    --jvm-variants) jvm_variants=${2:?--jvm-variants needs a list}; shift 2 ;;
    --nv-caps) nv_caps=${2:?--nv-caps needs a list}; shift 2 ;;
    --nv-geometries) nv_geometries=${2:?--nv-geometries needs a list}; shift 2 ;;
    --sa-4g-size) sa_4g_size=${2:?--sa-4g-size needs a byte count}; shift 2 ;;
    --sa-4g-limit) sa_4g_limit=${2:?--sa-4g-limit needs seconds}; shift 2 ;;
    --sa-4g-heap) sa_4g_heap=${2:?--sa-4g-heap needs a size}; shift 2 ;;
    --sa-4g-wait) sa_4g_wait=${2:?--sa-4g-wait needs seconds}; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "record: unknown option $1" >&2; exit 2 ;;
    *)
      case $positional in
        0) bundle=$1 ;;
        1) out=$1 ;;
        *) echo "record: unexpected argument $1" >&2; exit 2 ;;
      esac
      positional=$((positional + 1)); shift ;;
  esac
done
gm="$bundle/gpumatch"
[ -x "$gm" ] || { echo "record: no bundle launcher at $gm (scripts/build-gpu-bundle.sh)" >&2; exit 2; }
if [ -z "$corpora" ] && [ -d "$bundle/corpora" ]; then
  corpora="$bundle/corpora"
fi
[ -n "$sa_corpora" ] || sa_corpora="$bundle/../sa-corpora"
mkdir -p "$out/results"
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }
status=0
run() { "$@" || { rc=$?; echo "record: exit $rc: $*" >&2; status=$rc; }; }
# nv_run OPTIONS MAIN_CLASS ARGS...: the bundle's MAIN_CLASS with gpu-core/scripts/cl-build-options.c preloaded (OPTIONS
# added to every OpenCL build, each build's log printed), its output kept in a file so that `run` records its exit
# status, then only ptxas' lines and the tool's rows
nv_run() {
  local opts=$1 main=$2 log
  shift 2
  log=$(mktemp)
  LD_PRELOAD="$bundle/tools/lib/libclbuildopts.so" GPUMATCH_CL_BUILD_OPTIONS="$opts" GPUMATCH_CL_BUILD_LOG=1 \
    GPUMATCH_MAIN_CLASS="$main" run "$gm" "$@" > "$log" 2>&1
  grep -a -E "^compiling|^kernel |^failed|^L=|^device|cl-build-options|ptxas info *: (Used|Compiling)|spill|rror|xception" \
      "$log" | grep -a -v "bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" | cut -c1-400
  rm -f "$log"
}
ms=4,8,16,32,64,256,1024
shm=/dev/shm; [ -w "$shm" ] || shm=${TMPDIR:-/tmp}
# 1 GiB of random DNA (gm-oneshot.dna) and of random bytes (gm-oneshot.bin) for the oneshot step.
oneshot_files() {
  head -c 1073741824 /dev/urandom > "$shm/gm-oneshot.bin"
  tr '\000-\377' "$(printf 'ACGT%.0s' $(seq 64))" < "$shm/gm-oneshot.bin" > "$shm/gm-oneshot.dna"
}

# The generated inputs of bench sa, in two halves of about equal time at 100 MB.
sa_inputs_a="dna,protein,repeated 0x00,repeated 0xFF,fibonacci,thue-morse"
sa_inputs_b="random binary,tandem period 7,tandem period 1000,random doubled,all bytes,random 256"
# xz on the PATH, else the bundle's (tools/xz with tools/lib)
xz_dc() {
  if command -v xz >/dev/null 2>&1; then
    xz -dc "$@"
  else
    LD_LIBRARY_PATH="$bundle/tools/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$bundle/tools/xz" -dc "$@"
  fi
}
# Unpacked large corpora go to disk, not /dev/shm (which may be small in a container): TMPDIR or /tmp.
sa_tmp=${TMPDIR:-/tmp}/gm-sa
# sa_text NAME: prints the path of the plain text NAME.txt of --sa-corpora (its top or its xz/ folder), unpacking
# NAME.txt.xz or NAME.txt.xz.part-* to $sa_tmp/ when only those are there, and checks it against SHA256SUMS when
# that lists it; fails with a message when there is none.
sa_text() {
  local name=$1 d f sums
  for d in "$sa_corpora" "$sa_corpora/xz"; do
    if [ -f "$d/$name.txt" ]; then f="$d/$name.txt"; break; fi
  done
  if [ -z "${f:-}" ]; then
    mkdir -p "$sa_tmp"
    f="$sa_tmp/$name.txt"
    if [ ! -f "$f" ]; then
      for d in "$sa_corpora" "$sa_corpora/xz"; do
        if [ -f "$d/$name.txt.xz" ]; then
          xz_dc "$d/$name.txt.xz" > "$f.tmp" && mv "$f.tmp" "$f"; break
        elif ls "$d/$name.txt.xz.part-"* >/dev/null 2>&1; then
          cat "$d/$name.txt.xz.part-"* | xz_dc > "$f.tmp" && mv "$f.tmp" "$f"; break
        fi
      done
    fi
    if [ ! -f "$f" ]; then
      rm -f "$f.tmp"
      echo "record: no $name.txt, $name.txt.xz or $name.txt.xz.part-* in $sa_corpora (scripts/fetch-large-corpora.sh)" >&2
      return 1
    fi
  fi
  for sums in "$sa_corpora/SHA256SUMS" "$sa_corpora/xz/SHA256SUMS"; do
    if [ -f "$sums" ] && grep -q " $name.txt\$" "$sums"; then
      if [ "$(sha256sum < "$f" | cut -d' ' -f1)" != "$(grep " $name.txt\$" "$sums" | cut -d' ' -f1)" ]; then
        echo "record: $f does not match its SHA256SUMS entry (a part missing or damaged?)" >&2
        return 1
      fi
      echo "record: $f matches SHA256SUMS" >&2
      break
    fi
  done
  echo "$f"
}

# timed_row STEP LABEL COMMAND...: runs the command, prints and appends to OUT/sa-4g.csv its wall seconds and exit
# status (and, where /usr/bin/time is there, its peak resident memory).
timed_row() {
  local what=$1 label=$2 t0 t1 rc rss="" rss_file
  shift 2
  t0=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    mkdir -p "$sa_tmp"
    rss_file="$sa_tmp/rss.$BASHPID"
    /usr/bin/time -f "%M" -o "$rss_file" "$@"; rc=$?
    rss=$(tail -1 "$rss_file"); rm -f "$rss_file"
  else
    "$@"; rc=$?
  fi
  t1=$(date +%s.%N)
  [ -f "$out/sa-4g.csv" ] || echo "date,step,label,bytes,seconds,exit,peak_rss_kib" > "$out/sa-4g.csv"
  local secs
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  echo "$(date -u +%FT%TZ),$what,$label,$sa_4g_size,$secs,$rc,$rss" >> "$out/sa-4g.csv"
  echo "record: $what $label: $secs s, exit $rc${rss:+, peak RSS $rss KiB}"
  [ "$rc" = 0 ] || status=$rc
}

# timed_process COMMAND...: runs it (through `run`) and prints "process S s wall" after it, with the peak resident
# memory where /usr/bin/time is there
timed_process() {
  if [ -x /usr/bin/time ]; then
    run /usr/bin/time -f "process %e s wall, %U s user, %S s system, %M KiB" "$@"
  else
    local t0
    t0=$(date +%s.%N)
    run "$@"
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "process %.2f s wall\n", b - a }'
  fi
}

IFS=, read -r -a wanted <<< "$steps"
for s in "${wanted[@]}"; do
  case "$s" in
    devices)
      step devices
      run "$gm" devices ;;
    ceiling)
      step ceiling
      run "$gm" bench ceiling --device gpu --out "$out/results" ;;
    sweep)
      step drk-wom geometry sweep
      GPUMATCH_MAIN_CLASS=org.gpumatch.bench.exact.DrkWomTuning GPUMATCH_JAVA_OPTS=-Dcom.aparapi.enableProfiling=true \
        run "$gm" --device gpu --size 1073741824 --reps 20 --m 1,4,5,8 --geometry 256x32,256x64,128x32,512x16 ;;
    grid)
      step "exact grid, sigma $sigmas"
      run "$gm" bench exact --device gpu --out "$out/results" --sigma "$sigmas" --m "$ms" --reps 10 \
        --cpu-size 64M --modes resident,cpu-all ${extra[@]+"${extra[@]}"} ;;
    real)
      step "exact real texts from ${corpora:-(none)}"
      texts=""
      if [ -n "$corpora" ]; then
        for f in "$corpora"/*.txt.gz "$corpora"/*.txt; do
          [ -e "$f" ] || continue
          name=$(basename "$f"); name=${name%.gz}; name=${name%.txt}
          case ",$texts" in *",$name="*) continue ;; esac # NAME.txt.gz wins over NAME.txt
          texts="${texts:+$texts,}$name=$f"
        done
      fi
      if [ -z "$texts" ]; then
        echo "record: no corpora (NAME.txt.gz or NAME.txt) in ${corpora:-BUNDLE/corpora}; use --corpora DIR" >&2
        status=2
        continue
      fi
      run "$gm" bench exact --device gpu --out "$out/results" --sigma none --text "$texts" --m "$ms" --reps 20 \
        ${extra[@]+"${extra[@]}"} ;;
    primitives)
      step primitives
      run "$gm" bench primitives --device gpu --out "$out/results" ${extra[@]+"${extra[@]}"}
      # where each grid primitive's device time goes, per launch phase (upsweep, spine, downsweep), at 10^8
      step primitives-profile
      GPUMATCH_MAIN_CLASS=org.gpumatch.gpu.primitives.GridProfile run "$gm" 100000000 256:2 ;;
    probe)
      step probe
      GPUMATCH_MAIN_CLASS=org.gpumatch.gpu.primitives.TileShapeProbe run "$gm" 100000000 2,4,8 ;;
    nv-registers)
      step "nv-registers: every kernel class, NVIDIA's registers"
      nv_run -cl-nv-verbose org.gpumatch.bench.kernels.KernelRegisters gpu
      for cap in ${nv_caps//,/ }; do
        opts="-cl-nv-verbose"
        [ "$cap" = none ] || opts="$opts -cl-nv-maxrregcount=$cap"
        step "nv-registers: GridProfile 10^8 $nv_geometries scan,sort with $opts"
        nv_run "$opts" org.gpumatch.gpu.primitives.GridProfile 100000000 "$nv_geometries" gpu scan,sort
      done ;;
    kmismatch)
      step kmismatch
      run "$gm" bench kmismatch --device gpu --out "$out/results" --reps 3 --cpu-size 4M ${extra[@]+"${extra[@]}"} ;;
    multi)
      step multi
      # the bundle's rg (tools/, with its libraries in tools/lib) for hosts without one: the suite looks on the PATH
      PATH="$PATH:$bundle/tools" LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$bundle/tools/lib" \
        run "$gm" bench multi --device gpu --out "$out/results" --reps 3 --size 1G ${extra[@]+"${extra[@]}"} ;;
    calibrate)
      step calibrate
      mkdir -p "$out/calibration"
      GPUMATCH_JAVA_OPTS="-Dgpumatch.calibration=$out/calibration/calibration.properties" run "$gm" devices --calibrate ;;
    e2e)
      step "e2e: gpumatch as a process next to rg and grep, 1k-100m"
      run "$gm" bench e2e --device gpu --launcher "$gm" --out "$out/results" --sizes 1k,1m,100m --reps 5 \
        ${extra[@]+"${extra[@]}"} ;;
    e2e-1g)
      step "e2e: gpumatch as a process next to rg and grep, 1 GiB"
      run "$gm" bench e2e --device gpu --launcher "$gm" --out "$out/results" --sizes 1g --reps 3 ;;
    sa)
      step "suffix arrays: bench sa (GPU prefix doubling, SA-IS, the all-core CPU builder, libdivsufsort if built)"
      run "$gm" bench sa --device gpu --out "$out/results" --reps 1 ${extra[@]+"${extra[@]}"} ;;
    sa-100m|sa-100m-b)
      inputs=$sa_inputs_a; [ "$s" = sa-100m ] || inputs=$sa_inputs_b
      step "suffix arrays: bench sa at 100,000,000 bytes: $inputs"
      run "$gm" bench sa --device gpu --out "$out/results" --size 100000000 --reps 1 --inputs "$inputs" \
        --builders gpu,cpu,libdivsufsort ${extra[@]+"${extra[@]}"} ;;
    sa-real)
      step "suffix arrays: bench sa on the 100 MB real texts of $sa_corpora"
      texts=""
      generated=""
      for name in code dna protein; do
        f=$(sa_text "$name") || { status=2; [ "$name" = code ] || generated="${generated:+$generated,}$name"; continue; }
        texts="${texts:+$texts,}$name=$f"
      done
      if [ -n "$texts" ]; then
        run "$gm" bench sa --device gpu --out "$out/results" --inputs none --reps 1 --text "$texts" \
          --launcher "$gm" ${extra[@]+"${extra[@]}"}
      fi
      if [ -n "$generated" ]; then
        step "suffix arrays: no fetched $generated: bench sa on the generated 100 MB $generated instead"
        run "$gm" bench sa --device gpu --out "$out/results" --size 100000000 --reps 1 --inputs "$generated" \
          ${extra[@]+"${extra[@]}"}
      fi
      rm -rf "$sa_tmp" ;;
    sa-1g)
      step "suffix arrays: bench sa on 1 GiB of source code ($sa_corpora), GPU build verified by the checker"
      f=$(sa_text code-1g) || { status=2; continue; }
      for cut in 536870911 whole; do
        size=(--size "$cut"); label=code-512m
        [ "$cut" = whole ] && { size=(); label=code-1g; }
        run "$gm" bench sa --device gpu --out "$out/results" --inputs none --reps 1 --builders gpu "${size[@]}" \
          --text "$label=$f" ${extra[@]+"${extra[@]}"}
      done
      rm -rf "$sa_tmp" ;;
    sa-1g-process)
      step "suffix arrays: sa build -a gpu of 512 MiB and 1 GiB (twice) of source code as processes"
      mkdir -p "$sa_tmp" # the 512 MiB head and the arrays go there, whichever 1 GiB text is used
      if ! f=$(sa_text code-1g 2>/dev/null); then
        src=$(sa_text code) || { status=2; continue; }
        f="$sa_tmp/code-1g.txt"
        [ "$(stat -c %s "$f" 2>/dev/null)" = 1073741824 ] ||
          run python3 "$(dirname "$0")/mutated-copies.py" "$src" "$f" 1073741824
      fi
      head -c 536870911 "$f" > "$sa_tmp/code-512m.txt"
      for t in "$sa_tmp/code-512m.txt" "$f" "$f"; do
        rm -f "$sa_tmp/big.sa"
        timed_process "$gm" sa build -a gpu --timeline "$t" -o "$sa_tmp/big.sa"
      done
      timed_process "$gm" sa check "$f" "$sa_tmp/big.sa"
      rm -rf "$sa_tmp" ;;
    sa-steps)
      step "suffix arrays: the GPU builder's device time by step on the 100 MB code text (bench sa, in one JVM)"
      if f=$(sa_text code); then
        run "$gm" bench sa --device gpu --out "$out/results" --inputs none --reps 2 --builders gpu --text "code=$f" \
          ${extra[@]+"${extra[@]}"}
      else
        status=2
      fi ;;
    sa-process)
      step "suffix arrays: sa build -a gpu of the 100 MB code text as a process, three runs"
      if f=$(sa_text code); then
        mkdir -p "$sa_tmp"
        echo "run 0 (--explain: the algorithm and the estimates, which cost the run about 0.7 s of its own):"
        timed_process "$gm" sa build -a gpu --explain "$f" -o "$sa_tmp/code.sa"
        for r in 1 2 3; do
          echo "run $r:"
          timed_process "$gm" sa build -a gpu --timeline "$f" -o "$sa_tmp/code.sa"
        done
        run "$gm" sa check "$f" "$sa_tmp/code.sa"
        if [ -x "$bundle/tools/sufcheck-bench" ]; then
          step "suffix arrays: libdivsufsort's process on the same text (read, build, write)"
          timed_process "$bundle/tools/sufcheck-bench" "$f" "$sa_tmp/ds.sa" 0
          cmp "$sa_tmp/code.sa" "$sa_tmp/ds.sa" && echo "arrays identical" || status=1
        fi
      else
        status=2
      fi
      rm -rf "$sa_tmp" ;;
    sa-process-jvm)
      step "suffix arrays: sa build -a gpu of the 100 MB code text as a process under JVM option sets"
      if f=$(sa_text code); then
        mkdir -p "$sa_tmp"
        IFS=';' read -r -a variants <<< "${jvm_variants:-default;-Xlog:gc:stderr}"
        for v in "${variants[@]}"; do
          [ "$v" = default ] && v=""
          echo "--- JVM options: ${v:-(none)}"
          GPUMATCH_JAVA_OPTS="$v" "$gm" sa build -a gpu "$f" -o "$sa_tmp/code.sa" 2>/dev/null
          for r in 1 2 3; do
            timed_process env GPUMATCH_JAVA_OPTS="$v" "$gm" sa build -a gpu --timeline "$f" -o "$sa_tmp/code.sa" \
              2> "$sa_tmp/run.err"
            grep -a -E "process |conversion|kernel compile|wait for|upload|rounds|write array|release|command done|host arrays|Pause|ptxas info *: Used" \
              "$sa_tmp/run.err" | sed 's/^gpumatch: sa build: *//' | cut -c1-160
          done
        done
        run "$gm" sa check "$f" "$sa_tmp/code.sa"
      else
        status=2
      fi
      rm -rf "$sa_tmp" ;;
    sa-cpu)
      step "suffix arrays: the CPU builders on the host's cores (SA-IS and its lookahead helpers, libdivsufsort)"
      if f=$(sa_text code); then
        run "$gm" bench sa --out "$out/results" --inputs none --reps 1 --text "code=$f" \
          --builders sais,sais-t,cpu,libdivsufsort ${extra[@]+"${extra[@]}"}
      else
        status=2
      fi
      run "$gm" bench sa --out "$out/results" --size 100000000 --reps 1 --inputs "dna,random doubled" \
        --builders sais,sais-t,cpu,libdivsufsort ${extra[@]+"${extra[@]}"}
      rm -rf "$sa_tmp" ;;
    sa-4g|sa-4g-peer)
      src=$(sa_text code) || { status=2; continue; }
      big="$sa_tmp/code-copies-$sa_4g_size.txt"
      step "suffix arrays past 2^32 bytes ($s): $sa_4g_size bytes of mutated copies of $src"
      if [ "$(stat -c %s "$big" 2>/dev/null)" != "$sa_4g_size" ]; then
        timed_row "$s" generate python3 "$(dirname "$0")/mutated-copies.py" "$src" "$big" "$sa_4g_size"
      fi
      if [ "$s" = sa-4g ]; then
        timed_row "$s" "sa build -a cpu int40" timeout "$sa_4g_limit" "$gm" sa build "$big" -o "$sa_tmp/big.sa" \
          --format int40 -a cpu --timeline
        timed_row "$s" "sa check int40" timeout "$sa_4g_limit" "$gm" sa check "$big" "$sa_tmp/big.sa" --format int40
        rm -f "$sa_tmp/big.sa"
      elif [ -x "$bundle/tools/sufsort64" ]; then
        timed_row "$s" "divsufsort64 int64" timeout "$sa_4g_limit" "$bundle/tools/sufsort64" "$big" "$sa_tmp/big.sa64"
        timed_row "$s" "sa check int64" timeout "$sa_4g_limit" "$gm" sa check "$big" "$sa_tmp/big.sa64" --format int64
        rm -f "$sa_tmp/big.sa64"
      else
        echo "record: no $bundle/tools/sufsort64 (scripts/build-gpu-bundle.sh builds it with network)" >&2
        status=2
      fi ;;
    sa-4g-start)
      src=$(sa_text code) || { status=2; continue; }
      bg=${TMPDIR:-/tmp}/gm-sa-4g
      if [ -f "$bg/running" ]; then
        echo "record: a sa-4g run is under way in $bg (sa-4g-wait)" >&2; status=2; continue
      fi
      mkdir -p "$bg/out"
      big="$bg/code-copies-$sa_4g_size.txt"
      step "suffix arrays past 2^32 bytes, in the background: $sa_4g_size bytes of mutated copies of $src"
      if [ "$(stat -c %s "$big" 2>/dev/null)" != "$sa_4g_size" ]; then
        sa_tmp="$bg" out="$bg/out" timed_row sa-4g generate python3 "$(dirname "$0")/mutated-copies.py" "$src" "$big" \
          "$sa_4g_size"
      fi
      # a copy of the bundle and of this script: the next call's working tree replaces the carried ones
      rm -rf "$bg/bundle" "$bg/record.sh" "$bg/mutated-copies.py"
      cp -r "$bundle" "$bg/bundle"
      cp "$0" "$bg/record.sh"
      touch "$bg/running"
      setsid nohup "$bg/record.sh" "$bg/bundle" "$bg/out" --steps sa-4g-bg --sa-corpora "$sa_corpora" \
        --sa-4g-size "$sa_4g_size" --sa-4g-limit "$sa_4g_limit" --sa-4g-heap "$sa_4g_heap" > "$bg/run.log" 2>&1 < /dev/null &
      echo "record: sa-4g run started (process $!), log $bg/run.log; collect it with --steps sa-4g-wait" ;;
    sa-4g-bg) # sa-4g-start's run itself, in its own session: the builder then its check, the peer beside them
      bg=${TMPDIR:-/tmp}/gm-sa-4g
      big="$bg/code-copies-$sa_4g_size.txt"
      sa_tmp="$bg"
      step "sa-4g-bg: sa build and check (heap $sa_4g_heap) beside divsufsort64, each under $sa_4g_limit s"
      (
        GPUMATCH_HEAP=$sa_4g_heap timed_row sa-4g "sa build -a cpu int40 (beside divsufsort64)" timeout "$sa_4g_limit" \
          "$gm" sa build "$big" -o "$bg/big.sa" --format int40 -a cpu --timeline --explain
        timed_row sa-4g "sa check int40" timeout "$sa_4g_limit" "$gm" sa check "$big" "$bg/big.sa" --format int40
        rm -f "$bg/big.sa"
      ) > "$bg/build.log" 2>&1 &
      if [ -x "$bundle/tools/sufsort64" ]; then
        timed_row sa-4g-peer "divsufsort64 int64 to /dev/null (beside sa build)" timeout "$sa_4g_limit" \
          "$bundle/tools/sufsort64" "$big" /dev/null > "$bg/peer.log" 2>&1
      else
        echo "record: no $bundle/tools/sufsort64: the peer is left out" >&2
      fi
      wait
      echo "record: sa-4g-bg finished $(date -u +%FT%TZ)"
      rm -f "$bg/running"
      touch "$bg/finished" ;;
    sa-4g-wait)
      bg=${TMPDIR:-/tmp}/gm-sa-4g
      step "waiting for the sa-4g run in $bg (at most $sa_4g_wait s)"
      [ -d "$bg" ] || { echo "record: no sa-4g run in $bg (sa-4g-start)" >&2; status=2; continue; }
      t_end=$(( $(date +%s) + sa_4g_wait ))
      while [ -f "$bg/running" ] && [ "$(date +%s)" -lt "$t_end" ]; do
        sleep 10
        if [ $(( ($(date +%s) - t_end + sa_4g_wait) % 60 )) -lt 10 ]; then
          echo "--- $(date -u +%H:%M:%S): $(tail -c 300 "$bg/build.log" 2>/dev/null | tr '\r' '\n' | tail -1)" \
            "| rss $(ps -C java -o rss= 2>/dev/null | sort -n | tail -1) KiB; free $(free -g | awk '/Mem/ {print $7}') GiB"
        fi
      done
      [ -f "$bg/out/sa-4g.csv" ] && cp "$bg/out/sa-4g.csv" "$out/sa-4g.csv"
      for f in run build peer; do
        [ -f "$bg/$f.log" ] && cp "$bg/$f.log" "$out/sa-4g-$f.log"
      done
      cat "$bg/out/sa-4g.csv" 2>/dev/null
      if [ -f "$bg/finished" ]; then
        echo "record: the sa-4g run finished"
      else
        echo "record: the sa-4g run is still going: --steps sa-4g-wait again" >&2; status=3
      fi ;;
    oneshot)
      step "one-shot count pipeline: 1 GiB DNA and random bytes, m 8, 64, 1024, drk-2s and auto, --explain"
      oneshot_files
      for kind in dna bin; do
        for m in 8 64 1024; do
          pat=$(head -c $((1000000 + m)) "$shm/gm-oneshot.$kind" | tail -c "$m" | od -An -v -tx1 | tr -d ' \n')
          for alg in drk-2s auto; do
            echo "--- $kind m=$m -a $alg"
            { TIMEFORMAT="process wall %R s"; time "$gm" count -a "$alg" --explain --hex -p "$pat" \
              "$shm/gm-oneshot.$kind"; } 2>&1 | grep -v '^WARNING' 
          done
        done
      done
      rm -f "$shm"/gm-oneshot.* ;;
    startup)
      step "start-up: a 1000-byte file, 5 runs each of count (auto) and count -a drk-2s"
      head -c 1000 /dev/urandom | tr '\000-\377' "$(printf 'ACGT%.0s' $(seq 64))" > "$out/tiny.dna"
      for alg in auto drk-2s; do
        for i in 1 2 3 4 5; do
          { TIMEFORMAT="count -a $alg: %R s"; time "$gm" count -a "$alg" -p GATTACA "$out/tiny.dna" >/dev/null; } 2>&1 \
            | grep -v '^WARNING'
        done
      done ;;
    offtargets)
      step "off-targets: gpumatch offtargets next to Cas-OFFinder 3.0.0, 100 guides + NGG, k = 4"
      # Cas-OFFinder needs NVIDIA's OpenCL registered as the launcher does it (a private vendors folder).
      cas_vendors=""
      for lib in /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 \
                 /usr/local/nvidia/lib64/libnvidia-opencl.so.1; do
        if [ -e "$lib" ] && ! grep -qs libnvidia-opencl /etc/OpenCL/vendors/*.icd; then
          cas_vendors=$(mktemp -d)
          echo "$lib" > "$cas_vendors/nvidia.icd"
          for icd in /etc/OpenCL/vendors/*.icd; do [ -e "$icd" ] && cp "$icd" "$cas_vendors/"; done
          break
        fi
      done
      echo "record: OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-} cas_vendors=$cas_vendors; $(ls /etc/OpenCL/vendors 2>&1 | tr '\n' ' ')"
      "$gm" devices 2>&1 | grep -v '^WARNING' | head -6
      cas="$bundle/tools/cas-offinder/cas-offinder.sh"
      [ -x "$cas" ] || { echo "record: no Cas-OFFinder in the bundle: its rows are left out" >&2; cas=""; }
      cas_ld=""
      ldconfig -p 2>/dev/null | grep -q 'libOpenCL.so.1 ' || cas_ld="$bundle/native"
      # OT_VARIANTS="NAME=JVM OPTIONS;..." adds process rows run with GPUMATCH_JAVA_OPTS (e.g. heap flags).
      ot_work="${TMPDIR:-/tmp}/gm-offtargets"
      OT_CAS_VENDORS="$cas_vendors" OT_CAS_LD="$cas_ld" GPUMATCH_MAIN_CLASS=org.gpumatch.bench.offtargets.OffTargetsBench \
        run "$gm" --gpumatch "$gm" ${cas:+--cas-offinder "$cas"} --work "$ot_work" --out "$out/results" \
        --rows 1g:4:gpu,3100m:24:gpu,128m:1:cpu --keep-genomes true --variants "${OT_VARIANTS:-}" ${extra[@]+"${extra[@]}"}
      # The reader alone in fresh JVMs on the same files (what a cold process pays for read + pack; user and system
      # CPU, collector and JIT time; --profile: the reader threads' top frames), then three reads in one JVM (warm).
      # OT_READER_VARIANTS="NAME=JVM OPTIONS|BLOCK_BYTES;..." adds fresh-JVM variants.
      ot_log="$out/results/$(ls "$out/results" | head -1)/$(date -u +%F)-offtargets.log"
      for g in "$ot_work"/genome-1g-4/genome.fa "$ot_work"/genome-3100m-24/genome.fa; do
        [ -f "$g" ] || continue
        IFS=';' read -r -a ot_rv <<< "default=|;profiled=|--profile;${OT_READER_VARIANTS:-}"
        for v in "${ot_rv[@]}"; do
          [ -n "$v" ] || continue
          name=${v%%=*}; rest=${v#*=}; opts=${rest%%|*}; arg=${rest#*|}
          # shellcheck disable=SC2086 # opts and arg are split on purpose
          line=$(timeout 120 "$bundle/jre/bin/java" -XX:+UseG1GC -XX:MaxRAMPercentage=75 $opts -cp "$bundle/gpumatch-bench.jar" \
            org.gpumatch.bench.offtargets.FastaReadTiming "$g" "$(nproc)" 1 $arg 2>&1)
          printf 'reader alone, fresh JVM, %s [%s: %s %s]: %s\n' "${g#"$ot_work"/}" "$name" "$opts" "$arg" "$line" | tee -a "$ot_log"
        done
        line=$(timeout 120 "$bundle/jre/bin/java" -XX:+UseG1GC -XX:MaxRAMPercentage=75 -cp "$bundle/gpumatch-bench.jar" \
          org.gpumatch.bench.offtargets.FastaReadTiming "$g" "$(nproc)" 3 2>&1)
        printf 'reader alone, one JVM, 3 reads, %s:\n%s\n' "${g#"$ot_work"/}" "$line" | tee -a "$ot_log"
      done
      # kmismatch as processes on raw random DNA (issue 22: `auto` never slower than another path of the same machine):
      # one 23-symbol pattern, k = 4, 128 MiB and 1 GiB, -a cpu / auto / --device gpu -a bit-parallel (a warm-up, then
      # runs); then 10 patterns (--patterns-file, one pass) on 128 MiB, one strand and --both-strands, auto.
      ot_km() { # ot_km LABEL RUNS ARGS...: prints wall time, the count and the plan of each run
        local label=$1 runs=$2 r t0 t1 n plan; shift 2
        "$gm" kmismatch "$@" > /dev/null 2>&1
        for r in $(seq "$runs"); do
          t0=$(date +%s%N)
          n=$("$gm" kmismatch "$@" 2> "$ot_work/km.err")
          t1=$(date +%s%N)
          plan=$(grep -m1 -E 'plan|algorithm' "$ot_work/km.err" | cut -c1-200)
          printf 'kmismatch %s run %d: %.3f s, count %s; %s\n' "$label" "$r" "$(( (t1 - t0) / 1000000 ))e-3" "$n" "$plan" | tee -a "$ot_log"
        done
      }
      for mib in 128 1024; do
        head -c $((mib << 20)) /dev/urandom | tr '\000-\377' "$(printf 'ACGT%.0s' $(seq 64))" > "$ot_work/dna.txt"
        pat=$(head -c 1000023 "$ot_work/dna.txt" | tail -c 23)
        runs=3; [ "$mib" -gt 128 ] && runs=2
        ot_km "${mib} MiB, 1 pattern, -a cpu" $runs -k 4 -p "$pat" --count --explain -a cpu "$ot_work/dna.txt"
        ot_km "${mib} MiB, 1 pattern, auto" $runs -k 4 -p "$pat" --count --explain "$ot_work/dna.txt"
        ot_km "${mib} MiB, 1 pattern, --device gpu -a bit-parallel" $runs -k 4 -p "$pat" --count --explain --device gpu \
          -a bit-parallel "$ot_work/dna.txt"
      done
      head -c $((128 << 20)) "$ot_work/dna.txt" > "$ot_work/dna128.txt"
      for i in 1 2 3 4 5 6 7 8 9 10; do head -c $((i * 1000003 + 20)) "$ot_work/dna128.txt" | tail -c 20; echo GG; done \
        > "$ot_work/guides.txt"
      ot_km "128 MiB, 10 patterns, one strand, auto" 3 -k 4 --patterns-file "$ot_work/guides.txt" --count --explain \
        "$ot_work/dna128.txt"
      ot_km "128 MiB, 10 patterns, both strands, auto" 3 -k 4 --patterns-file "$ot_work/guides.txt" --both-strands \
        --count --explain "$ot_work/dna128.txt"
      rm -rf "$ot_work" ;;
    device-sets)
      step "device sets: offtargets and count --patterns-file on 1, 2 and 4 devices (issue 26)"
      "$gm" devices 2>&1 | grep -v '^WARNING' | head -16
      ds_work="${TMPDIR:-/tmp}/gm-device-sets"
      GPUMATCH_MAIN_CLASS=org.gpumatch.bench.devices.DeviceSetsBench \
        run "$gm" --gpumatch "$gm" --work "$ds_work" --out "$out/results" ${extra[@]+"${extra[@]}"}
      rm -rf "$ds_work" ;;
    legacy)
      step "exact (issue 4's run)"
      run "$gm" bench exact --device gpu --out "$out/results" --sigma 8,2 --m 1,2,4,8,16,64,256,1024 \
        --algorithms drk-wom-32,drk-wom-64,hrk --reps 10 --cpu-size 64M ${extra[@]+"${extra[@]}"} ;;
    *)
      echo "record: unknown step $s (devices, ceiling, sweep, grid, real, primitives, kmismatch, multi, calibrate, e2e, e2e-1g, probe, nv-registers, sa, sa-100m, sa-100m-b, sa-real, sa-1g, sa-1g-process, sa-steps, sa-process, sa-process-jvm, sa-cpu, sa-4g, sa-4g-peer, sa-4g-start, sa-4g-wait, oneshot, startup, offtargets, device-sets, legacy)" >&2
      status=2 ;;
  esac
done
exit $status
