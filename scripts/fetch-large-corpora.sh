#!/usr/bin/env bash
# Builds the 100 MB-class real texts of `gpumatch bench sa` (issue 10) and a 1 GiB source-code text from Debian
# packages, and compresses them for the trip to a GPU host (a device call carries at most 64 MiB of files):
#   code.txt      Linux 6.1 source code (linux-source-6.1): every .c and .h file of the tree, in byte order of their
#                 paths (LC_ALL=C sort), concatenated, cut at exactly 100,000,000 bytes
#   code-1g.txt   the same concatenation cut at 1,073,741,824 bytes (1 GiB; code.txt is its prefix)
#   dna.txt       100,000,000 bases of real DNA: MetaPhlAn2's marker genes (metaphlan2-data, markers.fasta: about 1 M
#                 genes of some 17,000 bacterial, archaeal, viral and eukaryotic reference genomes from NCBI RefSeq),
#                 the sequence lines only in file order, uppercase, symbols ACGT (any other letter becomes N)
#   protein.txt   100,000,000 residues of real proteins: the UniProtKB sequences of metastudent-data's BLAST database
#                 (dataset_201401/BPO/goasp.fasta.psq, GO-annotated proteins), decoded from NCBIstdaa, letters A-Z
#                 only, in database order, concatenated
# and in OUTDIR/xz/ the transport files, xz -9 (byte-identical on every run with the same xz version):
#   code.txt.xz, dna.txt.xz, protein.txt.xz           one file each, single-threaded: 14,673,064, 25,007,020 and
#                                                     29,054,480 bytes (14.0, 23.8, 27.7 MiB; 65.5 MiB together)
#   code-1g.txt.xz.part-aa, -ab, ...                  one xz stream (-T2: two threads, blocks of 192 MiB, the same
#                                                     bytes on any machine) split into parts of 60 MiB: 99,072,788
#                                                     bytes in all (94.5 MiB: parts of 60 and 34.5 MiB)
#   SHA256SUMS                                        of the plain texts (check them on the host after unpacking)
# On the host: `xz -dc code.txt.xz > code.txt`; `cat code-1g.txt.xz.part-* | xz -dc > code-1g.txt`
# (scripts/record-gpu-results.sh --steps sa-real,sa-1g does this itself from --sa-corpora DIR).
#
# Usage: scripts/fetch-large-corpora.sh [--debs DIR] [--no-1g] [--no-xz] OUTDIR
#   --debs DIR  take the .deb files from DIR when they are there (else apt-get download them into DIR)
#   --no-1g     skip code-1g.txt
#   --no-xz     skip the compression (it takes most of the time: xz -9 runs at about 1 MB/s per core, so a few
#               minutes for each 100 MB text and 7 to 10 for the 1 GiB one on two free cores)
# Needs apt-get (package lists present), dpkg-deb, tar, xz, sha256sum; no root. About 900 MB of downloads, 2.5 GB of
# temporary disk (the kernel's .c/.h files, MetaPhlAn's markers). Package versions are those apt-get picks (printed):
# the texts are byte-identical for the same versions.
set -euo pipefail
debs=""
with_1g=true
with_xz=true
while [ $# -gt 0 ]; do
  case "$1" in
    --debs) debs=${2:?--debs needs a folder}; shift 2 ;;
    --no-1g) with_1g=false; shift ;;
    --no-xz) with_xz=false; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "fetch-large-corpora: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
out=${1:?usage: scripts/fetch-large-corpora.sh [--debs DIR] [--no-1g] [--no-xz] OUTDIR}
small=100000000
large=1073741824
part_bytes=$((60 * 1024 * 1024))

mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$debs" ]; then
  debs="$work/debs"
fi
mkdir -p "$debs"
debs=$(cd "$debs" && pwd)

# deb PACKAGE: the path of PACKAGE's .deb in $debs, downloaded when missing
deb() {
  local f
  f=$(ls "$debs/$1"_*.deb 2>/dev/null | LC_ALL=C sort | tail -1 || true)
  if [ -z "$f" ]; then
    (cd "$debs" && apt-get download "$1" >/dev/null 2>"$work/apt.err") || {
      cat "$work/apt.err" >&2
      echo "fetch-large-corpora: apt-get download $1 failed (run 'apt-get update' first?)" >&2
      exit 1
    }
    f=$(ls "$debs/$1"_*.deb | LC_ALL=C sort | tail -1)
  fi
  echo "fetch-large-corpora: $(basename "$f")" >&2
  echo "$f"
}

