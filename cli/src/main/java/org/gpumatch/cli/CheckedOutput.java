package org.gpumatch.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output as every command writes it: a {@link java.io.PrintStream} swallows write errors (a full disk, a
 * closed pipe) and a command would exit 0 with its results lost. This stream under it turns the first failed write or
 * flush into an {@link OutputFailedException}, which stops the command wherever it is writing (a {@code find} that
 * could print millions of lines stops searching) and becomes exit 2 with the reason ({@link Diagnostics}); a closed
 * pipe ({@code gpumatch find ... | head}) stays a quiet exit 0, as with grep and ripgrep. After the first failure every
 * write is dropped. Cost: one virtual call per buffered chunk (the stream above buffers 64 KiB).
 */
final class CheckedOutput extends FilterOutputStream {
    private final String name;
    private volatile OutputFailedException failure;

    /** {@code name}: how messages call the stream ("standard output"). */
    CheckedOutput(OutputStream out, String name) {
        super(out);
        this.name = name;
    }

    /** The first failure, or null. */
    OutputFailedException failure() {
        return failure;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (failure != null) {
            return;
        }
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw fail(e);
        }
    }

    @Override
    public void flush() {
        if (failure != null) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw fail(e);
        }
    }

    private OutputFailedException fail(IOException e) {
        failure = new OutputFailedException(name, e);
        return failure;
    }
}
