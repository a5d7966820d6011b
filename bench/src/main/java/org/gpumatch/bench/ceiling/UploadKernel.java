package org.gpumatch.bench.ceiling;

import com.aparapi.Kernel;

/**
 * The target of the host-to-device measurement: a kernel that does nothing, but whose array Aparapi must treat as
 * read <em>and written</em> by the kernel.
 *
 * <p>Why written: Aparapi's native {@code getProfileInfoJNI} (aparapi-native {@code Aparapi.cpp}) returns the write
 * (host-to-device) event of an array only when the kernel may modify that array ({@code isMutableByKernel()}); the
 * event is recorded for every array the kernel reads, but for read-only arrays it is silently dropped from
 * {@code getProfileInfo()}. With a read-only array ({@link EmptyKernel}) the upload's device time therefore came back
 * as 0, which the bench reported as NaN. The never-taken write below makes the buffer read-write, so the upload event
 * is reported. (The same filter hides the upload time of every read-only text buffer, e.g. DRK-WOM's; one-shot rows
 * report wall time only for that reason.)
 */
public final class UploadKernel extends Kernel {
    int[] data;

    /** @param data the array to upload, at least 2 ints */
    public UploadKernel(int[] data) {
        if (data.length < 2) {
            throw new IllegalArgumentException("need at least 2 ints");
        }
        this.data = data;
    }

    @Override
    public void run() {
        if (getGlobalId() < 0) {
            data[0] = data[1];
        }
    }
}
