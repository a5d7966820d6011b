package org.gpumatch.gpu.runtime;

import java.util.Locale;
import java.util.Objects;

/**
 * Which device a matcher may run on, as chosen by {@code --device} or the system property {@code gpumatch.device}.
 *
 * <ul>
 *   <li>{@code auto} (default): the best OpenCL GPU, else an OpenCL CPU device, else Java threads with a one-line notice;</li>
 *   <li>{@code gpu}: an OpenCL GPU or an error; {@code opencl}: any OpenCL device or an error;</li>
 *   <li>{@code java}: Aparapi's Java thread pool (slow; a correctness reference);</li>
 *   <li>anything else: a case-insensitive substring of an OpenCL device or platform name, e.g. {@code h200} or {@code pocl}.</li>
 * </ul>
 *
 * @param kind      the kind of request
 * @param nameMatch for {@link Kind#NAMED}, the lowercase substring to look for; empty otherwise
 */
public record DevicePolicy(Kind kind, String nameMatch) {
    /** The system property that sets the default policy. */
    public static final String PROPERTY = "gpumatch.device";

    public enum Kind { AUTO, GPU, OPENCL, JAVA, NAMED }

    public static final DevicePolicy AUTO = new DevicePolicy(Kind.AUTO, "");

    public DevicePolicy {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(nameMatch, "nameMatch");
        if (kind == Kind.NAMED && nameMatch.isBlank()) {
            throw new IllegalArgumentException("a named device policy needs a non-empty name");
        }
    }

    /** Parses {@code auto}, {@code gpu}, {@code opencl}, {@code java}, or a device-name substring. */
    public static DevicePolicy parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        switch (t) {
            case "":
            case "auto":
                return AUTO;
            case "gpu":
                return new DevicePolicy(Kind.GPU, "");
            case "opencl":
                return new DevicePolicy(Kind.OPENCL, "");
            case "java":
            case "jtp":
                return new DevicePolicy(Kind.JAVA, "");
            default:
                return new DevicePolicy(Kind.NAMED, t);
        }
    }

    /** The policy named by {@code -Dgpumatch.device}, or {@code auto}. */
    public static DevicePolicy fromSystemProperty() {
        return parse(System.getProperty(PROPERTY, "auto"));
    }

    @Override
    public String toString() {
        return kind == Kind.NAMED ? nameMatch : kind.name().toLowerCase(Locale.ROOT);
    }
}
