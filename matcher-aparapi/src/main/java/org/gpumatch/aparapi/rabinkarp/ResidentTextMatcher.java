package org.gpumatch.aparapi.rabinkarp;

import com.aparapi.Kernel;
import org.gpumatch.aparapi.DeviceMatcher;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.LaunchTiming;
import org.gpumatch.api.Alphabet;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.UnsupportedInputException;

/**
 * What the Rabin-Karp device matchers share: one kernel on one device (created on first use, released by
 * {@link #close()}), the text resident in it, the timing of the last query and the plan it reports.
 *
 * @param <K> the kernel
 */
abstract class ResidentTextMatcher<K extends Kernel> implements DeviceMatcher {
    protected final ComputeDevice device;
    protected final String reason;
    /** The kernel and its buffers; null until the first query and after {@link #close()}. */
    protected GuardedKernel<K> launcher;
    /** The text whose data the kernel holds, or null. */
    protected Text resident;
    protected LaunchTiming lastTiming = LaunchTiming.NONE;

    /**
     * Why a barrier-heavy kernel (CRK's scans, HRK's per-chunk scans) is refused in Java threads: Aparapi 3.0.2's thread
     * pool deadlocked intermittently on them in this project's tests (about one run in six of a 700-byte HRK test), a
     * known weakness of its barrier emulation (Syncleus/aparapi#101, #127). DRK-WOM, with two barriers a launch, is not
     * affected.
     */
    static final String REFUSED_IN_JAVA_THREADS = "%s does not run in Java threads: Aparapi's thread pool deadlocks "
            + "intermittently on its barrier-heavy kernel; choose an OpenCL device";

    ResidentTextMatcher(ComputeDevice device, String reason, int localSize) {
        if (localSize <= 0 || Integer.bitCount(localSize) != 1) {
            throw new IllegalArgumentException("localSize must be a power of two: " + localSize);
        }
        this.device = device;
        this.reason = reason;
    }

    @Override
    public ComputeDevice device() {
        return device;
    }

    /** Timing of the last query's launches (device times need {@code -Dcom.aparapi.enableProfiling=true}). */
    @Override
    public LaunchTiming lastTiming() {
        return lastTiming;
    }

    @Override
    public Plan lastPlan() {
        return new Plan(algorithm(), device.describe(), reason);
    }

    /**
     * Throws {@link UnsupportedInputException} with the reason when this matcher cannot take the input, asked with the
     * sigma of text and pattern together (the text's alphabet is computed once per {@link Text}, one pass).
     */
    protected void requireSupported(Text text, Pattern pattern) {
        int sigma = text.alphabet().union(Alphabet.of(pattern.toByteArray())).sigma();
        unsupportedReason(text.length(), pattern.length(), sigma).ifPresent(r -> {
            throw new UnsupportedInputException(r);
        });
    }

    /**
     * Checks the input and makes {@code text} resident; false when the pattern is longer than the text, which then has
     * no occurrences and needs no launch.
     */
    protected boolean prepare(Text text, Pattern pattern) {
        requireSupported(text, pattern);
        if (pattern.length() > text.length()) {
            return false;
        }
        makeResident(text);
        return true;
    }

    /**
     * Where each work-group writes its positions in a find phase: the exclusive prefix sums of the first {@code groups}
     * per-group match counts, in {@code previous} when it is large enough (so its device buffer is reused).
     */
    static int[] groupOffsets(int[] counts, int groups, int[] previous) {
        int[] offsets = previous.length >= groups ? previous : new int[groups];
        int running = 0;
        for (int g = 0; g < groups; g++) {
            offsets[g] = running;
            running += counts[g];
        }
        return offsets;
    }

    /** Forgets what a subclass derived from the resident text (called when the kernel is released). */
    protected void forgetDerivedState() {
    }

    @Override
    public void close() {
        if (launcher != null) {
            launcher.close();
            launcher = null;
            resident = null;
            forgetDerivedState();
        }
    }
}
