package org.gpumatch.gpu.runtime;

import com.aparapi.Kernel;
import com.aparapi.ProfileInfo;
import com.aparapi.Range;
import com.aparapi.device.JavaDevice;
import com.aparapi.exception.CompileFailedException;
import com.aparapi.exception.QueryFailedException;
import com.aparapi.internal.kernel.KernelManager;
import com.aparapi.internal.model.ClassModel;
import com.aparapi.internal.writer.KernelWriter;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One kernel instance bound to one device, launched without silent fallback.
 *
 * <p>On construction the kernel is put in explicit buffer mode, pinned to the device, and (on OpenCL) compiled up front:
 * a conversion or OpenCL compile failure throws {@link KernelCompilationException} carrying the generated OpenCL. Each
 * {@link #launch} uses a device-bound range with an explicit local size (checked against the kernel's maximum
 * work-group size on that device) and afterwards confirms that the kernel ran as OpenCL on that device; otherwise it
 * throws {@link DeviceFallbackException}. Java threads run only when the device is {@link ComputeDevice#JAVA_THREADS}.
 *
 * <p><b>Arrays the garbage collector moves.</b> In explicit mode Aparapi compares each array's address with the one
 * of the previous launch and, when the collector moved it, rebuilds the device buffer from the host copy: whatever a
 * launch wrote on the device and a later launch reads is then lost (the intermittent wrong select of issue 21: a
 * select's count, written by one pass and downloaded after the next, came back from an earlier call). After every
 * launch on OpenCL this class therefore downloads every global array of the kernel that the collector may move
 * ({@link ArrayMobility}: under G1 only arrays below half a heap region), so a rebuilt buffer always starts from current
 * data ({@link DeviceArrayFields}). Large arrays under G1 cost nothing; each small one costs one blocking download
 * per launch, so a pipeline keeps its small pass state in few arrays, or, as a {@link LaunchWrites}, says which arrays
 * a launch may write: the others keep current host copies and are not downloaded.
 *
 * <p>Each Aparapi kernel instance owns its own OpenCL context, so the buffers of one pipeline live in one kernel
 * instance; close this to release them ({@link Kernel#dispose()}). Not thread-safe: one caller at a time.
 *
 * @param <K> the kernel class
 */
public final class GuardedKernel<K extends Kernel> implements AutoCloseable {
    /**
     * Test setting {@code -Dgpumatch.test.collectBeforeLaunch=true}: a {@code System.gc()} before every launch, so
     * that under a compacting collector (Serial) the kernel's small arrays move between launches, as they do by chance
     * in a long-running JVM (the stress tests run with it).
     */
    private static final boolean COLLECT_BEFORE_LAUNCH = Boolean.getBoolean("gpumatch.test.collectBeforeLaunch");

    private final K kernel;
    private final ComputeDevice device;
    private final int localSize;
    /** The kernel's global array fields that a launch binds (empty on Java threads). */
    private final DeviceArrayFields arrays;
    private LaunchTiming lastTiming = LaunchTiming.NONE;
    /** The arrays downloaded after the last launch (movable ones it may have written). */
    private List<Object> lastDownloaded = List.of();
    private boolean launched;
    private boolean closed;

    /**
     * Binds {@code kernel} to {@code device} and compiles it there.
     *
     * @param preferredLocalSize the work-group size wanted; it is lowered to the kernel's maximum on the device (keeping
     *                           a power of two) when the device cannot run it
     */
    public GuardedKernel(K kernel, ComputeDevice device, int preferredLocalSize) {
        this(kernel, device, preferredLocalSize, BufferCreation.COPY);
    }

    /**
     * Binds {@code kernel} to {@code device} and compiles it there, its device buffers to be created the way
     * {@code creation} says (the kernel's OpenCL context takes the setting when it is compiled, here).
     */
    public GuardedKernel(K kernel, ComputeDevice device, int preferredLocalSize, BufferCreation creation) {
        AparapiLog.install();
        this.kernel = kernel;
        this.device = device;
        kernel.setExplicit(true);
        KernelManager.instance().setPreferredDevices(kernel, new LinkedHashSet<>(List.of(device.aparapiDevice())));
        if (device.isOpenCL()) {
            creation.compileWith(device, this::compile);
            this.localSize = fitLocalSize(preferredLocalSize);
            this.arrays = DeviceArrayFields.of(kernel);
        } else {
            this.localSize = preferredLocalSize;
            this.arrays = DeviceArrayFields.NONE;
        }
    }

    /**
     * Compiles on the device or throws. A kernel whose compilation failed is left undisposed: Aparapi 3.0.2's
     * {@code dispose()} then crashes the JVM in {@code clReleaseCommandQueue} (seen on PoCL), so the failed kernel's
     * small native context is leaked instead.
     */
    private void compile() {
        AparapiLog.drain();
        try {
            kernel.compile(device.aparapiDevice());
        } catch (CompileFailedException | RuntimeException e) {
            throw new KernelCompilationException("kernel " + kernel.getClass().getSimpleName() + " failed to compile on "
                    + device.describe() + ": " + e.getMessage() + logSuffix(), openClSourceOf(kernel), e);
        }
    }

    private int fitLocalSize(int preferred) {
        int max;
        try {
            max = Math.min(kernel.getKernelMaxWorkGroupSize(device.aparapiDevice()), device.maxWorkGroupSize());
        } catch (QueryFailedException e) {
            throw new KernelCompilationException("cannot query the work-group limit of " + kernel.getClass().getSimpleName()
                    + " on " + device.describe() + ": " + e.getMessage(), openClSourceOf(kernel), e);
        }
        int size = preferred;
        while (size > max && size > 1) {
            size >>>= 1;
        }
        return size;
    }

    /** The OpenCL C that Aparapi generates for {@code kernel}, or why it cannot generate any. */
    public static String openClSourceOf(Kernel kernel) {
        try {
            return KernelWriter.writeToString(ClassModel.createClassModel(kernel.getClass()).getEntrypoint("run", kernel));
        } catch (Exception | LinkageError e) {
            return "(no OpenCL could be generated: " + e + ")";
        }
    }

    /** The kernel, for setting its fields and {@code put}/{@code get} of its arrays. */
    public K kernel() {
        return kernel;
    }

    public ComputeDevice device() {
        return device;
    }

    /** The work-group size every launch uses. */
    public int localSize() {
        return localSize;
    }

    /**
     * Runs the kernel over {@code groups} work-groups of {@link #localSize()} work-items and checks where it ran.
     *
     * @throws DeviceFallbackException when Aparapi ran it anywhere but the planned device
     */
    public LaunchTiming launch(int groups) {
        return launch(groups, localSize);
    }

    /**
     * Runs the kernel over {@code groups} work-groups of {@code groupSize} work-items (at most {@link #localSize()},
     * which fits the compiled kernel): a driver whose launches differ in their best geometry (the grid's radix sort
     * may run other work-groups than a pipeline's own) picks it per launch; the local arrays are sized for it.
     *
     * @throws DeviceFallbackException when Aparapi ran it anywhere but the planned device
     */
    public LaunchTiming launch(int groups, int groupSize) {
        if (groupSize < 1 || groupSize > localSize) {
            throw new IllegalArgumentException("work-group size must be 1.." + localSize + ": " + groupSize);
        }
        if (closed) {
            throw new IllegalStateException("kernel " + kernel.getClass().getSimpleName() + " is closed");
        }
        if (groups <= 0) {
            throw new IllegalArgumentException("groups must be positive: " + groups);
        }
        long global = (long) groups * groupSize;
        if (global > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("launch of " + global + " work-items exceeds 2^31-1");
        }
        Range range = device.isOpenCL()
                ? device.aparapiDevice().createRange((int) global, groupSize)
                : Range.create(JavaDevice.THREAD_POOL, (int) global, groupSize);
        if (!range.isValid()) {
            throw new IllegalStateException("invalid range: " + global + " work-items in groups of " + groupSize
                    + " on " + device.describe());
        }
        if (kernel instanceof LocalMemorySizing sized) {
            sized.sizeLocalMemory(groupSize); // a launch never runs with local arrays of another geometry
        }
        if (!device.isOpenCL()) {
            JavaThreadPool.fit(kernel, groupSize); // a thread per work-item of the group, no compensation
        }
        AparapiLog.drain();
        if (COLLECT_BEFORE_LAUNCH) {
            System.gc(); // tests: a full collection before every launch moves the arrays a movable-array bug would lose
        }
        long t0 = System.nanoTime();
        try {
            kernel.execute(range);
        } catch (RuntimeException | AssertionError e) { // e.g. CL_OUT_OF_RESOURCES, then Aparapi's own fallback failing
            throw new DeviceFallbackException("kernel " + kernel.getClass().getSimpleName() + " failed to run on "
                    + device.describe() + " (" + groups + " work-groups of " + groupSize + "): " + e.getMessage()
                    + rootCause(e) + logSuffix(), e);
        } finally {
            launched = true;
        }
        long wall = System.nanoTime() - t0;
        verifyRanOnPlannedDevice();
        lastTiming = device.isOpenCL() ? deviceTimes(wall) : new LaunchTiming(wall, -1, -1);
        lastDownloaded = arrays.downloadMovable(kernel);
        return lastTiming;
    }

    private void verifyRanOnPlannedDevice() {
        List<com.aparapi.device.Device> failed = KernelManager.instance().getPreferences(kernel).getFailedDevices();
        boolean ok = device.isOpenCL()
                ? kernel.isRunningCL() && device.aparapiDevice().equals(kernel.getTargetDevice()) && failed.isEmpty()
                : !kernel.isRunningCL() && failed.isEmpty();
        if (!ok) {
            throw new DeviceFallbackException("kernel " + kernel.getClass().getSimpleName() + " was planned on "
                    + device.describe() + " but ran on " + kernel.getTargetDevice().getShortDescription()
                    + (failed.isEmpty() ? "" : " (failed devices: " + failed + ")") + logSuffix());
        }
    }

    private LaunchTiming deviceTimes(long wall) {
        List<ProfileInfo> infos = kernel.getProfileInfo();
        if (infos == null || infos.isEmpty()) {
            return new LaunchTiming(wall, -1, -1);
        }
        long exec = 0;
        long transfer = 0;
        for (ProfileInfo p : infos) {
            long span = p.getEnd() - p.getStart();
            if ("X".equals(String.valueOf((Object) p.getType()))) {
                exec += span;
            } else {
                transfer += span;
            }
        }
        return new LaunchTiming(wall, exec, transfer);
    }

    /**
     * What failed inside Aparapi's wrapper, when there is a deeper cause (in Java threads: the kernel's own exception,
     * e.g. an index out of bounds, which Aparapi's message omits).
     */
    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? "" : "; cause: " + root;
    }

    private static String logSuffix() {
        List<String> log = AparapiLog.drain();
        return log.isEmpty() ? "" : "; Aparapi said: " + String.join(" | ", log);
    }

    /**
     * Downloads {@code array} when the garbage collector may move it ({@link ArrayMobility}). {@link #launch} already
     * does this for every array field its kernel binds; call it only for an array that a launch wrote through another
     * path. Large arrays under G1 cost nothing.
     */
    public void keepCurrent(int[] array) {
        if (device.isOpenCL() && ArrayMobility.mayMove(4L * array.length)) {
            kernel.get(array);
        }
    }

    /** {@link #keepCurrent(int[])} for a {@code long[]}. */
    public void keepCurrent(long[] array) {
        if (device.isOpenCL() && ArrayMobility.mayMove(8L * array.length)) {
            kernel.get(array);
        }
    }

    /** Blocking downloads that followed the last launch (movable arrays it may have written, see {@link LaunchWrites}). */
    public int lastLaunchDownloads() {
        return lastDownloaded.size();
    }

    /** Bytes of those downloads. */
    public long lastLaunchDownloadBytes() {
        long bytes = 0;
        for (Object a : lastDownloaded) {
            bytes += DeviceArrayFields.payloadBytes(a);
        }
        return bytes;
    }

    /** Whether {@code array} (by identity) was downloaded after the last launch: its host copy is then current. */
    public boolean downloadedAfterLastLaunch(Object array) {
        for (Object a : lastDownloaded) {
            if (a == array) {
                return true;
            }
        }
        return false;
    }

    /** Timing of the last launch. */
    public LaunchTiming lastTiming() {
        return lastTiming;
    }

    /**
     * Releases the kernel's OpenCL context, program and buffers. Idempotent. A kernel that was compiled but never
     * launched is not disposed: Aparapi 3.0.2 crashes the JVM in {@code JNIContext::dispose} then (its argument list was
     * never built), so that rare case leaks the compiled program instead.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (!device.isOpenCL()) {
                JavaThreadPool.release(kernel); // before dispose(), which drops Aparapi's runner and its pool
            }
            if (launched || !device.isOpenCL()) {
                kernel.dispose();
            }
        }
    }
}
