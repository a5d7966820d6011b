package org.gpumatch.bench.ceiling;

/**
 * The device's ceilings measured at the start of a run; every throughput row is read against them.
 *
 * @param bytes       the size of the read and upload arrays
 * @param read        streaming read of a resident array
 * @param upload      host-to-device copy of an existing buffer through Aparapi ({@code put} + launch)
 * @param firstUpload the first upload into a new kernel's buffer (what one-shot runs pay), wall time only
 * @param launch      an empty launch (bytes = 0)
 */
public record Ceilings(long bytes, DeviceCeilings.Measurement read, DeviceCeilings.Measurement upload,
                       DeviceCeilings.Measurement firstUpload, DeviceCeilings.Measurement launch) {

    /** The read ceiling rows are divided by: device GB/s when profiled, else wall GB/s. */
    public double readGbps() {
        return Double.isNaN(read.deviceGbps()) ? read.wallGbps() : read.deviceGbps();
    }

    /** The upload rate one-shot rows are compared with: the first upload's wall GB/s (their path, their clock). */
    public double uploadWallGbps() {
        return firstUpload.wallGbps();
    }
}
