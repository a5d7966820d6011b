# Start-up settings of the gpumatch launchers (sourced by ./gpumatch and by the bundle's launcher; not run alone):
# a class-data-sharing archive, and the JIT for commands on small files. Measured in cli/README.md, "Start-up".
#
# Class-data sharing. A dynamic AppCDS archive holds this jar's classes already parsed and verified (and the JDK
# classes and lambda forms they use), so that a short command (a count on a small file) skips most class loading:
# about a tenth of a second on the 2-core developer machine. The archive belongs to one java, one jar and one set of
# JVM options; it is made on first use by the command the user runs (-XX:ArchiveClassesAtExit, about 0.15 s more at
# its exit), checked (a throw-away JVM maps it once), and moved into place atomically, so concurrent first runs are
# safe. Later runs use it with -Xshare:auto: an archive the JVM cannot use (another jar, java or GC) is ignored, never
# fatal. A missing or stale (older than the jar or the JVM library) archive is made again. All CDS log lines are
# off: the JVM would print them on stdout, among the results. GPUMATCH_NO_CDS=1 turns this off; a runtime without the
# JDK's base archive (lib/server/classes.jsa) runs without CDS, since the JVM refuses a dynamic archive without it.
#
# Usage:  gpumatch_cds_setup DIR JAVA_HOME JAR JAVA_OPTION...   sets the array cds_opts (options for the java command)
#         "$JAVA_HOME/bin/java" ... "${cds_opts[@]}" ...         the command itself
#         gpumatch_cds_finish                                   after it: installs a newly made archive (if any)
#
# The JIT. A count or find on a small file is over before HotSpot's optimizing compiler (C2) pays back its compile
# time: on the 2-core developer machine C1 alone saves about a fifth of the CPU time of a 1000-byte query, and on files
# of 1 to 8 MiB still wins. Larger files keep C2 (the CPU matcher's vectorized String.indexOf is a C2 intrinsic: with
# C1 alone the search of a 96 MiB file took 1.5 times as long).
#         gpumatch_jit_setup ARG...    sets the array jit_opts for the command line ARG... (the user's arguments)
#
# Running it. gpumatch_run JAVA_COMMAND...: runs the java command line with the OpenCL stack's noise dropped from
# stderr (gpumatch_stderr_noise; kept with GPUMATCH_RAW_STDERR=1), finishes a new archive, exits with its status.

# Lines of the OpenCL stack's native code on the process's stderr that the launchers drop (an extended regular
# expression for grep -v -E; GPUMATCH_RAW_STDERR=1 or a first argument --verbose keeps them): Aparapi's warning for
# every OpenCL 3.0 driver, and the build-log summary an OpenCL C compiler (NVIDIA's, clang's) prints for kernel warnings.
# shellcheck disable=SC2034 # used by the launchers that source this file
gpumatch_stderr_noise='^WARNING: Aparapi is running on an untested OpenCL platform version|^[0-9]+ warnings? generated\.$'

# gpumatch_cds_setup DIR JAVA_HOME JAR JAVA_OPTION...: DIR holds the archives (created if missing; nothing happens if
# it cannot be written), JAVA_HOME the runtime (its bin/java runs the command), JAR the jar the command runs, then the
# JVM options the command runs with (part of the archive's name: the JVM may refuse an archive made under others).
gpumatch_cds_setup() {
  cds_opts=()
  cds_new=""
  cds_archive=""
  cds_java=$2/bin/java
  [ -z "${GPUMATCH_NO_CDS:-}" ] || return 0
  local dir=$1 home=$2 jar=$3
  shift 3
  local key libjvm=$home/lib/server/libjvm.so
  # A dynamic archive sits on top of the JDK's base archive: without one (a jlink'ed runtime made without
  # --generate-cds-archive, a JDK whose classes.jsa was removed) -XX:ArchiveClassesAtExit stops the JVM at start-up
  # ("DynamicDumpSharedSpaces is unsupported when base CDS archive is not loaded"); run without CDS then.
  gpumatch_has_base_cds "${libjvm%/*}" || return 0 # the folder of libjvm.so (no dirname process)
  key=$(printf '%s\n' "$home" "$jar" "$@" | cksum)
  cds_archive="$dir/gpumatch-${key%% *}.jsa"
  cds_check_opts=("$@" -cp "$jar")
  if [ -s "$cds_archive" ] && [ ! "$jar" -nt "$cds_archive" ] && [ ! "$libjvm" -nt "$cds_archive" ]; then
    cds_opts=(-Xshare:auto "-XX:SharedArchiveFile=$cds_archive" "-Xlog:cds*=off")
  elif mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ]; then
    cds_new="$cds_archive.$$.tmp"
    rm -f "$cds_archive"
    cds_opts=("-XX:ArchiveClassesAtExit=$cds_new" "-Xlog:cds*=off")
    # an interrupted run leaves no half-made archive behind
    trap 'rm -f "$cds_new"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
  fi
}

