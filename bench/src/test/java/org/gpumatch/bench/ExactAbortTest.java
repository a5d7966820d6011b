package org.gpumatch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Algorithm;
import org.gpumatch.api.Matcher;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Plan;
import org.gpumatch.api.Text;
import org.gpumatch.api.reference.NaiveMatcher;
import org.gpumatch.bench.exact.ExactSuite;
import org.gpumatch.bench.exact.MatcherSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device matcher that miscounts must abort the exact run with exit 1 before its number is reported; the same
 * harness with a matcher that counts right exits 0 (so the test can tell the two apart).
 */
class ExactAbortTest {
    @TempDir
    Path tmp;

    /** Counts like the naive oracle, plus {@code error} when the pattern has length {@code wrongM}. */
    static final class FakeDeviceMatcher implements Matcher {
        private final int wrongM;
        private final long error;

        FakeDeviceMatcher(int wrongM, long error) {
            this.wrongM = wrongM;
            this.error = error;
        }

        @Override
        public Algorithm algorithm() {
            return Algorithm.DRK_WOM_64;
        }

        @Override
        public Optional<String> unsupportedReason(long n, int m, int sigma) {
            return m <= 8 ? Optional.empty() : Optional.of("fake: m <= 8");
        }

        @Override
        public long count(Text text, Pattern pattern) {
            long c = new NaiveMatcher().count(text, pattern);
            return pattern.length() == wrongM ? c + error : c;
        }

        @Override
        public int[] find(Text text, Pattern pattern) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Plan lastPlan() {
            return new Plan(Algorithm.DRK_WOM_64, "fake", "test");
        }
    }

    static MatcherSource fake(long error) {
        return new MatcherSource() {
            @Override
            public List<Algorithm> deviceAlgorithms(ComputeDevice device) {
                return List.of(Algorithm.DRK_WOM_64);
            }

            @Override
            public Optional<String> unsupportedReason(Algorithm a, long n, int m, int sigma, ComputeDevice d) {
                return new FakeDeviceMatcher(4, error).unsupportedReason(n, m, sigma);
            }

            @Override
            public Matcher create(Algorithm a, ComputeDevice d) {
                return new FakeDeviceMatcher(4, error);
            }
        };
    }

    private BenchCliTest.Run runWith(long error, Path out) {
        BenchCli cli = new BenchCli(Suites.standard().with(new ExactSuite(fake(error))));
        return BenchCliTest.bench(cli::execute, "exact", "--quick", "--size", "64k", "--device",
                BenchCliTest.deviceArg(), "--out", out.toString());
    }

    @Test
    void aWrongCountAbortsTheRunWithExit1() throws Exception {
        BenchCliTest.Run bad = runWith(1, tmp.resolve("bad"));
        assertThat(bad.exit()).isEqualTo(BenchCli.FAILED);
        assertThat(bad.err()).contains("validation failed", "drk-wom-64 resident", "m=4", "counted")
                .doesNotContain("\tat ");
        String csv = Files.readString(Files.walk(tmp.resolve("bad")).filter(p -> p.toString().endsWith(".csv"))
                .findFirst().orElseThrow());
        assertThat(csv).as("rows measured before the mismatch are kept, the wrong one is not")
                .contains("drk-wom-64,resident,random,65536,1,").doesNotContain("drk-wom-64,resident,random,65536,4,");

        BenchCliTest.Run good = runWith(0, tmp.resolve("good"));
        assertThat(good.exit()).as(good.err()).isZero();
    }
}
