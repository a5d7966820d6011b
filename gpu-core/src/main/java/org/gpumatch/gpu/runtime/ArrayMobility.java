package org.gpumatch.gpu.runtime;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * Whether the garbage collector may move a Java array between two launches, which in Aparapi's explicit mode loses
 * what the device wrote into it (docs/aparapi-guide.md section 5: Aparapi notices the new address and rebuilds the device
 * buffer from the stale host copy).
 *
 * <p>Under G1 an array of at least half a heap region is a humongous object, and G1 in Java 17 never moves those
 * (a newer JDK may, in a last-ditch full collection); every smaller array, and every array under another collector,
 * may move. {@link GuardedKernel#launch} downloads, after every launch, each array of its kernel that may move, so the
 * host copy a rebuilt buffer starts from is always current; the large arrays that carry the real data cost nothing.
 */
public final class ArrayMobility {
    private static final boolean G1 = isG1();
    private static final long HUMONGOUS_BYTES = humongousThreshold();

    private ArrayMobility() {
    }

    /** Whether an array of {@code bytes} bytes (its payload) may be moved by this JVM's collector. */
    public static boolean mayMove(long bytes) {
        return !G1 || bytes < HUMONGOUS_BYTES;
    }

    /** The smallest payload G1 allocates as a humongous (never moved) object, or {@code Long.MAX_VALUE} without G1. */
    public static long humongousBytes() {
        return G1 ? HUMONGOUS_BYTES : Long.MAX_VALUE;
    }

    private static boolean isG1() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getName().startsWith("G1")) {
                return true;
            }
        }
        return false;
    }

    private static long humongousThreshold() {
        try {
            HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            long region = Long.parseLong(hs.getVMOption("G1HeapRegionSize").getValue());
            // the header of an array object counts against the region: stay on the safe side of it
            return region > 0 ? region / 2 : Long.MAX_VALUE;
        } catch (RuntimeException | LinkageError e) {
            // unknown region size (e.g. a runtime image without the jdk.management module): treat every array as movable
            return Long.MAX_VALUE;
        }
    }
}