# gpumatch_has_base_cds DIR: whether DIR (the folder of libjvm.so) holds the JDK's default CDS archive.
gpumatch_has_base_cds() {
  [ -s "$1/classes.jsa" ] || [ -s "$1/classes_nocoops.jsa" ]
}

# gpumatch_cds_finish: after the command ran with cds_opts: keeps the archive it made if the JVM can map it (a
# truncated archive would crash the JVM that maps it: -Xshare:on checks it in a throw-away JVM first).
gpumatch_cds_finish() {
  [ -n "$cds_new" ] || return 0
  if [ -s "$cds_new" ] && { "$cds_java" "${cds_check_opts[@]}" -Xshare:on "-XX:SharedArchiveFile=$cds_new" \
        "-Xlog:cds*=off" -XX:-CreateCoredumpOnCrash "-XX:ErrorFile=${TMPDIR:-/tmp}/gpumatch-cds-check-%p.log" \
        -version; } >/dev/null 2>&1; then
    mv -f "$cds_new" "$cds_archive" 2>/dev/null || rm -f "$cds_new"
  else
    rm -f "$cds_new"
  fi
}

# A file below this size is small: count and find on it run with C1 only.
GPUMATCH_SMALL_FILE_BYTES=$((1 << 20))
# A text below this size is small for `sa build`: C1 only. On the 2-core development machine (2026-11-28 d, source
# code, `sa build -a cpu`, two runs each) the build took 166-177 ms instead of 210-223 at 1 MB, 274-276 instead of
# 477-481 at 3 MB, 859-926 instead of 1169-1282 at 10 MB, within the noise at 16 MB (1302-1432 / 1374-1501) and
# 32 MB: a build of a few seconds gains nothing from C2, whose compiles take a core from it meanwhile.
GPUMATCH_SA_SMALL_TEXT_BYTES=$((12 << 20))
# "sa build -a gpu" of a text up to this size (a whole build: its host side is the alphabet, the packing and the write,
# bulk copies mostly) runs C1 only too: on the lent H200 the 100 MB process took 1.37-1.66 s (median 1.39) with
# -XX:TieredStopAtLevel=1 against 1.73-2.15 s (median 1.80) without, six runs each, user time 2.0 against 5.6-8.5 s:
# C2's compile threads competed with the kernel's conversion (187-217 against 420-780 ms) and the write (55-64
# against 144-385 ms); bench/results/nvidia-h200/2026-11-29-i-process-jit.log
GPUMATCH_SA_GPU_C1_MAX_BYTES=$((512 << 20))

