package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.junit.jupiter.api.Test;

/** A geometry whose find-phase tile does not fit the device's local memory is shrunk to fit, not launched to fail. */
class DrkWomGeometryTest {
    @Test
    void tooLargeATileIsShrunkToTheDevicesLocalMemory() {
        ComputeDevice device = TestDevices.openCl();
        int words = (int) Math.min(1 << 20, device.localMemBytes()); // 4 bytes a word: 4x the local memory per item
        byte[] t = "abracadabra".repeat(5000).getBytes();
        try (DrkWomMatcher m = new DrkWomMatcher(device, "test", 1, words)) {
            assertThat(DrkWomKernel.localBytes(1, m.tileWords())).isLessThanOrEqualTo(device.localMemBytes());
            Pattern p = Pattern.utf8("abra");
            assertThat(m.find(Text.wrap(t), p)).isEqualTo(new NaiveMatcher().find(Text.wrap(t), p));
        }
    }
}
