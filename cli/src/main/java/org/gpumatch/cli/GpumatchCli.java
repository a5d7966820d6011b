package org.gpumatch.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code gpumatch} command: one class per subcommand, all sharing this entry point.
 *
 * <p>Contract (docs/architecture.md, "CLI contract"): results on stdout; exit 0 on success (also with zero matches),
 * 1 when a check failed, 2 on a usage or input error with exactly one stderr line starting with {@code gpumatch: } and
 * never a stack trace. {@code --help} and {@code --version} exit 0.
 *
 * <p>Subcommands are listed in {@link #SUBCOMMANDS}; each gets the shared {@link Io} through a constructor taking it
 * (see {@link #factory}). Start-up: picocli builds its model of a command by reflection over its annotated fields
 * (about a third of a second for all of them on a 2-core machine), so a command line that starts with a subcommand's
 * name registers only that subcommand; any other command line ({@code --help}, a mistyped name) registers all of them.
 */
@Command(name = "gpumatch", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = "GPU string algorithms (Aparapi kernels on OpenCL): exact and multi-pattern matching (count, "
                + "find), approximate matching with k mismatches (kmismatch), CRISPR off-target search in genomes "
                + "(offtargets, Cas-OFFinder's input and output), suffix arrays (sa build, search, check, lcp), and a demo "
                + "of every family.",
        footerHeading = "%nExit codes:%n",
        footer = {"  0  success (also when nothing matched)",
                  "  1  a check failed (sa check: wrong suffix array; demo: disagreement)",
                  "  2  usage or input error, or output that could not be written (one line",
                  "     on stderr, starting 'gpumatch: ')",
                  "",
                  "Devices: --device auto|gpu|opencl|java|NAME-SUBSTRING (default: the",
                  "system property gpumatch.device, else auto); see 'gpumatch devices'.",
                  "",
                  "Examples:",
                  "  gpumatch devices",
                  "  gpumatch count -p GATTACA genome.txt",
                  "  gpumatch find -p 00ff80 --hex --device opencl data.bin",
                  "  gpumatch find -i --patterns-file words.txt a.txt b.txt.gz",
                  "  gpumatch kmismatch -k 2 -p GATTACA genome.fa",
                  "  gpumatch offtargets input.txt -o hits.txt",
                  "  gpumatch sa build text.bin -o text.sa",
                  "  gpumatch sa search text.bin text.sa -p GATTACA",
                  "  gpumatch sa check text.bin text.sa --format int64",
                  "  gpumatch demo"})
public final class GpumatchCli implements Callable<Integer> {
    /** Buffer of stdout when run as a program: offsets of millions of matches are written in big chunks. */
    private static final int STDOUT_BUFFER = 1 << 16;

    /** The subcommands by name (each class's {@code @Command} name), in the order {@code --help} lists them. */
    static final Map<String, Class<?>> SUBCOMMANDS;

    static {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("devices", DevicesCommand.class);
        m.put("count", CountCommand.class);
        m.put("find", FindCommand.class);
        m.put("sa", SaCommand.class);
        m.put("bench", BenchCommand.class);
        m.put("demo", DemoCommand.class);
        m.put("kmismatch", KMismatchCommand.class);
        m.put("offtargets", OffTargetsCommand.class);
        m.put("completion", CompletionCommand.class);
        m.put("manpage", ManPageCommand.class);
        SUBCOMMANDS = Collections.unmodifiableMap(m);
    }

    @picocli.CommandLine.Option(names = "--verbose", description = "Keep the OpenCL stack's own messages on stderr "
            + "(Aparapi's platform warning, an OpenCL compiler's build log), which the ./gpumatch launcher drops "
            + "otherwise; give it before the command: gpumatch --verbose sa build ...")
    boolean verbose;

    /** Commands that describe the whole command tree: every subcommand is registered for them. */
    private static final java.util.Set<String> GENERATORS = java.util.Set.of("completion", "manpage");

    @Override
    public Integer call() {
        throw new CliException("missing command: " + String.join(", ", SUBCOMMANDS.keySet()) + " (try 'gpumatch --help')");
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        int code = runOn(RawArguments.recover(args), new FileOutputStream(FileDescriptor.out),
                new FileOutputStream(FileDescriptor.err), Terminal.stdout(), true);
        System.exit(code);
    }

    /**
     * Runs one command line as a process does: results through a 64 KiB buffer and a {@link CheckedOutput} into
     * {@code stdout} (a failed write is exit 2 with its reason), messages into {@code stderr}.
     */
    static int runOn(String[] args, OutputStream stdout, OutputStream stderr, boolean outIsTerminal,
                     boolean mayDrawProgress) {
        PrintStream out = new PrintStream(new BufferedOutputStream(new CheckedOutput(stdout, "standard output"),
                STDOUT_BUFFER), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        return run(args, new Io(out, err, outIsTerminal, mayDrawProgress ? Terminal.progressStream(err) : null));
    }

    /**
     * Runs one command line, writing results to {@code out} and messages to {@code err}, and returns the exit code
     * (0 success, 1 a failed check, 2 usage or input error). Never throws and never prints a stack trace.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, new Io(out, err));
    }

    /** {@link #run(String[], PrintStream, PrintStream)} with streams that may be terminals. */
    static int run(String[] args, Io io) {
        PrintStream out = io.out();
        PrintStream err = io.err();
        AparapiLogging.install(err);
        int code;
        HelpOutput help = new HelpOutput(out);
        try {
            code = commandLine(io, args.length > 0 ? args[0] : null, help).execute(args);
            help.rethrow(); // picocli printed help or a version: its writer swallowed the failure
            out.flush(); // the last buffered results: a full disk may show only here
        } catch (Throwable t) { // picocli passes Errors (OutOfMemoryError) through
            code = Diagnostics.report(t, err);
        } finally {
            AparapiLogging.release();
        }
        if (code != ExitCodes.USAGE && out.checkError()) { // a PrintStream without a CheckedOutput under it
            code = Diagnostics.report(new CliException("cannot write standard output (the results are incomplete)"),
                    err);
        }
        err.flush();
        return code;
    }

    /**
     * The picocli command tree wired to {@code io}, with one-line error handling: only the subcommand named
     * {@code first} when it names one (the first argument of the command line), none for {@code --version}, else all.
     */
    static CommandLine commandLine(Io io, String first) {
        return commandLine(io, first, new HelpOutput(io.out()));
    }

    private static CommandLine commandLine(Io io, String first, HelpOutput help) {
        CommandLine cl = new CommandLine(new GpumatchCli(), factory(io));
        boolean version = "--version".equals(first) || "-V".equals(first); // needs no subcommand
        Class<?> only = first == null || GENERATORS.contains(first) ? null : SUBCOMMANDS.get(first);
        SUBCOMMANDS.forEach((name, cls) -> {
            if (!version && (only == null || only == cls)) {
                cl.addSubcommand(name, cls);
            }
        });
        cl.setOut(new PrintWriter(new OutputStreamWriter(help, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
        cl.setExpandAtFiles(false); // a file named @x is a file, not an argument file
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // A pattern may look like an option: --pattern=-p or --pattern "-x y" are patterns, not options.
        cl.setAllowOptionsAsOptionParameters(true);
        cl.setParameterExceptionHandler((ex, args) -> {
            String suggestion = "";
            if (ex instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                suggestion = " (did you mean " + String.join(" or ", u.getSuggestions()) + "?)";
            }
            io.err().println(Diagnostics.PREFIX + Diagnostics.oneLine(ex.getMessage()) + suggestion + "; try '"
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            io.err().flush();
            return ExitCodes.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> Diagnostics.report(ex, io.err()));
        if (cl.getSubcommands().containsKey("sa")) {
            SaCommand.configure(cl.getSubcommands().get("sa"));
        }
        if (cl.getSubcommands().containsKey("bench")) {
            PassThrough.configure(cl.getSubcommands().get("bench"));
        }
        return cl;
    }


    /**
     * Standard output as picocli writes help and versions to it: picocli prints a stack trace for an unchecked
     * exception of its writer, so an {@link OutputFailedException} is kept here and the writer sees an
     * {@link IOException}, which it swallows; {@link #rethrow} then reports it the usual way.
     */
    private static final class HelpOutput extends FilterOutputStream {
        private OutputFailedException failure;

        HelpOutput(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (OutputFailedException e) {
                failure = e;
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (OutputFailedException e) {
                failure = e;
                throw new IOException(e.getMessage(), e);
            }
        }

        void rethrow() {
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** Creates commands through a constructor taking {@link Io} when they have one, else picocli's default way. */
    private static CommandLine.IFactory factory(Io io) {
        CommandLine.IFactory fallback = CommandLine.defaultFactory();
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                Constructor<K> withIo;
                try {
                    withIo = cls.getDeclaredConstructor(Io.class);
                } catch (NoSuchMethodException e) {
                    return fallback.create(cls);
                }
                return withIo.newInstance(io);
            }
        };
    }
}
