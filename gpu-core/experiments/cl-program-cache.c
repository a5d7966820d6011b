/*
 * Tried and dropped (2026-11-29 i, bench/results/nvidia-h200/2026-11-29-i-process-jit.log): with the cache the driver's
 * build took 2.3-2.7 ms, but the 100 MB process waited as long for its kernel, whose time goes to Aparapi's conversion
 * of the kernel class on a cold JVM, not to the driver. Build: gcc -O2 -shared -fPIC -o libclprogramcache.so
 * cl-program-cache.c -ldl -lpthread.
 *
 * Experiment (issue 24: the 100 MB `sa build -a gpu` process waits 130-345 ms for its kernel's compile even when
 * NVIDIA's own cache holds the machine code): a persistent cache of built OpenCL programs, preloaded into the JVM
 * (LD_PRELOAD=libclprogramcache.so). With GPUMATCH_CL_PROGRAM_CACHE=DIR set it interposes
 *   clCreateProgramWithSource  keys the source by a 64-bit FNV-1a hash of the source, the context's one device's name,
 *                              device version and driver version, and GPUMATCH_CL_BUILD_OPTIONS; when DIR/KEY.bin
 *                              exists, returns a program made from that binary (NVIDIA: PTX) instead of the source
 *   clBuildProgram             after a successful build of a source program it keyed, stores the program's binary as
 *                              DIR/KEY.bin (written to a temporary name, then renamed)
 * GPUMATCH_CL_PROGRAM_CACHE_LOG prints each hit, miss and store with its time to stderr. Programs of contexts with
 * more than one device, and binaries that the driver refuses, take the source path. A bench tool only: gpumatch
 * itself never loads it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef struct _cl_context *cl_context;
typedef struct _cl_program *cl_program;
typedef struct _cl_device_id *cl_device_id;
typedef void (*notify_fn)(cl_program, void *);
typedef cl_program (*source_fn)(cl_context, cl_uint, const char **, const size_t *, cl_int *);
typedef cl_program (*binary_fn)(cl_context, cl_uint, const cl_device_id *, const size_t *, const unsigned char **,
                                cl_int *, cl_int *);
typedef cl_int (*build_fn)(cl_program, cl_uint, const cl_device_id *, const char *, notify_fn, void *);
typedef cl_int (*context_info_fn)(cl_context, cl_uint, size_t, void *, size_t *);
typedef cl_int (*device_info_fn)(cl_device_id, cl_uint, size_t, void *, size_t *);
typedef cl_int (*program_info_fn)(cl_program, cl_uint, size_t, void *, size_t *);

#define CL_CONTEXT_DEVICES 0x1081
#define CL_DEVICE_NAME 0x102B
#define CL_DEVICE_VERSION 0x102F
#define CL_DRIVER_VERSION 0x102D
#define CL_PROGRAM_BINARY_SIZES 0x1165
#define CL_PROGRAM_BINARIES 0x1166

static void *real_symbol(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (f) {
        return f;
    }
    void *lib = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
    return lib ? dlsym(lib, name) : NULL;
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static uint64_t fnv(uint64_t h, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 1099511628211ULL;
    }
    return h;
}

/* The source programs keyed here, until their build stores their binary. */
#define KEYED 256
static struct {
    cl_program program;
    uint64_t key;
    cl_device_id device;
} keyed[KEYED];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int logging(void) {
    return getenv("GPUMATCH_CL_PROGRAM_CACHE_LOG") != NULL;
}

static uint64_t device_key(uint64_t h, cl_device_id dev) {
    device_info_fn info = (device_info_fn) real_symbol("clGetDeviceInfo");
    cl_uint params[] = {CL_DEVICE_NAME, CL_DEVICE_VERSION, CL_DRIVER_VERSION};
    for (int i = 0; i < 3; i++) {
        char s[512] = "";
        if (info) {
            info(dev, params[i], sizeof s - 1, s, NULL);
        }
        h = fnv(h, s, strlen(s) + 1);
    }
    const char *opts = getenv("GPUMATCH_CL_BUILD_OPTIONS");
    return opts ? fnv(h, opts, strlen(opts) + 1) : h;
}

static void cache_path(char *out, size_t size, const char *dir, uint64_t key) {
    snprintf(out, size, "%s/%016llx.bin", dir, (unsigned long long) key);
}

