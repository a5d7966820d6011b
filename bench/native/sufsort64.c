/*
 * sufsort64: libdivsufsort's 64-bit build (divsufsort64) as the peer of `sa build --format int64` for texts over
 * 2^31-1 bytes. Reads TEXT whole, builds its suffix array with 64-bit entries, writes it to SA_OUT as little-endian
 * int64 (the checker's int64 format: `gpumatch sa check TEXT SA_OUT --format int64`, or `cmp` with our int64 file),
 * and prints "divsufsort64 n=N seconds=S" (the build alone, wall clock). Memory: n + 8n bytes.
 *
 * Build (Debian's libdivsufsort-dev ships divsufsort64.h and libdivsufsort64.so):
 *   cc -O3 -o sufsort64 bench/native/sufsort64.c -ldivsufsort64
 * or against the extracted packages: cc -O3 -I ROOT/usr/include/x86_64-linux-gnu -o sufsort64 sufsort64.c
 *   -L ROOT/usr/lib/x86_64-linux-gnu -ldivsufsort64 -Wl,-rpath,'$ORIGIN/lib'  (copy libdivsufsort64.so.3 to lib/)
 */
#include <divsufsort64.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s TEXT SA_OUT\n", argv[0]);
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (in == NULL || fseeko(in, 0, SEEK_END) != 0) { perror(argv[1]); return 2; }
    long long n = ftello(in);
    rewind(in);
    sauchar_t *text = malloc((size_t) (n > 0 ? n : 1));
    saidx64_t *sa = malloc((size_t) (n > 0 ? n : 1) * sizeof(saidx64_t));
    if (text == NULL || sa == NULL) { fprintf(stderr, "out of memory for %lld bytes\n", n); return 2; }
    if (fread(text, 1, (size_t) n, in) != (size_t) n) { perror(argv[1]); return 2; }
    fclose(in);
    double t0 = now();
    if (divsufsort64(text, sa, (saidx64_t) n) != 0) { fprintf(stderr, "divsufsort64 failed\n"); return 2; }
    printf("divsufsort64 n=%lld seconds=%.3f\n", n, now() - t0);
    fflush(stdout);
    FILE *out = fopen(argv[2], "wb");  /* x86 and arm64 are little-endian: the array is already in file order */
    if (out == NULL || fwrite(sa, sizeof(saidx64_t), (size_t) n, out) != (size_t) n || fclose(out) != 0) {
        perror(argv[2]);
        return 2;
    }
    return 0;
}
