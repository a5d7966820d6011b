package org.gpumatch.gpu.runtime;

/**
 * A launch did not run where it was planned (Aparapi fell back to another device or to Java threads). The results of
 * such a launch are discarded: gpumatch never silently reports work done somewhere else.
 */
public class DeviceFallbackException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public DeviceFallbackException(String message) {
        super(message);
    }

    /** With the exception that made the launch fail (kept as the cause). */
    public DeviceFallbackException(String message, Throwable cause) {
        super(message, cause);
    }
}
