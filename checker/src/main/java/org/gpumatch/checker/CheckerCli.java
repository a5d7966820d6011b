package org.gpumatch.checker;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line: {@code TEXT SA [--format int32|int64|int40] [--threads N] [--help]}, as {@code java -jar checker.jar}
 * and as {@code ./gpumatch sa check}.
 *
 * <p>Prints {@code OK} and exits 0, or prints one line {@code FAIL: <condition> at index <i>: <detail>} and exits 1;
 * usage and input errors (missing or unreadable file, a suffix array file whose size is not a multiple of the entry
 * width, a bad option, a text too long for the entry format) print one line on stderr and exit 2, without a stack
 * trace. Both files are memory-mapped, so the cost is that of {@link SuffixArrayChecker} plus the page cache.
 */
public final class CheckerCli {
    /** Exit code: the array is the suffix array of the text. */
    public static final int EXIT_OK = 0;
    /** Exit code: the array is not the suffix array of the text. */
    public static final int EXIT_FAIL = 1;
    /** Exit code: usage or input error. */
    public static final int EXIT_USAGE = 2;

    private static final String SYNOPSIS = "TEXT SA [--format int32|int64|int40] [--threads N] [--help]";

    private CheckerCli() {
    }

    /**
     * Runs the command and exits the JVM with its exit code.
     *
     * @param args {@code TEXT SA [--format int32|int64|int40] [--threads N] [--help]}
     */
    public static void main(final String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command; never exits the JVM.
     *
     * @param args the arguments after the command name
     * @param out where {@code OK}, the {@code FAIL:} line and the help go
     * @param err where usage and input errors go, one line each
     * @return {@link #EXIT_OK}, {@link #EXIT_FAIL} or {@link #EXIT_USAGE}
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err) {
        final Options options;
        try {
            options = Options.parse(args);
        } catch (final IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + "; usage: " + SYNOPSIS);
            return EXIT_USAGE;
        }
        if (options.help) {
            printHelp(out);
            return EXIT_OK;
        }
        try {
            final ByteSequence text = MappedByteSequence.open(readableFile(options.text, "text"));
            final Path saFile = readableFile(options.sa, "suffix array");
            final String widthHint = widthHint(Files.size(saFile), text.length(), options.format);
            if (text.length() > options.format.maxValue()) {
                throw new IOException("the text has " + text.length() + " bytes, too many for " + options.format.label()
                        + " entries (at most " + options.format.maxValue() + "); use --format int64 or int40");
            }
            final IndexSequence sa;
            try {
                sa = MappedIndexSequence.open(saFile, options.format);
            } catch (final IOException e) {
                throw new IOException(e.getMessage() + widthHint, e);
            }
            final Verdict verdict = SuffixArrayChecker.parallel(options.threads).check(text, sa);
            out.println(verdict.line() + (verdict.isOk() ? "" : widthHint));
            return verdict.isOk() ? EXIT_OK : EXIT_FAIL;
        } catch (final IOException e) {
            err.println("error: " + e.getMessage());
            return EXIT_USAGE;
        }
    }

    /**
     * Says which entry format fits a suffix array file that does not fit {@code format}, for the end of an error line.
     *
     * @param saBytes the size of the suffix array file
     * @param n       the length of the text
     * @param format  the format the file was read as
     * @return when the file holds exactly {@code n} entries of another format, a note naming it (" (the file's 800
     *         bytes are 100 int64 entries, one per text byte: --format int64?)"); else ""
     */
    public static String widthHint(final long saBytes, final long n, final EntryFormat format) {
        if (saBytes == n * format.width() || n == 0) {
            return "";
        }
        for (final EntryFormat other : EntryFormat.values()) {
            if (other != format && saBytes == n * other.width()) {
                return " (the file's " + saBytes + " bytes are " + n + " " + other.label() + " entries, one per text byte:"
                        + " --format " + other.label() + "?)";
            }
        }
        return "";
    }

