/*
 * Measurement shim (issue 21): Aparapi 3.0.2 builds every OpenCL program with no build options and prints the build
 * log only on failure, so neither the registers NVIDIA's compiler gives a kernel nor the effect of a register cap can
 * be seen from Java. Preloaded into the JVM (LD_PRELOAD=libclbuildopts.so), this library interposes clBuildProgram:
 *   GPUMATCH_CL_BUILD_OPTIONS  appended to the options of every build (e.g. "-cl-nv-verbose",
 *                              "-cl-nv-maxrregcount=64": NVIDIA's cl_nv_compiler_options)
 *   GPUMATCH_CL_BUILD_LOG      when set, every build's log goes to stderr after the build, with the program's kernels
 *                              (with -cl-nv-verbose NVIDIA's log holds ptxas' "Used N registers" line)
 *   GPUMATCH_CL_BINARY_DIR     when set, every built program's binary (NVIDIA: its PTX) is written there as
 *                              program-N.bin, N counting builds, for ptxas -v or reading
 * and forwards to the real clBuildProgram (the ICD loader's). A bench tool only:
 * gpumatch itself never loads it. Built by scripts/build-gpu-bundle.sh into tools/lib of the bundle.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef struct _cl_program *cl_program;
typedef struct _cl_device_id *cl_device_id;
typedef void (*notify_fn)(cl_program, void *);
typedef cl_int (*build_fn)(cl_program, cl_uint, const cl_device_id *, const char *, notify_fn, void *);
typedef cl_int (*build_info_fn)(cl_program, cl_device_id, cl_uint, size_t, void *, size_t *);
typedef cl_int (*program_info_fn)(cl_program, cl_uint, size_t, void *, size_t *);

#define CL_PROGRAM_NUM_DEVICES 0x1162
#define CL_PROGRAM_DEVICES 0x1163
#define CL_PROGRAM_KERNEL_NAMES 0x1168
#define CL_PROGRAM_BUILD_LOG 0x1183
#define CL_PROGRAM_BINARY_SIZES 0x1165
#define CL_PROGRAM_BINARIES 0x1166

/* The OpenCL library's own symbol: Java loads libaparapi (and with it libOpenCL) with RTLD_LOCAL, out of RTLD_NEXT's
 * reach, so the ICD loader is opened by name (it is already loaded: this adds a reference). */
static void *real_symbol(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (f) {
        return f;
    }
    void *lib = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
    return lib ? dlsym(lib, name) : NULL;
}

static void print_log(cl_program program, cl_int status, const char *options) {
    build_info_fn build_info = (build_info_fn) real_symbol("clGetProgramBuildInfo");
    program_info_fn program_info = (program_info_fn) real_symbol("clGetProgramInfo");
    cl_device_id devices[16];
    size_t bytes = 0;
    if (!build_info || !program_info
            || program_info(program, CL_PROGRAM_DEVICES, sizeof devices, devices, &bytes) != 0) {
        return;
    }
    char names[4096] = "";
    program_info(program, CL_PROGRAM_KERNEL_NAMES, sizeof names - 1, names, NULL);
    for (size_t d = 0; d < bytes / sizeof(cl_device_id); d++) {
        size_t size = 0;
        if (build_info(program, devices[d], CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != 0 || size == 0) {
            continue;
        }
        char *log = malloc(size + 1);
        if (!log) {
            return;
        }
        build_info(program, devices[d], CL_PROGRAM_BUILD_LOG, size, log, NULL);
        log[size] = 0;
        fprintf(stderr, "cl-build-options: status %d, options \"%s\", kernels %s, log:\n%s\n", status,
                options ? options : "", names, log);
        free(log);
    }
}

static void write_binary(cl_program program, const char *dir) {
    static int count = 0;
    program_info_fn program_info = (program_info_fn) real_symbol("clGetProgramInfo");
    size_t sizes[16];
    size_t bytes = 0;
    if (!program_info || program_info(program, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, &bytes) != 0) {
        return;
    }
    size_t devices = bytes / sizeof(size_t);
    unsigned char *binaries[16];
    for (size_t d = 0; d < devices; d++) {
        binaries[d] = malloc(sizes[d] + 1);
    }
    if (program_info(program, CL_PROGRAM_BINARIES, devices * sizeof(unsigned char *), binaries, NULL) == 0) {
        for (size_t d = 0; d < devices; d++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/program-%d.bin", dir, ++count);
            FILE *f = fopen(path, "wb");
            if (f) {
                fwrite(binaries[d], 1, sizes[d], f);
                fclose(f);
                fprintf(stderr, "cl-build-options: binary of %zu bytes in %s\n", sizes[d], path);
            }
        }
    }
    for (size_t d = 0; d < devices; d++) {
        free(binaries[d]);
    }
}

cl_int clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id *device_list, const char *options,
                      notify_fn notify, void *user_data) {
    build_fn real = (build_fn) real_symbol("clBuildProgram");
    if (!real) {
        return -11; /* CL_BUILD_PROGRAM_FAILURE */
    }
    const char *extra = getenv("GPUMATCH_CL_BUILD_OPTIONS");
    char *joined = NULL;
    if (extra && *extra) {
        size_t a = options ? strlen(options) : 0;
        joined = malloc(a + strlen(extra) + 2);
        if (joined) {
            sprintf(joined, "%s%s%s", options ? options : "", a ? " " : "", extra);
            options = joined;
        }
    }
    cl_int status = real(program, num_devices, device_list, options, notify, user_data);
    if (getenv("GPUMATCH_CL_BUILD_LOG")) {
        print_log(program, status, options);
    }
    const char *dir = getenv("GPUMATCH_CL_BINARY_DIR");
    if (dir && status == 0) {
        write_binary(program, dir);
    }
    free(joined);
    return status;
}
