package org.gpumatch.aparapi.rabinkarp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one run of the {@link OneShotFileSearch} measured, stage by stage (nanoseconds of wall time). Stages overlap, so
 * the stage times do not add up to the total: the one-shot search is as fast as its slowest stage once it runs.
 *
 * @param n                bytes of the file
 * @param chunks           chunks searched (device and CPU)
 * @param chunkSymbols     symbols per chunk at the last packing (each window has m - 1 more)
 * @param sigma            bits per symbol of the last packing
 * @param lanes            device lanes (kernel instances, each with its own context, thread and chunk buffer)
 * @param packThreads      threads reading and packing each chunk
 * @param bufferBytes      bytes of each lane's chunk buffer (host array and device buffer)
 * @param packedBytes      bytes uploaded: the packed windows, overlaps included
 * @param setupNanos       from the start to the first chunk's packing: opening, mapping, sampling the alphabet
 * @param readPackNanos    reading and packing all chunks (the packing threads' wall time, summed over chunks)
 * @param laneWaitNanos    time the packing waited for a lane to finish its previous chunk (back pressure: the lanes
 *                         are the bottleneck when this is large)
 * @param compileNanos     creating the first lane: the kernel compile and its OpenCL context (0 when the lanes
 *                         already existed)
 * @param compileExposedNanos part of the compile not hidden behind reading and packing: how long the first packed
 *                         chunk waited for its lane
 * @param uploadSearchNanos the lanes' time per chunk, summed: upload of the packed window and the kernel launches
 *                         (count, or count and find) with their read-backs
 * @param transferNanos    device time of the transfers by OpenCL profiling, or -1 (run with
 *                         {@code -Dcom.aparapi.enableProfiling=true})
 * @param kernelNanos      device time of the kernels by OpenCL profiling, or -1
 * @param lanesBusyNanos   from the first lane's first chunk starting to the last lane's last chunk ending
 * @param firstChunkNanos  from the start until the first chunk's result
 * @param totalNanos       from the start until the last result was delivered
 * @param cpuChunks        chunks searched on the CPU (a byte outside every packing the variant can take)
 * @param widenings        times the alphabet sampled at the start was widened by a chunk holding other bytes
 */
public record OneShotTimes(long n, long chunks, int chunkSymbols, int sigma, int lanes, int packThreads,
                           long bufferBytes, long packedBytes, long setupNanos, long readPackNanos,
                           long laneWaitNanos, long compileNanos, long compileExposedNanos,
                           long uploadSearchNanos, long transferNanos, long kernelNanos, long lanesBusyNanos,
                           long firstChunkNanos, long totalNanos, long cpuChunks, int widenings) {

    /** The lines {@code --explain} prints after a overlapped run. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "one-shot: %d chunks of %d symbols (sigma %d, + m-1 overlap), %d lanes "
                        + "with a %s buffer each, %d read+pack threads; %s uploaded (%s per byte of text)", chunks,
                chunkSymbols, sigma, lanes, bytes(bufferBytes), packThreads, bytes(packedBytes),
                n == 0 ? "-" : String.format(Locale.ROOT, "%.3f", packedBytes / (double) n)));
        lines.add(String.format(Locale.ROOT, "stages: setup %s; read+pack %s (%s GB/s of text); waiting for a free "
                        + "lane %s; compile %s (%s not hidden); upload+search %s summed over lanes%s", ms(setupNanos),
                ms(readPackNanos), gbps(n, readPackNanos), ms(laneWaitNanos), ms(compileNanos), ms(compileExposedNanos),
                ms(uploadSearchNanos), transferNanos < 0 ? " (device split: run with -Dcom.aparapi.enableProfiling=true)"
                        : String.format(Locale.ROOT, " (device: transfers %s = %s GB/s, kernels %s)", ms(transferNanos),
                        gbps(packedBytes, transferNanos), ms(kernelNanos))));
        lines.add(String.format(Locale.ROOT, "overlap: lanes busy %s (%s GB/s of packed bytes, %s GB/s of text); first "
                        + "chunk done after %s; total %s (%s GB/s of text)%s", ms(lanesBusyNanos),
                gbps(packedBytes, lanesBusyNanos), gbps(n, lanesBusyNanos), ms(firstChunkNanos), ms(totalNanos),
                gbps(n, totalNanos), (cpuChunks > 0 || widenings > 0 ? "; " + widenings + " alphabet widenings, "
                        + cpuChunks + " chunks on the CPU" : "")));
        return lines;
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    private static String gbps(long bytes, long nanos) {
        return nanos <= 0 ? "-" : String.format(Locale.ROOT, "%.2f", bytes / (double) nanos);
    }

    private static String bytes(long b) {
        return b >= 1 << 20 ? String.format(Locale.ROOT, "%.1f MiB", b / 1048576.0)
                : b >= 1024 ? String.format(Locale.ROOT, "%.1f KiB", b / 1024.0) : b + " B";
    }
}
