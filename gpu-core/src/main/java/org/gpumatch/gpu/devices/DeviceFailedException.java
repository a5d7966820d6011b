package org.gpumatch.gpu.devices;

/**
 * A device of a {@link DeviceSet} failed while it searched its share of a job: the message names the device (its
 * index as {@code gpumatch devices} lists it, and its description) and the part; the cause is what the device's
 * thread threw. The job's answer is incomplete, so it is an error, never a partial answer.
 */
public final class DeviceFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String device;

    /**
     * @param device the device's label ({@link DeviceSet#label(int)})
     * @param part   the part it was searching, or -1
     * @param cause  what its thread threw
     */
    public DeviceFailedException(String device, int part, Throwable cause) {
        super(device + " failed" + (part >= 0 ? " on part " + part : "") + ": " + describe(cause), cause);
        this.device = device;
    }

    /** The failed device's label. */
    public String device() {
        return device;
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }
}
