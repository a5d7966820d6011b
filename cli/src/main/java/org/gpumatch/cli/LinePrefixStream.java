package org.gpumatch.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Writes a prefix before each line that goes through it (delegated tools' stderr gets the {@code gpumatch: } prefix). */
final class LinePrefixStream extends OutputStream {
    private final PrintStream target;
    private final byte[] prefix;
    private boolean atLineStart = true;

    LinePrefixStream(PrintStream target, String prefix) {
        this.target = target;
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
    }

    /** A UTF-8 print stream onto {@code target} that prefixes every line with {@code prefix}. */
    static PrintStream prefixing(PrintStream target, String prefix) {
        return new PrintStream(new LinePrefixStream(target, prefix), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        if (atLineStart) {
            target.write(prefix, 0, prefix.length);
            atLineStart = false;
        }
        target.write(b);
        if (b == '\n') {
            atLineStart = true;
        }
    }

    @Override
    public void flush() {
        target.flush();
    }
}
