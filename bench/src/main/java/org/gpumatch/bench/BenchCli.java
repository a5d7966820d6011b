package org.gpumatch.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import org.gpumatch.api.UnsupportedInputException;

/**
 * {@code gpumatch bench <suite> [options]}: the entry point of the benchmark harness and the main class of the bench's
 * own jar ({@code bench/target/gpumatch-bench.jar}; the {@code ./gpumatch} launcher runs it with the words after
 * {@code bench}). The {@code gpumatch} command's jar does not contain the bench: the bench starts that command as a
 * process where it measures it ({@code e2e}, {@code sa --launcher}, {@code offtargets}).
 *
 * <p>Exit codes: 0 success; 1 a measured run gave a wrong answer or the run aborted (device fallback, kernel failure);
 * 2 a usage or input error. Errors are one line on {@code err}; user errors never print a stack trace (set
 * {@code -Dgpumatch.bench.trace=true} to get one for aborts).
 *
 * <p>Unless {@code -Dcom.aparapi.enableProfiling} is given, this turns Aparapi's OpenCL event profiling on (before
 * Aparapi is first used) so rows carry device times next to wall times.
 */
public final class BenchCli {
    /** Exit code: success. */
    public static final int OK = 0;
    /** Exit code: a validation mismatch or an aborted run. */
    public static final int FAILED = 1;
    /** Exit code: usage or input error. */
    public static final int USAGE = 2;

    private final Suites suites;

    BenchCli(Suites suites) {
        this.suites = suites;
    }

    public static void main(String[] args) {
        LauncherEnvironment.captureAtStart();
        System.exit(run(args, System.out, System.err));
    }

    /** Runs {@code gpumatch bench} with {@code args} (the words after {@code bench}) and returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return new BenchCli(Suites.standard()).execute(args, out, err);
    }

    int execute(String[] args, PrintStream out, PrintStream err) {
        if (BenchOptions.isHelp(args)) {
            out.println(BenchOptions.USAGE);
            return args.length == 0 ? USAGE : OK;
        }
        try {
            BenchOptions options = BenchOptions.parse(args);
            Suite suite = suites.find(options.suite());
            enableDeviceTimes();
            suite.run(new BenchContext(options, out, err, Instant.now()));
            return OK;
        } catch (UsageException | UnsupportedInputException e) {
            err.println("bench: " + e.getMessage());
            return USAGE;
        } catch (IOException | UncheckedIOException e) {
            err.println("bench: I/O error: " + e.getMessage());
            return USAGE;
        } catch (ValidationException e) {
            err.println("bench: validation failed, run aborted: " + e.getMessage());
            return FAILED;
        } catch (RuntimeException | OutOfMemoryError e) {
            err.println("bench: aborted: " + e + (e instanceof OutOfMemoryError
                    ? " (give the JVM more heap, e.g. -Xmx16g, or use --size)" : ""));
            if (Boolean.getBoolean("gpumatch.bench.trace")) {
                e.printStackTrace(err);
            }
            return FAILED;
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static void enableDeviceTimes() {
        if (System.getProperty("com.aparapi.enableProfiling") == null) {
            System.setProperty("com.aparapi.enableProfiling", "true");
        }
    }
}
