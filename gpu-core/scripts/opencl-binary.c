/*
 * Builds OpenCL C files on the first GPU of the first platform that has one and writes each program's binary
 * (NVIDIA: PTX text) beside it as FILE.bin, with the build log on stderr. The device-side companion of
 * kernel-registers.sh: `ptxas -v --gpu-name sm_90 FILE.bin` then prints the registers NVIDIA's own OpenCL compiler
 * needs (kernel-registers.sh's clang proxy only approximates them).
 * Build on the GPU host: cc -O2 -o opencl-binary opencl-binary.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lOpenCL
 * Usage: opencl-binary FILE.cl...
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    *len = (size_t) ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc(*len + 1);
    if (fread(s, 1, *len, f) != *len) { perror(path); exit(2); }
    s[*len] = 0;
    fclose(f);
    return s;
}

int main(int argc, char **argv) {
    cl_platform_id platforms[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, platforms, &np);
    cl_device_id dev = 0;
    for (cl_uint p = 0; p < np && !dev; p++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) != CL_SUCCESS || nd == 0) dev = 0;
    }
    if (!dev) { fprintf(stderr, "no OpenCL GPU\n"); return 2; }
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    for (int a = 1; a < argc; a++) {
        size_t len;
        const char *src = slurp(argv[a], &len);
        cl_program prog = clCreateProgramWithSource(ctx, 1, &src, &len, &err);
        err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
        size_t logLen = 0;
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &logLen);
        char *log = malloc(logLen + 1);
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, logLen, log, NULL);
        log[logLen] = 0;
        if (err != CL_SUCCESS) { fprintf(stderr, "%s: build failed (%d): %s\n", argv[a], err, log); continue; }
        size_t binLen = 0;
        clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof binLen, &binLen, NULL);
        unsigned char *bin = malloc(binLen);
        clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
        char out[4096];
        snprintf(out, sizeof out, "%s.bin", argv[a]);
        FILE *f = fopen(out, "wb");
        fwrite(bin, 1, binLen, f);
        fclose(f);
        printf("%s: %zu bytes of binary\n", out, binLen);
        clReleaseProgram(prog);
    }
    return 0;
}
