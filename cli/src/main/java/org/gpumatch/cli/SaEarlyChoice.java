package org.gpumatch.cli;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.suffixarray.gpu.GpuPrefixDoublingBuilder;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.StageSpan;
import org.gpumatch.suffixarray.gpu.SuffixArrayBuilders;

/**
 * The suffix array builder of {@code sa build}, chosen by the file's length on a thread of its own while the command
 * reads the text: the OpenCL platforms' start and the device's choice ({@link SuffixArrayBuilders#choose(
 * SuffixArrayBuilders.Algorithm, DevicePolicy, long)}) and, for {@code -a gpu} and files of at least
 * {@link SuffixArrayBuilders#PREPARE_AHEAD_MIN_BYTES}, the builder's {@link org.gpumatch.suffixarray.SuffixArrayBuilder#prepare}
 * (the kernel's compile and the host arrays, on threads of their own); for {@code -a gpu} and {@code auto} the kernel's
 * class is also converted ahead into Aparapi's caches ({@link GpuPrefixDoublingBuilder#convertAhead}) while the
 * platforms start. A failure there (no OpenCL device, the
 * {@code java} device with {@code -a gpu}) surfaces on the command's thread in {@link #join}, as it would have
 * without the overlap; nothing falls back silently.
 */
final class SaEarlyChoice {
    private final CompletableFuture<SuffixArrayBuilders.Choice> choice;
    /** The kernel's conversion ahead (completed at once when there is none). */
    private final CompletableFuture<Void> conversion;

    private SaEarlyChoice(CompletableFuture<SuffixArrayBuilders.Choice> choice, CompletableFuture<Void> conversion) {
        this.choice = choice;
        this.conversion = conversion;
    }

    /** Starts the choice for a file of {@code size} bytes; its stage goes to {@code timeline}. */
    static SaEarlyChoice start(SuffixArrayBuilders.Algorithm algo, DevicePolicy policy, long size, int cpuThreads,
                               ProcessTimeline timeline) {
        CompletableFuture<Void> conversion = CompletableFuture.completedFuture(null);
        if (algo == SuffixArrayBuilders.Algorithm.GPU || algo == SuffixArrayBuilders.Algorithm.AUTO
                && size >= SuffixArrayBuilders.AUTO_GPU_MIN_BYTES && policy.kind() != DevicePolicy.Kind.JAVA) {
            conversion = CompletableFuture.runAsync(() -> {
                long start = System.nanoTime();
                GpuPrefixDoublingBuilder.convertAhead(size);
                timeline.add(new StageSpan("kernel conversion ahead", start, System.nanoTime(), true));
            }, r -> onThread("gpumatch-sa-convert", r));
        }
        CompletableFuture<SuffixArrayBuilders.Choice> f = CompletableFuture.supplyAsync(() -> {
            long start = System.nanoTime();
            SuffixArrayBuilders.Choice c = SuffixArrayBuilders.choose(algo, policy, size, cpuThreads);
            timeline.add(new StageSpan("device init, builder choice", start, System.nanoTime(), true));
            if (algo == SuffixArrayBuilders.Algorithm.GPU && size >= SuffixArrayBuilders.PREPARE_AHEAD_MIN_BYTES
                    && size <= SaisBuilder.MAX_LENGTH) {
                c.builder().prepare(size);
            }
            return c;
        }, r -> onThread("gpumatch-sa-choice", r));
        return new SaEarlyChoice(f, conversion);
    }

    private static void onThread(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    /**
     * The choice, waiting for it; its failure is rethrown as it was thrown, an {@link IllegalArgumentException} as a
     * one-line {@link CliException}.
     */
    SuffixArrayBuilders.Choice join() {
        try {
            return choice.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException iae) {
                throw new CliException(iae.getMessage());
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /**
     * Waits for the kernel's conversion ahead, so that its stage is on the timeline before it is printed (its failure
     * is dropped: the conversion only warms Aparapi's caches; the build reports any real failure itself).
     */
    void awaitConversion() {
        conversion.handle((v, e) -> null).join();
    }

    /** After the command failed elsewhere: waits for the choice and releases it (its failure is dropped). */
    void abandon() {
        choice.handle((c, e) -> {
            if (c != null) {
                c.close();
            }
            return null;
        }).join();
    }
}
