package org.gpumatch.gpu.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PartSplitTest {
    @Test
    void boundsCoverTheJobWithAlignedNonEmptyParts() {
        for (long total : new long[] {1, 31, 32, 33, 64, 95, 1000, 1 << 20, (1L << 33) + 7}) {
            for (int parts : new int[] {1, 2, 3, 4, 7, 8, 16, 1000}) {
                for (long align : new long[] {1, 32, 4096}) {
                    long[] b = PartSplit.bounds(total, parts, align);
                    assertThat(b[0]).isZero();
                    assertThat(b[b.length - 1]).isEqualTo(total);
                    assertThat(b.length - 1).isBetween(1, parts);
                    assertThat(b.length - 1).isEqualTo((int) Math.min(parts, (total + align - 1) / align));
                    for (int i = 1; i < b.length; i++) {
                        assertThat(b[i]).as("part %d of %d, %d in %d", i, total, parts, align).isGreaterThan(b[i - 1]);
                        if (i < b.length - 1) {
                            assertThat(b[i] % align).isZero();
                        }
                    }
                }
            }
        }
    }

    @Test
    void anEmptyJobHasNoParts() {
        assertThat(PartSplit.bounds(0, 4, 32)).containsExactly(0);
        assertThat(PartSplit.forDevices(0, 2, 32, 1)).containsExactly(0);
    }

    @Test
    void moreDevicesThanUnitsGivesOnePartPerUnit() {
        assertThat(PartSplit.forDevices(40, 4, 32, 1)).containsExactly(0, 32, 40);
        assertThat(PartSplit.forDevices(5, 8, 1, 1)).containsExactly(0, 1, 2, 3, 4, 5);
    }

    @Test
    void oneDeviceKeepsTheJobWholeAndSetsSplitIntoPartsPerDevice() {
        assertThat(PartSplit.forDevices(1_000_000, 1, 32, 1)).containsExactly(0, 1_000_000);
        assertThat(PartSplit.forDevices(1_000_000, 2, 32, 1)).hasSize(2 * PartSplit.PARTS_PER_DEVICE + 1);
        assertThat(PartSplit.forDevices(1_000_000, 2, 32, 400_000)).hasSize(3);
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> PartSplit.bounds(-1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PartSplit.bounds(1, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