    /**
     * Checks what the operating system's messages would say less clearly, and returns a path that can be mapped:
     * standard input ({@code -}), a pipe, a FIFO or a process substitution ({@code <(zcat text.gz)}) is first copied to
     * a temporary file (deleted at exit), since mapping it would see 0 bytes.
     */
    private static Path readableFile(final String name, final String what) throws IOException {
        if (name.equals("-")) {
            return SpooledInput.copy(System.in, what);
        }
        final Path path = Path.of(name);
        try {
            if (!Files.isDirectory(path) && Files.exists(path) && !Files.isRegularFile(path)) {
                try (java.io.InputStream in = Files.newInputStream(path)) {
                    return SpooledInput.copy(in, what);
                }
            }
            if (Files.isDirectory(path)) {
                throw new IOException(what + " file '" + name + "' is a directory");
            }
            path.getFileSystem().provider().checkAccess(path, AccessMode.READ);
        } catch (final NoSuchFileException e) {
            throw new IOException(what + " file '" + name + "' does not exist", e);
        } catch (final AccessDeniedException e) {
            throw new IOException(what + " file '" + name + "' is not readable", e);
        }
        return path;
    }

    private static void printHelp(final PrintStream out) {
        out.println("Usage: " + SYNOPSIS);
        out.println("Checks that SA is the suffix array of TEXT: raw bytes, no sentinel, a proper prefix sorts first");
        out.println("(the libdivsufsort and libsais order). O(n) time, O(sigma) extra memory; both files are memory-mapped.");
        out.println("  TEXT          the text file");
        out.println("  SA            the suffix array file: n little-endian entries, no header");
        out.println("  --format F    entry format: int32 (default), int64, or int40 (5 bytes, unsigned)");
        out.println("  --threads N   threads to use (default: all " + Runtime.getRuntime().availableProcessors()
                + " cores; the check splits into parallel blocks from 3 threads)");
        out.println("  --help        print this help");
        out.println("Prints OK (exit 0) or 'FAIL: <condition> at index <i>: <detail>' (exit 1).");
        out.println("Usage and input errors print one line on stderr (exit 2).");
    }

    /** Parsed arguments. */
    private static final class Options {
        private String text;
        private String sa;
        private EntryFormat format = EntryFormat.INT32;
        private int threads = Runtime.getRuntime().availableProcessors();
        private boolean help;

        static Options parse(final String[] args) {
            final Options o = new Options();
            final List<String> files = new ArrayList<>();
            boolean optionsEnded = false;
            for (int a = 0; a < args.length; a++) {
                final String arg = args[a];
                if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                    files.add(arg);
                    continue;
                }
                final int eq = arg.indexOf('=');
                final String name = eq < 0 ? arg : arg.substring(0, eq);
                switch (name) {
                    case "--":
                        optionsEnded = true;
                        break;
                    case "-h":
                    case "--help":
                        o.help = true;
                        break;
                    case "--format":
                        o.format = EntryFormat.parse(eq < 0 ? value(args, ++a, name) : arg.substring(eq + 1));
                        break;
                    case "--threads":
                        o.threads = threads(eq < 0 ? value(args, ++a, name) : arg.substring(eq + 1));
                        break;
                    default:
                        throw new IllegalArgumentException("unknown option '" + arg + "'");
                }
            }
            if (o.help) {
                return o;
            }
            if (files.size() != 2) {
                throw new IllegalArgumentException(files.size() < 2
                        ? "expected two files, TEXT and SA, got " + files.size()
                        : "expected two files, TEXT and SA, got " + files.size() + ": " + String.join(" ", files));
            }
            o.text = files.get(0);
            o.sa = files.get(1);
            return o;
        }

        private static String value(final String[] args, final int a, final String name) {
            if (a >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            return args[a];
        }

        private static int threads(final String value) {
            try {
                final int t = Integer.parseInt(value);
                if (t >= 1) {
                    return t;
                }
            } catch (final NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--threads needs a positive integer, got '" + value + "'");
        }
    }
}
