package org.gpumatch.suffixarray.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpumatch.gpu.runtime.DevicePolicy;
import org.gpumatch.gpu.runtime.ComputeDevice;
import org.gpumatch.gpu.runtime.DeviceCatalog;
import org.gpumatch.gpu.runtime.TestDevices;
import org.gpumatch.suffixarray.BuildStages;
import org.gpumatch.suffixarray.CpuSuffixArrayBuilder;
import org.gpumatch.suffixarray.HardTexts;
import org.gpumatch.suffixarray.NaiveSuffixArray;
import org.gpumatch.suffixarray.ParallelSuffixSorter;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.junit.jupiter.api.Test;

/** The choice of builder for {@code sa build -a ... --device ...} (no kernel is compiled here). */
class SuffixArrayBuildersTest {
    private static SuffixArrayBuilder pick(String algorithm, String device, long length) {
        try (SuffixArrayBuilders.Choice c = SuffixArrayBuilders.choose(SuffixArrayBuilders.Algorithm.parse(algorithm),
                DevicePolicy.parse(device), length)) {
            return c.builder();
        }
    }

    @Test
    void cpuJavaAndSmallAutoTextsBuildOnTheCpu() {
        assertThat(pick("cpu", "auto", 1L << 30)).isInstanceOf(CpuSuffixArrayBuilder.class);
        assertThat(pick("CPU", "opencl", 10)).isInstanceOf(CpuSuffixArrayBuilder.class);
        assertThat(pick("auto", "java", 1L << 30)).isInstanceOf(CpuSuffixArrayBuilder.class);
        assertThat(pick("auto", "auto", 1000)).isInstanceOf(CpuSuffixArrayBuilder.class);
        assertThat(pick("auto", "auto", SuffixArrayBuilders.AUTO_GPU_MIN_BYTES - 1))
                .isInstanceOf(CpuSuffixArrayBuilder.class);
    }

