package org.gpumatch.gpu.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.TestDevices;
import org.junit.jupiter.api.Test;

/** The scheduling and failure contract of {@link DeviceWorkers}, with plain Java workers (no kernel launched). */
class DeviceWorkersTest {
    /** A worker that answers part p with p * 10 + its member number, slowly when told, failing on one part. */
    static final class FakeWorker implements AutoCloseable {
        final int member;
        final long sleepMillis;
        final int failOn;
        boolean closed;

        FakeWorker(int member, long sleepMillis, int failOn) {
            this.member = member;
            this.sleepMillis = sleepMillis;
            this.failOn = failOn;
        }

        long search(int part) throws InterruptedException {
            Thread.sleep(sleepMillis);
            if (part == failOn) {
                throw new IllegalStateException("CL_OUT_OF_RESOURCES in part " + part);
            }
            return part * 10L;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static DeviceSet twiceOnOne() {
        ComputeDevice d = TestDevices.openCl();
        return DeviceSet.of(List.of(d, d));
    }

    /**
     * Member 1 is the slow one: its first part waits until member 0 has finished 30 of the 40 parts (a latch, not a
     * sleep: with sleeps of different lengths a loaded machine could stall member 0 and hand member 1 as many parts), so
     * a member that takes the next part when it is free ends with more than 29 parts to member 1's at most 10, while a
     * fixed split of the parts would not let member 0 get that far (then member 1's wait of minutes fails the run).
     */
    @Test
    void resultsArriveInPartOrderAndAFasterMemberTakesMoreParts() {
        AtomicInteger made = new AtomicInteger();
        try (DeviceWorkers<FakeWorker> w = new DeviceWorkers<>(twiceOnOne(),
                d -> new FakeWorker(made.getAndIncrement(), 0, -1))) {
            for (int parts : new int[] {0, 1, 2, 3, 40}) {
                List<Long> got = new ArrayList<>();
                List<Integer> order = new ArrayList<>();
                CountDownLatch memberZeroAhead = new CountDownLatch(parts == 40 ? 30 : 0);
                DeviceWorkers.Shares s = w.run(parts, (f, p) -> {
                    if (f.member == 1 && !memberZeroAhead.await(5, TimeUnit.MINUTES)) {
                        throw new AssertionError("member 0 did not finish 30 parts while member 1 waited");
                    }
                    long r = f.search(p);
                    if (f.member == 0) {
                        memberZeroAhead.countDown();
                    }
                    return r;
                }, (p, r) -> {
                    order.add(p);
                    got.add(r);
                });
                for (int p = 0; p < parts; p++) {
                    assertThat(order.get(p)).isEqualTo(p);
                    assertThat(got.get(p)).isEqualTo(p * 10L);
                }
                assertThat(order).hasSize(parts);
                assertThat(s.parts()[0] + s.parts()[1]).isEqualTo(parts);
                if (parts == 40) {
                    assertThat(s.parts()[0]).isGreaterThanOrEqualTo(30).isGreaterThan(s.parts()[1]);
                    assertThat(s.describe(w.devices())).contains("device ").contains("instance 2").contains("parts");
                }
            }
        }
    }

    /**
     * Both members fail on part 5, and the one that took it must be named: which member takes it is up to the scheduler
     * (member 1 alone failing needed member 1 to take part 5, which a loaded machine need not arrange in any number of
     * runs), so the test records who took it. Each of 20 runs fails (with 2 ms a part either member takes part 5 in
     * some of them); the other member's name must not appear.
     */
    @Test
    void aFailingMemberIsNamedAndNothingAfterItsPartIsDelivered() {
        AtomicInteger made = new AtomicInteger();
        DeviceSet set = twiceOnOne();
        List<FakeWorker> workers = new ArrayList<>();
        try (DeviceWorkers<FakeWorker> w = new DeviceWorkers<>(set, d -> {
            FakeWorker f = new FakeWorker(made.getAndIncrement(), 2, 5);
            workers.add(f);
            return f;
        })) {
            for (int run = 0; run < 20; run++) {
                List<Integer> delivered = new ArrayList<>();
                AtomicInteger tookFive = new AtomicInteger(-1);
                assertThatThrownBy(() -> w.run(12, (f, p) -> {
                    if (p == 5) {
                        tookFive.set(f.member);
                    }
                    return f.search(p);
                }, (p, r) -> delivered.add(p))).isInstanceOfSatisfying(DeviceFailedException.class, e -> {
                    String failing = set.label(tookFive.get());
                    assertThat(e.device()).isEqualTo(failing);
                    assertThat(e).hasMessageContaining(failing).hasMessageNotContaining(set.label(1 - tookFive.get()))
                            .hasMessageContaining("part 5").hasMessageContaining("CL_OUT_OF_RESOURCES");
                });
                assertThat(delivered).isEqualTo(List.of(0, 1, 2, 3, 4).subList(0, delivered.size()));
            }
        }
        assertThat(workers).allMatch(f -> f.closed);
    }

    @Test
    void aWorkerThatCannotBeMadeIsNamedAndTheOthersAreClosed() {
        DeviceSet set = twiceOnOne();
        List<FakeWorker> made = new ArrayList<>();
        assertThatThrownBy(() -> new DeviceWorkers<>(set, d -> {
            if (made.size() == 1) {
                throw new IllegalStateException("kernel did not compile");
            }
            FakeWorker f = new FakeWorker(0, 0, -1);
            made.add(f);
            return f;
        })).isInstanceOf(DeviceFailedException.class).hasMessageContaining(set.label(1))
                .hasMessageContaining("kernel did not compile");
        assertThat(made).hasSize(1).allMatch(f -> f.closed);
    }

    @Test
    void anExceptionOfTheSinkStopsTheRunAndIsRethrown() {
        try (DeviceWorkers<FakeWorker> w = new DeviceWorkers<>(twiceOnOne(), d -> new FakeWorker(0, 1, -1))) {
            assertThatThrownBy(() -> w.run(20, FakeWorker::search, (p, r) -> {
                if (p == 3) {
                    throw new UnsupportedOperationException("stdout closed");
                }
            })).isInstanceOf(UnsupportedOperationException.class);
            List<Integer> again = new ArrayList<>();
            w.run(4, FakeWorker::search, (p, r) -> again.add(p));
            assertThat(again).containsExactly(0, 1, 2, 3);
        }
    }
}