# gpumatch_jit_setup ARG...: jit_opts=(-XX:TieredStopAtLevel=1) for "count ... FILE" and "find ... FILE" where FILE
# (the last argument) is a regular file of fewer than GPUMATCH_SMALL_FILE_BYTES bytes; for "offtargets" the heap
# options of gpumatch_offtargets_heap; for "sa build" and "sa lcp" transparent huge pages (their n-sized arrays, about
# 20 bytes per text byte, are first-touched by the allocating thread: on the lent H200 a 100 MB `sa build -a gpu` took
# 2.45-2.78 s with -XX:+UseTransparentHugePages against 3.00-3.38 s without, three runs each,
# bench/results/nvidia-h200/2026-11-25-sa-grid-2.log), where the kernel offers them; and for "sa build TEXT" with a
# regular TEXT of fewer than GPUMATCH_SA_SMALL_TEXT_BYTES bytes, or with "-a gpu" up to GPUMATCH_SA_GPU_C1_MAX_BYTES
# (gpumatch_sa_gpu_only), also C1 only; else no options. Nothing is added where
# the user's GPUMATCH_JAVA_OPTS already decide huge pages (or the compiler's tiers).
gpumatch_jit_setup() {
  jit_opts=()
  if [ "${1:-}" = offtargets ]; then
    gpumatch_offtargets_heap "$@"
    return 0
  fi
  if [ "${1:-}" = sa ] && { [ "${2:-}" = build ] || [ "${2:-}" = lcp ]; }; then
    local text size
    if [ "$2" = build ] && text=$(gpumatch_sa_build_text "${@:3}") && [ -f "$text" ]; then
      size=$(stat -L -c %s -- "$text" 2>/dev/null) || size=""
      if [ -n "$size" ] && { [ "$size" -lt "$GPUMATCH_SA_SMALL_TEXT_BYTES" ] || { [ "$size" -le "$GPUMATCH_SA_GPU_C1_MAX_BYTES" ] &&
          gpumatch_sa_gpu_only "${@:3}"; }; }; then
        case " ${GPUMATCH_JAVA_OPTS:-} " in *TieredStopAtLevel*) ;; *) jit_opts=(-XX:TieredStopAtLevel=1) ;; esac
      fi
    fi
    local thp=""
    # only where the kernel offers them (elsewhere the JVM would print a warning on every run)
    read -r thp < /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true
    case "$thp" in *"[always]"*|*"[madvise]"*) ;; *) return 0 ;; esac
    case " ${GPUMATCH_JAVA_OPTS:-} " in *HugePages*) ;; *) jit_opts+=(-XX:+UseTransparentHugePages) ;; esac
    return 0
  fi
  [ $# -ge 2 ] && { [ "$1" = count ] || [ "$1" = find ]; } || return 0
  local file=${!#} size
  [ -f "$file" ] || return 0
  size=$(stat -L -c %s -- "$file" 2>/dev/null) || return 0
  if [ -n "$size" ] && [ "$size" -lt "$GPUMATCH_SMALL_FILE_BYTES" ]; then
    jit_opts=(-XX:TieredStopAtLevel=1)
  fi
}

# gpumatch_sa_build_text ARG...: prints the TEXT of `sa build ARG...` (its first positional argument: the words that
# are neither options nor the values of -o/--output, --format, --bwt, --lcp, -a/--algorithm and --device), or fails.
# gpumatch_sa_gpu_only ARG...: whether the options of "sa build" ask for the GPU builder (-a gpu, -agpu, -a=gpu,
# --algorithm gpu, --algorithm=gpu) and no work of the CPU's besides (--verify runs the Java checker, --lcp and --bwt
# Java passes over the text, where C2 pays).
gpumatch_sa_gpu_only() {
  local gpu="" prev=""
  for a in "$@"; do
    case "$a" in
      --verify|--lcp|--lcp=*|--bwt|--bwt=*) return 1 ;;
      -agpu|-a=gpu|--algorithm=gpu) gpu=1 ;;
      gpu) case "$prev" in -a|--algorithm) gpu=1 ;; esac ;;
    esac
    prev=$a
  done
  [ -n "$gpu" ]
}

gpumatch_sa_build_text() {
  local skip=""
  while [ $# -gt 0 ]; do
    if [ -n "$skip" ]; then
      skip=""
    else
      case "$1" in
        --) [ $# -ge 2 ] && { printf '%s\n' "$2"; return 0; }; return 1 ;;
        -o|--output|--format|--bwt|--lcp|-a|--algorithm|--device) skip=1 ;;
        -*) ;;
        *) printf '%s\n' "$1"; return 0 ;;
      esac
    fi
    shift
  done
  return 1
}

