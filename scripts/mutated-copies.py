#!/usr/bin/env python3
"""Writes SIZE bytes of copies of a source text, each copy with a fraction RATE of its bytes replaced (default 1%).

A large, repetitive but not periodic text made from a real one, as a collection of related documents or the genomes
of one species are: the input of record-gpu-results.sh's sa-4g steps (4.4 GB, past 2^32 bytes, from 100 MB of source
code). Substitutes are bytes drawn from random positions of the source, so the alphabet and byte frequencies are the
source's. Deterministic (seed 42). Memory: the source and one copy (2 x its size); numpy; about 10 s per GB.

Usage: mutated-copies.py SOURCE OUT SIZE [RATE]
"""
import sys

import numpy as np


def main(argv):
    if len(argv) not in (4, 5):
        sys.stderr.write(__doc__)
        return 2
    source, out, size = argv[1], argv[2], int(argv[3])
    rate = float(argv[4]) if len(argv) == 5 else 0.01
    src = np.fromfile(source, dtype=np.uint8)
    if src.size == 0 or size < 0 or not 0 <= rate <= 1:
        sys.stderr.write("mutated-copies: need a non-empty source, SIZE >= 0 and 0 <= RATE <= 1\n")
        return 2
    rng = np.random.default_rng(42)
    written = 0
    with open(out, "wb") as f:
        while written < size:
            copy = src[:min(src.size, size - written)].copy()
            k = int(copy.size * rate)
            if k:
                copy[rng.integers(0, copy.size, k)] = src[rng.integers(0, src.size, k)]
            copy.tofile(f)
            written += copy.size
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
