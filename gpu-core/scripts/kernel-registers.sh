#!/usr/bin/env bash
# Register-count proxy of Aparapi kernels: the OpenCL C that Aparapi generates for each kernel class, compiled with
# clang-15 to NVPTX and assembled by ptxas for sm_90 (an H100/H200), which prints registers per thread. A proxy, not
# NVIDIA's OpenCL compiler (atomics are plain read-modify-writes here), but it tracks the register pressure that
# CL_KERNEL_WORK_GROUP_SIZE shows on the GPU: above 128 registers an SM holds one work-group of 256, not two.
# It can be far off (GridSortKernel on 2026-11-28 e: proxy 72, NVIDIA 130): NVIDIA's own counts come from
# `scripts/record-gpu-results.sh --steps nv-registers` on the GPU host (gpu-core/scripts/cl-build-options.c).
#
# Usage (from the repository root, after `./mvnw -q test-compile -pl gpu-core,suffix-array-gpu,matcher-aparapi -am`):
#   gpu-core/scripts/kernel-registers.sh [CLASS...]      default: the grid layer and its pipelines
# Needs clang-15 and ptxas (CUDA) on the PATH or /usr/local/bin; writes its files under target/kernel-registers/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=target/kernel-registers
mkdir -p "$out"
classes=("$@")
if [ ${#classes[@]} -eq 0 ]; then
  classes=(org.gpumatch.gpu.primitives.GridKernel
           org.gpumatch.gpu.primitives.GridLongKernel
           org.gpumatch.gpu.primitives.GridWideSortKernel
           org.gpumatch.gpu.primitives.GridSegmentKernel
           org.gpumatch.gpu.primitives.example.DenseRankPipeline
           org.gpumatch.suffixarray.gpu.PrefixDoublingKernel
           org.gpumatch.suffixarray.gpu.PieceDoublingKernel
           org.gpumatch.aparapi.rabinkarp.CrkKernel
           org.gpumatch.aparapi.multi.MultiRkKernel)
fi
if [ ! -s "$out/classpath.txt" ] || [ gpu-core/pom.xml -nt "$out/classpath.txt" ]; then
  ./mvnw -B -ntp -q dependency:build-classpath -pl gpu-core -Dmdep.outputFile="$root/$out/classpath.txt" >/dev/null
fi
cp="gpu-core/target/classes:gpu-core/target/test-classes:suffix-array/target/classes:suffix-array-gpu/target/classes:matcher-aparapi/target/classes"
for m in matcher-api sequence; do [ -d "$m/target/classes" ] && cp="$cp:$m/target/classes"; done
cp="$cp:$(cat "$out/classpath.txt")"
java -cp "$cp" gpu-core/scripts/KernelSource.java "$out" "${classes[@]}"
ptxas=$(command -v ptxas || echo /usr/local/bin/ptxas)
# clang's NVPTX target has no OpenCL work-item builtins or atomics of its own: map them onto the PTX registers
cat > "$out/prelude.h" <<'PRELUDE'
#define get_local_id(d) ((size_t)__nvvm_read_ptx_sreg_tid_x())
#define get_local_size(d) ((size_t)__nvvm_read_ptx_sreg_ntid_x())
#define get_group_id(d) ((size_t)__nvvm_read_ptx_sreg_ctaid_x())
#define get_global_id(d) ((size_t)(__nvvm_read_ptx_sreg_ctaid_x()*__nvvm_read_ptx_sreg_ntid_x()+__nvvm_read_ptx_sreg_tid_x()))
#define get_global_size(d) ((size_t)(__nvvm_read_ptx_sreg_nctaid_x()*__nvvm_read_ptx_sreg_ntid_x()))
#define barrier(f) __nvvm_bar_sync(0)
#define atomic_add(p,v) ({int _o=*(p); *(p)=_o+(v); _o;})
#define atomic_min(p,v) ({int _o=*(p); *(p)=min(_o,(v)); _o;})
#define atomic_max(p,v) ({int _o=*(p); *(p)=max(_o,(v)); _o;})
#define min(a,b) ((a)<(b)?(a):(b))
#define max(a,b) ((a)>(b)?(a):(b))
PRELUDE
printf '%-60s %s\n' "kernel class" "registers (sm_90 proxy)"
for c in "${classes[@]}"; do
  n=${c##*.}
  # the prelude goes after Aparapi's #pragma lines (the first three)
  awk -v pre="$out/prelude.h" 'NR==4{while((getline l < pre) > 0) print l} {print}' "$out/$n.cl" > "$out/$n.nv.cl"
  clang-15 -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -Xclang -finclude-default-header -O3 -S \
    -o "$out/$n.ptx" "$out/$n.nv.cl" 2> "$out/$n.clang.log" || { echo "$c: clang failed, see $out/$n.clang.log"; continue; }
  regs=$("$ptxas" -v --gpu-name sm_90 "$out/$n.ptx" -o "$out/$n.cubin" 2>&1 | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
  printf '%-60s %s\n' "$c" "${regs:-?}"
done
