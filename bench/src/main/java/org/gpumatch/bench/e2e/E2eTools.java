package org.gpumatch.bench.e2e;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.gpumatch.bench.exact.ExternalTools;
import org.gpumatch.bench.UsageException;

/**
 * Finds the programs the e2e suite runs: the {@code gpumatch} launcher, and {@code rg} and {@code grep} on the PATH or
 * in the GPU bundle's {@code tools/} folder (scripts/build-gpu-bundle.sh carries the build machine's {@code rg} and the
 * libraries it needs in {@code tools/lib}, since GPU hosts may lack it).
 */
final class E2eTools {
    /**
     * An external program.
     *
     * @param exe the executable
     * @param env variables its process needs ({@code LD_LIBRARY_PATH} for the bundle's {@code rg})
     */
    record Program(Path exe, Map<String, String> env) {
    }

    private E2eTools() {
    }

    /**
     * The launcher: {@code --launcher}, else {@code gpumatch} beside the running jar (the GPU bundle:
     * {@code BUNDLE/gpumatch-bench.jar} and {@code BUNDLE/gpumatch}) or two folders up from it (a checkout:
     * {@code bench/target/gpumatch-bench.jar} and {@code ./gpumatch}), else {@code ./gpumatch} in the working
     * directory.
     *
     * @throws UsageException when the given file is not executable or none is found
     */
    static Path launcher(Optional<Path> given) {
        if (given.isPresent()) {
            Path p = given.get().toAbsolutePath();
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw new UsageException("--launcher " + given.get() + " is not an executable file");
            }
            return p;
        }
        Optional<Path> jar = runningJar();
        if (jar.isPresent()) {
            Path dir = jar.get().getParent();
            for (Path c : new Path[] {dir.resolve("gpumatch"), dir.resolve("../../gpumatch").normalize()}) {
                if (Files.isRegularFile(c) && Files.isExecutable(c)) {
                    return c;
                }
            }
        }
        Path local = Path.of("gpumatch").toAbsolutePath();
        if (Files.isRegularFile(local) && Files.isExecutable(local)) {
            return local;
        }
        throw new UsageException("no gpumatch launcher found beside the running jar or as ./gpumatch; give --launcher FILE");
    }

    /** {@code name} on the PATH, else in {@code tools/} beside the launcher (with its {@code tools/lib}), or empty. */
    static Optional<Program> find(String name, Path launcher) {
        Optional<Path> onPath = ExternalTools.which(name);
        if (onPath.isPresent()) {
            return Optional.of(new Program(onPath.get(), Map.of()));
        }
        Path tools = launcher.getParent().resolve("tools");
        Path p = tools.resolve(name);
        if (Files.isRegularFile(p) && Files.isExecutable(p)) {
            String lib = tools.resolve("lib").toString();
            String old = System.getenv("LD_LIBRARY_PATH");
            return Optional.of(new Program(p, Map.of("LD_LIBRARY_PATH", old == null || old.isEmpty() ? lib
                    : lib + File.pathSeparator + old)));
        }
        return Optional.empty();
    }

    private static Optional<Path> runningJar() {
        try {
            var src = E2eTools.class.getProtectionDomain().getCodeSource();
            if (src == null) {
                return Optional.empty();
            }
            Path p = Path.of(src.getLocation().toURI());
            return p.toString().endsWith(".jar") ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
