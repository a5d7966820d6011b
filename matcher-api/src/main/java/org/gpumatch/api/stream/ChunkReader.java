package org.gpumatch.api.stream;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gpumatch.api.Text;

/**
 * Reads a {@link ChunkSource} as successive {@link Window}s, one window ahead on a background thread (double buffering):
 * while the caller searches window k, window k+1 is read into the other of two buffers, so that reading the file
 * overlaps the matcher's work (on a device: the upload and the kernels) instead of adding to it.
 *
 * <p>Contract: a window's bytes stay valid until the second {@link #next()} call after the one that returned it; the
 * caller is done with a window when it asks for the one after the next. Each source byte is read once: the m-1 bytes
 * a window shares with the previous one are copied from it.
 *
 * <p>Memory: two buffers of a full window (chunk + m - 1 bytes), reused; a last window shorter than that gets an exact
 * array of its own in place of one of them (a {@code Text} is a whole array). A file smaller than a window gets a
 * buffer of its size; a stream's buffers start at {@link #FIRST_STREAM_BUFFER} and double while the stream fills them,
 * so a short stream with a large chunk size does not allocate the whole chunk. One daemon thread, stopped by
 * {@link #close()}; an exception of that thread is rethrown by the {@code next()} that waits for its window.
 *
 * <p>Not thread-safe: one caller.
 */
final class ChunkReader implements AutoCloseable {
    /** The first buffer for a stream, whose length is unknown: 1 MiB, doubled up to a full window as it fills. */
    static final int FIRST_STREAM_BUFFER = 1 << 20;

    private final ChunkSource source;
    private final int chunk;
    private final int overlap;
    private final int window;
    private final long size;
    private final byte[][] buffers = new byte[2][];
    private final ExecutorService ahead;
    /** The read of the window after the last one returned, or null when there is none. */
    private Future<Window> pending;
    /** The index of the next window to return. */
    private int index;

    /**
     * @param chunk   the chunk c, at least 1
     * @param overlap m - 1: the bytes two consecutive windows share
     */
    ChunkReader(ChunkSource source, int chunk, int overlap) {
        this.source = source;
        this.chunk = chunk;
        this.overlap = overlap;
        this.window = Math.toIntExact((long) chunk + overlap);
        this.size = source.size();
        this.ahead = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gpumatch-chunk-reader");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The next window, or null after the last. Reading the window after it starts now, so the window returned the
     * time before this one must no longer be in use.
     *
     * @throws IOException when the source fails, here or on the read-ahead thread
     */
    Window next() throws IOException {
        Window w;
        if (index == 0) {
            w = read(null, 0);
        } else if (pending == null) {
            return null;
        } else {
            w = await(pending);
            pending = null;
        }
        if (w == null) {
            return null;
        }
        index++;
        if (!w.last()) {
            int k = index;
            pending = ahead.submit(() -> read(w, k));
        }
        return w;
    }

    /** Reads window {@code k}, whose predecessor is {@code previous} (null for window 0); null when it holds no byte of its own. */
    private Window read(Window previous, int k) throws IOException {
        long start = (long) k * chunk;
        int capacity = size < 0 ? window : (int) Math.min(window, size - start);
        int slot = k & 1;
        byte[] buf = buffer(slot, capacity);
        int filled = 0;
        if (previous != null) {
            System.arraycopy(previous.text().bytes(), chunk, buf, 0, overlap);
            filled = overlap;
        }
        int shared = filled;
        while (true) {
            filled += source.readFully(buf, filled, buf.length - filled);
            if (filled < buf.length || buf.length == capacity) {
                break;
            }
            buf = Arrays.copyOf(buf, (int) Math.min(capacity, 2L * buf.length)); // a stream still going: grow
            buffers[slot] = buf;
        }
        if (previous != null && filled == shared) {
            return null; // only the m-1 shared bytes: no occurrence starts here (a pipe that ended at a chunk's end)
        }
        int length = filled;
        boolean last = length < window || (size >= 0 && start + length >= size);
        byte[] bytes = length == buf.length ? buf : Arrays.copyOf(buf, length);
        return new Window(start, Text.wrap(bytes), last ? start + length : start + chunk, last);
    }

    /**
     * The buffer of {@code slot} for a window of at most {@code capacity} bytes: for a source of known size exactly
     * {@code capacity} bytes (reused when it has that length); for a stream the slot's buffer as it is, or a first one
     * of {@link #FIRST_STREAM_BUFFER} bytes, which {@link #read} doubles while the stream fills it.
     */
    private byte[] buffer(int slot, int capacity) {
        byte[] buf = buffers[slot];
        if (size < 0 && buf == null) {
            buf = new byte[(int) Math.min(capacity, Math.max(FIRST_STREAM_BUFFER, overlap + 1L))];
        } else if (size >= 0 && (buf == null || buf.length != capacity)) {
            buffers[slot] = null; // let the old one go before allocating its replacement
            buf = new byte[capacity];
        }
        buffers[slot] = buf;
        return buf;
    }

    private static Window await(Future<Window> f) throws IOException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the next chunk");
        }
    }

    /**
     * Stops the read-ahead thread: a pending read is cancelled (interrupted) and the thread ends once the read returns.
     * Does not wait for it (a read blocked on a pipe may never return); the thread is a daemon.
     */
    @Override
    public void close() {
        if (pending != null) {
            pending.cancel(true);
            pending = null;
        }
        ahead.shutdownNow();
    }
}