    @Test
    void theCpuBuilderTakesTheThreadsGiven() {
        for (String algorithm : new String[] {"cpu", "auto"}) {
            try (SuffixArrayBuilders.Choice c = SuffixArrayBuilders.choose(SuffixArrayBuilders.Algorithm.parse(
                    algorithm), DevicePolicy.AUTO, 1000, 3)) {
                assertThat(((CpuSuffixArrayBuilder) c.builder()).threads()).isEqualTo(3);
                assertThat(c.cpuThreads()).isEqualTo(3);
            }
        }
        assertThat(SuffixArrayBuilders.chooseLong(SuffixArrayBuilders.Algorithm.CPU, DevicePolicy.AUTO, 1L << 32,
                null, 2).builder().name()).isEqualTo("sais-long-2t");
        assertThat(SuffixArrayBuilders.chooseLong(SuffixArrayBuilders.Algorithm.CPU, DevicePolicy.AUTO, 1L << 32,
                null, 64).builder().name()).isEqualTo("sais-long-" + CpuSuffixArrayBuilder.SAIS_THREADS + "t");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayBuilders.choose(
                SuffixArrayBuilders.Algorithm.CPU, DevicePolicy.AUTO, 1000, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void gpuOrANamedDeviceBuildsOnOpenCl() {
        ComputeDevice device = TestDevices.openCl();
        assertThat(pick("gpu", "opencl", 10)).isInstanceOf(GpuPrefixDoublingBuilder.class);
        assertThat(pick("auto", "opencl", 10)).isInstanceOf(GpuPrefixDoublingBuilder.class);
        try (SuffixArrayBuilders.Choice c = SuffixArrayBuilders.choose(SuffixArrayBuilders.Algorithm.AUTO,
                DevicePolicy.AUTO, SuffixArrayBuilders.AUTO_GPU_MIN_BYTES)) {
            boolean gpu = DeviceCatalog.get().autoDevice().kind() == ComputeDevice.Kind.OPENCL_GPU;
            assertThat(c.builder() instanceof GpuPrefixDoublingBuilder).isEqualTo(gpu);
            assertThat(c.notice().isEmpty()).as(c.notice()).isEqualTo(gpu);
        }
        assertThat(device.isOpenCL()).isTrue();
    }

    @Test
    void autoFallsBackToTheCpuOnlyForTextsTheGpuCannotPartition() {
        SuffixArrayBuilder refusing = new SuffixArrayBuilder() {
            @Override
            public String name() {
                return "refusing";
            }

            @Override
            public int[] build(byte[] text, Progress progress) {
                throw new UnpartitionableTextException("5000 suffixes start with 0x61 0x61");
            }
        };
        byte[] text = "abracadabra".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        java.util.List<String> notices = new java.util.ArrayList<>();
        SuffixArrayBuilders.Built built = new SuffixArrayBuilders.Choice(refusing, "", true)
                .build(text, SuffixArrayBuilder.Progress.NONE, notices::add);
        assertThat(built.sa()).isEqualTo(NaiveSuffixArray.build(text));
        assertThat(built.builder()).isInstanceOf(CpuSuffixArrayBuilder.class);
        assertThat(notices).singleElement().asString().startsWith("5000 suffixes start with 0x61 0x61; building on"
                + " the CPU with cpu-");
        assertThatThrownBy(() -> new SuffixArrayBuilders.Choice(refusing, "").build(text,
                SuffixArrayBuilder.Progress.NONE, notices::add)).isInstanceOf(UnpartitionableTextException.class);
        assertThat(new SuffixArrayBuilders.Choice(new SaisBuilder(), "", true).build(text,
                SuffixArrayBuilder.Progress.NONE, notices::add).builder()).isInstanceOf(SaisBuilder.class);
        assertThat(notices).hasSize(1);
    }

    @Test
    void explainGivesBothEstimatesAndTheChoice() {
        byte[] text = HardTexts.random(1 << 17, 4, 3);
        java.util.List<String> said = new java.util.ArrayList<>();
        try (SuffixArrayBuilders.Choice c = SuffixArrayBuilders.choose(SuffixArrayBuilders.Algorithm.CPU,
                DevicePolicy.AUTO, text, said::add)) {
            assertThat(c.builder()).isInstanceOf(CpuSuffixArrayBuilder.class);
            assertThat(c.build(text, SuffixArrayBuilder.Progress.NONE, said::add).sa())
                    .isEqualTo(new SaisBuilder().build(text));
        }
        assertThat(said.get(0)).startsWith("estimate for 131072 bytes: cpu ").contains(", gpu ")
                .endsWith(": cpu (as asked)");
        // then the planners' shared lines: the calibration, each candidate by its -a name, the chosen one marked
        assertThat(said.get(1)).startsWith("estimates (SuffixArrayBuilders: ");
        assertThat(said.subList(2, 4)).anySatisfy(l -> assertThat(l).startsWith("  * cpu (cpu): total "))
                .anySatisfy(l -> assertThat(l).startsWith("    gpu (device): total ").contains("start 600.000 ms"));
        said.clear();
        try (SuffixArrayBuilders.Choice c = SuffixArrayBuilders.choose(SuffixArrayBuilders.Algorithm.CPU,
                DevicePolicy.AUTO, text, null)) {
            assertThat(c.builder()).isInstanceOf(CpuSuffixArrayBuilder.class);
        }
        assertThat(said).isEmpty();
    }

    @Test
    void everyBuilderIsACloseableResourceThatReportsThroughTheInterface() {
        for (SuffixArrayBuilder b : new SuffixArrayBuilder[] {new SaisBuilder(), new CpuSuffixArrayBuilder(2),
                new ParallelSuffixSorter(2)}) {
            try (SuffixArrayBuilder builder = b) {
                assertThat(builder.build("mississippi".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                        .containsExactly(10, 7, 4, 1, 0, 9, 8, 6, 3, 5, 2);
                assertThat(builder.lastStages()).isEqualTo(BuildStages.NONE);
                assertThat(builder.peakDeviceBytes(1000)).isZero();
            }
        }
    }

    @Test
    void badChoicesAreOneLineErrors() {
        assertThatThrownBy(() -> SuffixArrayBuilders.Algorithm.parse("quantum"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("takes: auto, gpu, cpu");
        assertThatThrownBy(() -> pick("gpu", "java", 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("OpenCL");
    }

    @Test
    void theEstimatesAreTheSharedShapeWithTheAskedOrCheaperOneChosen() {
        // 100 MB, the CPU predicted at 3 s, 2 doubling rounds: gpu = 0.6 s + 1.1 s + 0.5 s = 2.2 s
        var auto = SuffixArrayBuilders.estimates(100_000_000, 3e9, 2, "gpu");
        assertThat(auto.estimates()).extracting(e -> e.candidate()).containsExactly("gpu", "cpu");
        assertThat(auto.chosen().totalNanos()).isEqualTo(2_200_000_000L);
        assertThat(auto.reason()).isEqualTo("cheapest estimate");
        var asked = SuffixArrayBuilders.estimates(100_000_000, 3e9, 2, "cpu");
        assertThat(asked.candidate()).isEqualTo("cpu");
        assertThat(asked.reason()).isEqualTo("chosen by the rule or asked for");
    }

    @Test
    void theAlgorithmNamesAreTheFamilysRegistry() {
        assertThat(SuffixArrayBuilders.Algorithm.FAMILY.names()).containsExactly("auto", "gpu", "cpu");
        assertThat(SuffixArrayBuilders.Algorithm.parse(" GPU ")).isEqualTo(SuffixArrayBuilders.Algorithm.GPU);
        assertThat(SuffixArrayBuilders.Algorithm.parse("auto")).isEqualTo(SuffixArrayBuilders.Algorithm.AUTO);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SuffixArrayBuilders.Algorithm.parse("sais"))
                .hasMessage("unknown suffix-array algorithm \"sais\"; gpumatch sa build -a takes: auto, gpu, cpu");
    }
}
