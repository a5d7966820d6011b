package org.gpumatch.gpu.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.gpu.runtime.DevicePolicy.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DevicePolicyTest {

    @ParameterizedTest(name = "\"{0}\" -> {1} {2}")
    @CsvSource(delimiter = '|', value = {
        "auto | AUTO | ''", "AUTO | AUTO | ''", "'' | AUTO | ''", "'   ' | AUTO | ''",
        "gpu | GPU | ''", " GPU  | GPU | ''", "opencl | OPENCL | ''", "OpenCL | OPENCL | ''",
        "java | JAVA | ''", "jtp | JAVA | ''", "JAVA | JAVA | ''",
        "h200 | NAMED | h200", "NVIDIA H200 | NAMED | nvidia h200", "' PoCL ' | NAMED | pocl"})
    void parsesKeywordsCaseInsensitivelyAndAnythingElseAsADeviceName(String text, Kind kind, String name) {
        DevicePolicy p = DevicePolicy.parse(text);

        assertThat(p.kind()).isEqualTo(kind);
        assertThat(p.nameMatch()).isEqualTo(name);
        assertThat(DevicePolicy.parse(p.toString())).as("toString round-trips").isEqualTo(p);
    }

    @Test
    void nullMeansAuto() {
        assertThat(DevicePolicy.parse(null)).isEqualTo(DevicePolicy.AUTO);
    }

    @Test
    void toStringIsTheCommandLineWord() {
        assertThat(DevicePolicy.AUTO).hasToString("auto");
        assertThat(DevicePolicy.parse("jtp")).hasToString("java");
        assertThat(DevicePolicy.parse("OpenCL")).hasToString("opencl");
        assertThat(DevicePolicy.parse("Tesla")).hasToString("tesla");
    }

    @Test
    void aNamedPolicyNeedsAName() {
        assertThatThrownBy(() -> new DevicePolicy(Kind.NAMED, " ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DevicePolicy(null, "")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new DevicePolicy(Kind.GPU, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void theSystemPropertySetsTheDefault() {
        String saved = System.getProperty(DevicePolicy.PROPERTY);
        try {
            System.clearProperty(DevicePolicy.PROPERTY);
            assertThat(DevicePolicy.fromSystemProperty()).isEqualTo(DevicePolicy.AUTO);
            System.setProperty(DevicePolicy.PROPERTY, "OpenCL");
            assertThat(DevicePolicy.fromSystemProperty().kind()).isEqualTo(Kind.OPENCL);
            System.setProperty(DevicePolicy.PROPERTY, "h100");
            assertThat(DevicePolicy.fromSystemProperty()).isEqualTo(new DevicePolicy(Kind.NAMED, "h100"));
        } finally {
            if (saved == null) {
                System.clearProperty(DevicePolicy.PROPERTY);
            } else {
                System.setProperty(DevicePolicy.PROPERTY, saved);
            }
        }
    }
}
