package org.gpumatch.gpu.primitives;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.gpumatch.gpu.runtime.GuardedKernel;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/**
 * The composition model of {@link TileKernel} on OpenCL: a kernel adds its local memory through the additive hook,
 * registers the slots its {@code run()} serves, calls the barrier core from one place reached by every work-item, and a
 * launch for a slot no code serves is an error. The kernel below is the README's example.
 */
class TileKernelModelTest {
    /** Each work-group stages its values in local memory reversed and writes their exclusive scan. */
    static final class ReversedGroupScan extends TileKernel {
        static final int SLOT_SCAN = 1;
        int[] in = new int[1];
        int[] out = new int[1];
        int slot;

        ReversedGroupScan() {
            registerSlot(SLOT_SCAN);
        }

        @Override
        protected int localInts(int localSize) {
            return super.localInts(localSize) + localSize; // additive: this layer's region follows its superclass'
        }

        @Override
        public void run() {
            int t = getLocalId();
            int size = getLocalSize();
            int region = 0; // = super.localInts(size): TileKernel itself takes no local ints
            tileInts[region + size - 1 - t] = in[getGlobalId()];
            localBarrier();
            groupScan4(slot == SLOT_SCAN ? tileInts[region + t] : 0, 0, 0, 0); // one call, every work-item
            out[getGlobalId()] = (int) groupScanPrefix(0);
        }
    }

    @Test
    void additiveLocalMemoryCheckedSlotsAndTheBarrierCore() {
        int local = 64;
        int groups = 3;
        int[] in = new Random(9).ints(local * groups, -100, 100).toArray();
        try (GuardedKernel<ReversedGroupScan> launcher = new GuardedKernel<>(new ReversedGroupScan(),
                TestDevices.openCl(), local)) {
            ReversedGroupScan k = launcher.kernel();
            k.in = in;
            k.out = new int[in.length];
            k.slot = k.checkedSlot(ReversedGroupScan.SLOT_SCAN);
            launcher.launch(groups);
            k.get(k.out);
            for (int g = 0; g < groups; g++) {
                int run = 0;
                for (int t = 0; t < local; t++) {
                    assertThat(k.out[g * local + t]).as("group %d item %d", g, t).isEqualTo(run);
                    run += in[g * local + local - 1 - t];
                }
            }
            assertThat(k.tileInts).hasSize(local); // sized by the additive hook for this launch
            assertThatThrownBy(() -> k.checkedSlot(2)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("serves no slot 2");
        }
    }
}
