package org.gpumatch.aparapi.rabinkarp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.api.Pattern;
import org.gpumatch.api.Text;
import org.gpumatch.api.UnsupportedInputException;
import org.junit.jupiter.api.Test;

/**
 * HRK's barrier-heavy kernel is refused in Aparapi's Java thread pool, which deadlocked intermittently on it (about one
 * run in six of a 700-byte test), with a reason that names an OpenCL device as the way out; it never starts and hangs.
 */
class HrkJavaThreadsTest {
    @Test
    void javaThreadsAreRefusedWithTheReason() {
        try (HrkMatcher m = new HrkMatcher(ComputeDevice.JAVA_THREADS, "test")) {
            assertThat(m.unsupportedReason(700, 5, 2)).get().asString()
                    .contains("does not run in Java threads").contains("OpenCL device");
            assertThatThrownBy(() -> m.count(Text.wrap(new byte[700]), Pattern.utf8("abcde")))
                    .isInstanceOf(UnsupportedInputException.class).hasMessageContaining("Java threads");
        }
    }
}
