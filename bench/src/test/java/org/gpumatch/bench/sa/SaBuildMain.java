package org.gpumatch.bench.sa;

import java.nio.file.Files;
import java.nio.file.Path;
import org.gpumatch.checker.EntryFormat;
import org.gpumatch.suffixarray.SaisBuilder;
import org.gpumatch.suffixarray.SuffixArrayFiles;

/**
 * Stands in for {@code gpumatch} in the process rows' tests: {@code sa build TEXT -o OUT -q -a ALGORITHM [--device D]} builds with
 * SA-IS and writes OUT as int32, as the real command does; anything else exits 2.
 */
public final class SaBuildMain {
    private SaBuildMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 8 || !args[0].equals("sa") || !args[1].equals("build") || !args[3].equals("-o")
                || !args[5].equals("-q") || !args[6].equals("-a")) {
            System.err.println("gpumatch: unexpected arguments " + String.join(" ", args));
            System.exit(2);
        }
        byte[] text = Files.readAllBytes(Path.of(args[2]));
        SuffixArrayFiles.write(new SaisBuilder().build(text), Path.of(args[4]), EntryFormat.INT32);
    }
}
