package org.gpumatch.gpu.runtime;

/** The device a user asked for is not there; the message lists the devices that are. */
public class DeviceUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public DeviceUnavailableException(String message) {
        super(message);
    }
}
