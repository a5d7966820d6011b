/*
 * sufcheck-bench: the CPU peer of the gpumatch checker benchmark (issue 3).
 *
 *   sufcheck-bench TEXT SA_OUT [REPS]    build SA with libdivsufsort's divsufsort, write it to SA_OUT
 *                                        (int32 little-endian, no header), then time sufcheck REPS times (default 3;
 *                                        0: no sufcheck, as `gpumatch bench sa` runs it, which checks with its own)
 *   sufcheck-bench TEXT --sa SA [REPS]   read an int32 SA and only time sufcheck
 *
 * Prints one "key=value" line per measurement (times in seconds, MB = 10^6 bytes of text):
 *   divsufsort n=... seconds=...
 *   sufcheck n=... reps=... median_seconds=... min_seconds=... mb_per_s=... result=0
 * sufcheck is sequential in every libdivsufsort build; its verbose flag is 0 so that only the check is timed.
 */
#include <divsufsort.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *read_file(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = malloc(*size > 0 ? (size_t) *size : 1);
    if (data == NULL || fread(data, 1, (size_t) *size, f) != (size_t) *size) {
        fprintf(stderr, "%s: cannot read %ld bytes\n", path, *size);
        exit(2);
    }
    fclose(f);
    return data;
}

static int compare_double(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s TEXT SA_OUT [REPS] | %s TEXT --sa SA [REPS]\n", argv[0], argv[0]);
        return 2;
    }
    long n;
    const sauchar_t *text = read_file(argv[1], &n);
    if (n > INT32_MAX) { fprintf(stderr, "text too long for int32 entries: %ld bytes\n", n); return 2; }
    int reuse = strcmp(argv[2], "--sa") == 0;
    if (reuse && argc < 4) { fprintf(stderr, "--sa needs a file\n"); return 2; }
    int reps = argc > (reuse ? 4 : 3) ? atoi(argv[reuse ? 4 : 3]) : 3;
    if (reps < 0 || (reps == 0 && reuse)) reps = 1;

    saidx_t *sa;
    if (reuse) {
        long bytes;
        sa = read_file(argv[3], &bytes);
        if (bytes != n * 4) { fprintf(stderr, "%s has %ld bytes, expected %ld\n", argv[3], bytes, n * 4); return 2; }
    } else {
        sa = malloc((size_t) (n > 0 ? n : 1) * sizeof(saidx_t));
        if (sa == NULL) { fprintf(stderr, "out of memory\n"); return 2; }
        double t0 = now();
        if (divsufsort(text, sa, (saidx_t) n) != 0) { fprintf(stderr, "divsufsort failed\n"); return 2; }
        printf("divsufsort n=%ld seconds=%.3f\n", n, now() - t0);
        FILE *out = fopen(argv[2], "wb");  /* x86 and arm64 are little-endian: the array is already in file order */
        if (out == NULL || fwrite(sa, sizeof(saidx_t), (size_t) n, out) != (size_t) n || fclose(out) != 0) {
            perror(argv[2]);
            return 2;
        }
    }

    if (reps == 0) return 0;
    double *times = malloc(sizeof(double) * (size_t) reps);
    saint_t result = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        result = sufcheck(text, sa, (saidx_t) n, 0);
        times[r] = now() - t0;
    }
    qsort(times, (size_t) reps, sizeof(double), compare_double);
    double median = times[reps / 2];
    printf("sufcheck n=%ld reps=%d median_seconds=%.4f min_seconds=%.4f mb_per_s=%.1f result=%d\n",
           n, reps, median, times[0], n / median / 1e6, (int) result);
    return result == 0 ? 0 : 1;
}