# cut FILE BYTES: fails unless FILE has exactly BYTES bytes (the source ran short)
cut_check() {
  local n
  n=$(wc -c < "$1")
  [ "$n" -eq "$2" ] || { echo "fetch-large-corpora: $1 has $n bytes, expected $2 (source too short?)" >&2; exit 1; }
}

echo "fetch-large-corpora: code (linux-source-6.1, .c and .h files in sorted path order)"
src=$(deb linux-source-6.1)
mkdir -p "$work/linux"
dpkg-deb --fsys-tarfile "$src" | tar -xO --wildcards './usr/src/linux-source-*.tar.xz' | xz -dc \
    | tar -x -C "$work/linux" --wildcards '*.c' '*.h'
(cd "$work/linux" && find . -type f \( -name '*.c' -o -name '*.h' \) -print0 | LC_ALL=C sort -z > "$work/code.list")
echo "fetch-large-corpora: $(tr -cd '\0' < "$work/code.list" | wc -c) files"
limit=$small
$with_1g && limit=$large
# head closes the pipe once it has enough: cat then dies of SIGPIPE, which is expected (the size is checked).
(cd "$work/linux" && { xargs -0 cat < "$work/code.list" 2>/dev/null || true; }) | head -c "$limit" > "$work/code-all.txt" \
    || true
cut_check "$work/code-all.txt" "$limit"
head -c "$small" "$work/code-all.txt" > "$out/code.txt"
if $with_1g; then
  mv "$work/code-all.txt" "$out/code-1g.txt"
fi
rm -rf "$work/linux" "$work/code-all.txt"

echo "fetch-large-corpora: dna (metaphlan2-data markers.fasta)"
src=$(deb metaphlan2-data)
# (dpkg-deb and tar stop with a broken pipe once head has its bytes: their messages are dropped, the size is checked)
dpkg-deb --fsys-tarfile "$src" 2>/dev/null | tar -xO ./var/lib/metaphlan2-data/markers.fasta 2>/dev/null \
    | { grep -v '^>' || true; } | tr -d '\r\n' | tr 'a-z' 'A-Z' | tr -c 'ACGT' 'N' | head -c "$small" > "$out/dna.txt" \
    || true # the size check below catches a real failure; early exits by SIGPIPE after head are expected
cut_check "$out/dna.txt" "$small"

echo "fetch-large-corpora: protein (metastudent-data BPO/goasp.fasta.psq, NCBIstdaa)"
src=$(deb metastudent-data)
# NCBIstdaa: 0 separates sequences (and is the gap code), 1..27 = A B C D E F G H I K L M N P Q R S T V W X Y Z U * O J
dpkg-deb --fsys-tarfile "$src" 2>/dev/null | tar -xO ./usr/share/metastudent-data/dataset_201401/BPO/goasp.fasta.psq 2>/dev/null \
    | tr '\001-\033' 'ABCDEFGHIKLMNPQRSTVWXYZU*OJ' | tr -cd 'A-Z' | head -c "$small" > "$out/protein.txt" || true
cut_check "$out/protein.txt" "$small"

names="code dna protein"
$with_1g && names="$names code-1g"
for name in $names; do
  f="$out/$name.txt"
  distinct=$( (head -c 10000000 "$f" || true) | LC_ALL=C od -An -v -tu1 -w65536 | tr -s ' ' '\n' | grep -v '^$' | sort -un | wc -l)
  echo "fetch-large-corpora: $f: $(wc -c < "$f") bytes, $distinct distinct byte values in its first 10 MB"
done
(cd "$out" && for name in $names; do sha256sum "$name.txt"; done) | tee "$out/SHA256SUMS"

if $with_xz; then
  mkdir -p "$out/xz"
  rm -f "$out"/xz/*.xz "$out"/xz/*.part-*
  cp "$out/SHA256SUMS" "$out/xz/SHA256SUMS"
  for name in code dna protein; do
    xz -9 -T1 -c "$out/$name.txt" > "$out/xz/$name.txt.xz"
    echo "fetch-large-corpora: xz/$name.txt.xz: $(wc -c < "$out/xz/$name.txt.xz") bytes"
  done
  if $with_1g; then
    xz -9 -T2 -c "$out/code-1g.txt" | split -b "$part_bytes" -a 2 - "$out/xz/code-1g.txt.xz.part-"
    for p in "$out"/xz/code-1g.txt.xz.part-*; do
      echo "fetch-large-corpora: xz/$(basename "$p"): $(wc -c < "$p") bytes"
    done
  fi
fi
