package org.gpumatch.gpu.runtime;

/**
 * A kernel that tells {@link GuardedKernel} which of its arrays the coming launch may write, so that the download of
 * movable arrays after that launch ({@link ArrayMobility}, the race fix of issue 21) skips the arrays the launch left
 * alone: their host copies are still current (every launch that wrote them was followed by a download, and every host
 * change by a {@code put}), so a buffer Aparapi rebuilds from them after a move is still right.
 *
 * <p>Asked on the host after each launch, before the next one changes the kernel's fields. An answer of {@code true}
 * is always safe; {@code false} for an array the launch wrote loses that write when the collector moves the array
 * before a later launch. Kernels that do not implement this get every movable array downloaded after every launch.
 */
public interface LaunchWrites {
    /** Whether the launch just run may have written {@code array} (the current value of one of the kernel's fields). */
    boolean launchMayWrite(Object array);
}