# gpumatch_run JAVA_COMMAND...: the launchers' last step (see the header). Native code writes to the process's stderr
# where Java cannot stop it (Aparapi's "untested OpenCL platform version" warning for every OpenCL 3.0 driver, an
# OpenCL compiler's "2 warnings generated."): those lines are dropped by a line-buffered filter; everything else
# passes through unchanged, and the progress bar is drawn straight to the terminal (GPUMATCH_PROGRESS_TTY).
gpumatch_run() {
  set +e
  if [ -n "${GPUMATCH_RAW_STDERR:-}" ]; then
    [ -n "$cds_new" ] || exec "$@"
    "$@"
    local raw_rc=$?
    gpumatch_cds_finish
    exit "$raw_rc"
  fi
  [ -t 2 ] && export GPUMATCH_PROGRESS_TTY="$(readlink /proc/$$/fd/2)"
  exec 3>&2 2> >(grep -v -E --line-buffered "$gpumatch_stderr_noise" >&3)
  local filter=$!
  "$@"
  local rc=$?
  exec 2>&3 3>&- # close the filter's input, then let it finish writing before we exit
  wait "$filter" 2>/dev/null
  gpumatch_cds_finish
  exit "$rc"
}

# A genome of at least this many bytes is searched with its heap committed and touched at start-up (2 GiB: at 1 GiB the
# pretouch cost as much as it saved, 2026-11-25-offtargets.log).
GPUMATCH_PRETOUCH_GENOME_BYTES=$((2 << 30))

# gpumatch_offtargets_heap offtargets ARG...: for an off-target search over a genome of at least
# GPUMATCH_PRETOUCH_GENOME_BYTES (the files of `--genome PATH` or of line 1 of INPUT; gzipped files count four times),
# jit_opts+=(-Xms<3/8 of the bytes + 512 MiB> -XX:+AlwaysPreTouch): the genome's packed arrays (3/8 byte per byte)
# then land in heap memory that G1's workers touched in parallel while the JVM started, instead of being first-touched
# by the one thread that allocates (zeroes) them while the reader waits. Measured on the lent H200 (16 threads, 3.1 Gbp
# in 24 records): the read took 0.98 s instead of 1.41 s alone, the process 1.77-2.00 s instead of 2.12 s, the JVM's
# start-up 0.13 s longer (2026-11-25-offtargets-diagnostics.log); in the record run 1.85-2.16 s against 1.98-2.12 s
# (2026-11-25-offtargets.log), and 1 GiB 1.26-1.39 s against 1.16-1.22 s without. Left out when the JVM options or GPUMATCH_HEAP already set the
# heap or pretouching, when the size is unknown, and when the heap would pass half the machine's memory.
gpumatch_offtargets_heap() {
  shift
  case " ${GPUMATCH_JAVA_OPTS:-} " in *" -Xms"*|*PreTouch*) return 0 ;; esac
  [ -z "${GPUMATCH_HEAP:-}" ] || return 0
  local genome="" input="" a prev="" line bytes=0 f size mem_kib
  for a in "$@"; do
    case "$prev" in
      --genome) genome=$a ;;
      -o|--output|--format|--device|--pattern|--guides|--mismatches|--part-size) ;;
      *) case "$a" in -*) ;; *) [ -n "$input" ] || input=$a ;; esac ;;
    esac
    prev=$a
  done
  if [ -z "$genome" ] && [ -f "$input" ]; then
    IFS= read -r line < "$input" || [ -n "$line" ] || return 0
    genome=${line%$'\r'}
  fi
  [ -n "$genome" ] && [ -e "$genome" ] || return 0
  local files=()
  for f in "$genome" "$genome"/*; do
    [ -f "$f" ] && files+=("$f")
  done
  [ ${#files[@]} -gt 0 ] || return 0
  # one stat process for every file (each process costs milliseconds in a sandbox)
  while read -r size f; do
    case "$f" in *.gz) size=$((4 * size)) ;; esac
    bytes=$((bytes + size))
  done < <(stat -L -c '%s %n' -- "${files[@]}" 2>/dev/null)
  [ "$bytes" -ge "$GPUMATCH_PRETOUCH_GENOME_BYTES" ] || return 0
  local heap_mib=$(( bytes * 3 / 8 / 1048576 + 512 )) key value unit
  mem_kib=""
  while read -r key value unit; do
    [ "$key" = MemTotal: ] && { mem_kib=$value; break; }
  done < /proc/meminfo 2>/dev/null
  [ -n "$mem_kib" ] && [ $((heap_mib * 1024)) -le $((mem_kib / 2)) ] || return 0
  jit_opts+=("-Xms${heap_mib}m" -XX:+AlwaysPreTouch)
}
