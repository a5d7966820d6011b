#!/usr/bin/env bash
# Builds the real-text corpora of the bench (the SPAA 2016 paper's Tables 5-7 redone) from Debian packages:
#   dna.txt      Escherichia coli 536 complete genome (NCBI RefSeq NC_008253.1, 4.94 Mbp) from bowtie-examples:
#                the sequence lines only, uppercase, one line, symbols ACGT (any other letter becomes N); sigma 2
#   protein.txt  20,000 UniProtKB protein sequences (Swiss-Prot and TrEMBL, 9.06 M residues) from mmseqs2-examples
#                (example-data/DB.fasta): the sequence letters only, uppercase, concatenated; sigma 5
#   english.txt  the King James Bible (public domain) from bible-kjv-text, decoded with the bible program of
#                bible-kjv: one verse per line, verse numbers dropped, book and chapter headings kept (4.2 MB); sigma 7
# Sources and licenses: matcher-api/src/test/resources/org/gpumatch/api/conformance/corpora/README.md.
#
# Usage: scripts/fetch-corpora.sh [--gzip] [--samples DIR] OUTDIR
#   --gzip         also write OUTDIR/NAME.txt.gz (gzip -9 -n: byte-identical on every run); `gpumatch bench exact
#                  --text NAME=FILE.gz` reads them as they are (the GPU bundle carries these, about 8 MiB in all)
#   --samples DIR  also write the test samples committed in the matcher-api test-jar (DIR/NAME.txt, the first
#                  SAMPLE_BYTES bytes of each corpus; sizes that are no multiple of a work-group or tile size)
# Needs apt-get (package lists present: run `apt-get update` once), dpkg-deb, gzip; no root: `apt-get download` writes
# the .deb files into a temporary folder. The bible program needs libreadline8 (present on Debian 12 images).
set -euo pipefail
gzip_out=false
samples=""
while [ $# -gt 0 ]; do
  case "$1" in
    --gzip) gzip_out=true; shift ;;
    --samples) samples=${2:?--samples needs a folder}; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "fetch-corpora: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
out=${1:?usage: scripts/fetch-corpora.sh [--gzip] [--samples DIR] OUTDIR}
# Sample sizes: a little under 256 KiB each, odd, so that no sample is a multiple of a work-group, tile or chunk.
dna_sample=250001
protein_sample=200003
english_sample=240007

mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "fetch-corpora: downloading the Debian packages"
apt-get download bowtie-examples mmseqs2-examples bible-kjv-text bible-kjv >/dev/null 2>apt.err || {
  cat apt.err >&2
  echo "fetch-corpora: apt-get download failed (run 'apt-get update' first?)" >&2
  exit 1
}
for deb in ./*.deb; do
  dpkg-deb -x "$deb" root
done
for deb in ./*.deb; do
  echo "fetch-corpora: $(basename "$deb")"
done

fna=root/usr/share/doc/bowtie/examples/genomes/NC_008253.fna.gz
fasta=root/usr/share/doc/mmseqs2/example-data/DB.fasta.gz
bible=root/usr/bin/bible
for f in "$fna" "$fasta" "$bible" root/usr/lib/bible.data; do
  [ -e "$f" ] || { echo "fetch-corpora: $f is not in the packages (a new package version?)" >&2; exit 1; }
done

echo "fetch-corpora: dna.txt (E. coli 536, NC_008253.1)"
gzip -dc "$fna" | grep -v '^>' | tr -d '\r\n' | tr 'a-z' 'A-Z' | tr -c 'ACGT' 'N' > "$out/dna.txt"

echo "fetch-corpora: protein.txt (UniProtKB sequences of mmseqs2's example DB.fasta)"
gzip -dc "$fasta" | grep -v '^>' | tr -d '\r\n' | tr 'a-z' 'A-Z' | tr -cd 'A-Z' > "$out/protein.txt"

echo "fetch-corpora: english.txt (King James Bible)"
# -l10000: one verse per line; the verse spec covers the whole book; stdin closed so that it never prompts.
"$bible" -l10000 -p root/usr/lib 'Gen1:1-Rev22:21' < /dev/null \
    | sed -E 's/^ +[0-9]+ //' | grep -v '^[[:space:]]*$' > "$out/english.txt"

for name in dna protein english; do
  f="$out/$name.txt"
  [ -s "$f" ] || { echo "fetch-corpora: $f is empty" >&2; exit 1; }
  distinct=$(LC_ALL=C od -An -v -tu1 -w65536 "$f" | tr -s ' ' '\n' | grep -v '^$' | sort -un | wc -l)
  echo "fetch-corpora: $f: $(wc -c < "$f") bytes, $distinct distinct byte values"
  if $gzip_out; then
    gzip -9 -n -c "$f" > "$f.gz"
    echo "fetch-corpora: $f.gz: $(wc -c < "$f.gz") bytes"
  fi
done

if [ -n "$samples" ]; then
  mkdir -p "$samples"
  head -c "$dna_sample" "$out/dna.txt" > "$samples/dna.txt"
  head -c "$protein_sample" "$out/protein.txt" > "$samples/protein.txt"
  head -c "$english_sample" "$out/english.txt" > "$samples/english.txt"
  (cd "$samples" && sha256sum dna.txt protein.txt english.txt)
fi
(cd "$out" && sha256sum dna.txt protein.txt english.txt)
