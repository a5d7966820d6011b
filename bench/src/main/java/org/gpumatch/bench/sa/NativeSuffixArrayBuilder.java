package org.gpumatch.bench.sa;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gpumatch.bench.ValidationException;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.SuffixArrayBuilder;
import org.gpumatch.suffixarray.SuffixArrayFiles;

/**
 * libdivsufsort's {@code divsufsort} (sequential) as a builder, through the {@code sufcheck-bench} helper that
 * {@code bench/native/build-sufcheck.sh} builds (from libdivsufsort-dev, or with {@code --download} from the Debian
 * packages; the GPU bundle carries it in {@code tools/}, and its launcher sets the property below). The text goes to a temporary file, the
 * helper writes the int32 SA, which is read back; {@link #lastNanos()} is the construction time the helper measured
 * (without the process start and file transfers). Helper path: {@code -Dgpumatch.bench.sufcheck=PATH}, default
 * {@code bench/target/native/sufcheck-bench}. Memory: the text and SA on disk and the SA in memory (4n bytes).
 */
final class NativeSuffixArrayBuilder implements SuffixArrayBuilder {
    private static final Pattern SECONDS = Pattern.compile("divsufsort n=\\d+ seconds=([0-9.]+)");
    private final Path helper;
    private long lastNanos = -1;

    private NativeSuffixArrayBuilder(Path helper) {
        this.helper = helper;
    }

    /** @return the builder when the helper is built and executable */
    static Optional<NativeSuffixArrayBuilder> find() {
        Path p = Path.of(whereLooked());
        return Files.isExecutable(p) ? Optional.of(new NativeSuffixArrayBuilder(p)) : Optional.empty();
    }

    /** @return the helper's path when it is built and executable */
    static Optional<Path> helperPath() {
        return find().map(b -> b.helper);
    }

    /** @return the helper's path: {@code -Dgpumatch.bench.sufcheck}, else the build's */
    static String whereLooked() {
        return System.getProperty("gpumatch.bench.sufcheck", "bench/target/native/sufcheck-bench");
    }

    @Override
    public String name() {
        return "libdivsufsort";
    }

    /** @return the helper's own construction time of the last build, in nanoseconds */
    long lastNanos() {
        return lastNanos;
    }

    @Override
    public int[] build(byte[] text, Progress progress) {
        try {
            Path dir = Files.createTempDirectory("gpumatch-sa-bench");
            Path t = dir.resolve("text");
            Path sa = dir.resolve("sa");
            try {
                Files.write(t, text);
                // 0 repetitions of libdivsufsort's own sufcheck: the bench checks with the project's checker
                Process proc = new ProcessBuilder(helper.toString(), t.toString(), sa.toString(), "0")
                        .redirectErrorStream(true).start();
                String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (proc.waitFor() != 0) {
                    throw new ValidationException("sufcheck-bench failed: " + out.strip());
                }
                Matcher m = SECONDS.matcher(out);
                if (!m.find()) {
                    throw new ValidationException("sufcheck-bench printed no divsufsort time: " + out.strip());
                }
                lastNanos = (long) (Double.parseDouble(m.group(1)) * 1e9);
                progress.report(1.0);
                return SuffixArrayFiles.read(sa, EntryFormat.INT32);
            } finally {
                Files.deleteIfExists(t);
                Files.deleteIfExists(sa);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new ValidationException("sufcheck-bench: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ValidationException("interrupted");
        }
    }
}