cl_program clCreateProgramWithSource(cl_context ctx, cl_uint count, const char **strings, const size_t *lengths,
                                     cl_int *err) {
    source_fn real = (source_fn) real_symbol("clCreateProgramWithSource");
    const char *dir = getenv("GPUMATCH_CL_PROGRAM_CACHE");
    context_info_fn context_info = (context_info_fn) real_symbol("clGetContextInfo");
    cl_device_id devs[2];
    size_t bytes = 0;
    if (!dir || !context_info || context_info(ctx, CL_CONTEXT_DEVICES, sizeof devs, devs, &bytes) != 0
            || bytes != sizeof(cl_device_id)) {
        return real(ctx, count, strings, lengths, err);
    }
    double t0 = now_ms();
    uint64_t h = 14695981039346656037ULL;
    for (cl_uint i = 0; i < count; i++) {
        h = fnv(h, strings[i], lengths && lengths[i] ? lengths[i] : strlen(strings[i]));
    }
    uint64_t key = device_key(h, devs[0]);
    char path[4096];
    cache_path(path, sizeof path, dir, key);
    FILE *f = fopen(path, "rb");
    if (f) {
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        unsigned char *bin = size > 0 ? malloc((size_t) size) : NULL;
        size_t got = bin ? fread(bin, 1, (size_t) size, f) : 0;
        fclose(f);
        if (bin && got == (size_t) size) {
            binary_fn make = (binary_fn) real_symbol("clCreateProgramWithBinary");
            size_t len = (size_t) size;
            const unsigned char *b = bin;
            cl_int status = -1;
            cl_int e = -1;
            cl_program p = make ? make(ctx, 1, devs, &len, &b, &status, &e) : NULL;
            free(bin);
            if (p && e == 0 && status == 0) {
                if (logging()) {
                    fprintf(stderr, "cl-program-cache: hit %016llx (%ld bytes) in %.1f ms\n",
                            (unsigned long long) key, size, now_ms() - t0);
                }
                if (err) {
                    *err = 0;
                }
                return p;
            }
        } else {
            free(bin);
        }
    }
    cl_program p = real(ctx, count, strings, lengths, err);
    if (p) {
        pthread_mutex_lock(&lock);
        for (int i = 0; i < KEYED; i++) {
            if (!keyed[i].program) {
                keyed[i].program = p;
                keyed[i].key = key;
                keyed[i].device = devs[0];
                break;
            }
        }
        pthread_mutex_unlock(&lock);
        if (logging()) {
            fprintf(stderr, "cl-program-cache: miss %016llx\n", (unsigned long long) key);
        }
    }
    return p;
}

cl_int clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id *devices, const char *options,
                      notify_fn notify, void *user_data) {
    build_fn real = (build_fn) real_symbol("clBuildProgram");
    double t0 = now_ms();
    cl_int status = real(program, num_devices, devices, options, notify, user_data);
    double built = now_ms();
    uint64_t key = 0;
    int found = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < KEYED; i++) {
        if (keyed[i].program == program) {
            key = keyed[i].key;
            keyed[i].program = NULL;
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    const char *dir = getenv("GPUMATCH_CL_PROGRAM_CACHE");
    if (logging()) {
        fprintf(stderr, "cl-program-cache: clBuildProgram %.1f ms (%s)\n", built - t0,
                found ? "from source" : "not keyed, or from a cached binary");
    }
    if (!found || status != 0 || !dir) {
        return status;
    }
    program_info_fn info = (program_info_fn) real_symbol("clGetProgramInfo");
    size_t size = 0;
    if (!info || info(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != 0 || size == 0) {
        return status;
    }
    unsigned char *bin = malloc(size);
    unsigned char *bins[1] = {bin};
    if (bin && info(program, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL) == 0) {
        char path[4096];
        char tmp[4200];
        cache_path(path, sizeof path, dir, key);
        snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long) getpid());
        FILE *f = fopen(tmp, "wb");
        int ok = f && fwrite(bin, 1, size, f) == size;
        if (f && fclose(f) != 0) {
            ok = 0;
        }
        if (ok && rename(tmp, path) == 0) {
            if (logging()) {
                fprintf(stderr, "cl-program-cache: stored %016llx (%zu bytes)\n", (unsigned long long) key, size);
            }
        } else {
            unlink(tmp);
        }
    }
    free(bin);
    return status;
}
