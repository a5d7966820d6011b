package org.gpumatch.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line as the bytes the user typed. The JVM decodes {@code argv} with the locale's charset
 * ({@code sun.jnu.encoding}, fixed at start-up: {@code -Dsun.jnu.encoding} is ignored on Java 17): under
 * {@code LC_ALL=C} it is ASCII and every byte from 0x80 becomes U+FFFD, so {@code -p é} or {@code -p $'\xff'} would
 * search for EF BF BD; under a UTF-8 locale a byte that is not UTF-8 ({@code $'\xff'}) becomes U+FFFD too. On Linux
 * {@code /proc/self/cmdline} holds the raw bytes: {@link #recover} re-decodes each argument from them, as UTF-8 where it
 * is UTF-8, and every other byte {@code b} as the lone surrogate {@code U+DC00+b} (Python's "surrogateescape"), which
 * {@link #bytes} turns back into {@code b}. Elsewhere the JVM's decoding stays, and {@link #bytes} refuses an argument
 * holding U+FFFD that the JVM made up (a pattern that cannot be represented is an error, never a silent empty match).
 * Cost: one read of a few hundred bytes at start-up.
 */
final class RawArguments {
    /** The first of the 128 surrogates that stand for the bytes 0x80-0xFF that are not part of valid UTF-8. */
    private static final char ESCAPE_BASE = '\uDC00';
    private static volatile boolean recovered;

    private RawArguments() {
    }

    /**
     * {@code args} re-decoded from {@code /proc/self/cmdline}, or {@code args} unchanged when that file cannot be read or
     * does not end with arguments that match {@code args} (the ASCII ones must be equal).
     */
    static String[] recover(String[] args) {
        List<byte[]> raw;
        try {
            raw = split(Files.readAllBytes(Path.of("/proc/self/cmdline")));
        } catch (IOException | RuntimeException e) {
            return args;
        }
        String[] out = recover(args, raw);
        recovered = out != args;
        return out;
    }

    /** {@link #recover(String[])} with the process's NUL-separated argument list given. */
    static String[] recover(String[] args, List<byte[]> raw) {
        if (raw.size() < args.length) {
            return args;
        }
        List<byte[]> tail = raw.subList(raw.size() - args.length, raw.size());
        String[] out = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = decode(tail.get(i));
            if (isAscii(tail.get(i)) != isAscii(args[i]) || isAscii(args[i]) && !out[i].equals(args[i])) {
                return args; // not our arguments (a launcher that rewrote them): keep the JVM's
            }
        }
        return out;
    }

    /**
     * The bytes an argument stands for: UTF-8 of its characters, escaped bytes as themselves. A U+FFFD the JVM may
     * have put in place of bytes it could not decode is an error naming {@code what} (e.g. "the pattern").
     */
    static byte[] bytes(String arg, String what) {
        if (!recovered && arg.indexOf('\uFFFD') >= 0 && !jvmDecodesUtf8()) {
            throw new CliException(what + " holds bytes the locale (" + System.getProperty("sun.jnu.encoding")
                    + ") cannot represent; give it with --hex, or run under a UTF-8 locale");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(arg.length() + 8);
        int start = 0;
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (c >= ESCAPE_BASE + 0x80 && c <= ESCAPE_BASE + 0xFF) {
                out.writeBytes(arg.substring(start, i).getBytes(StandardCharsets.UTF_8));
                out.write(c - ESCAPE_BASE);
                start = i + 1;
            } else if (Character.isHighSurrogate(c) && i + 1 < arg.length()
                    && Character.isLowSurrogate(arg.charAt(i + 1))) {
                i++; // a pair: one supplementary character, encoded with the rest
            } else if (Character.isSurrogate(c)) {
                throw new CliException(what + " holds a lone UTF-16 surrogate (U+"
                        + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + "), which has no UTF-8 bytes");
            }
        }
        out.writeBytes(arg.substring(start).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static boolean jvmDecodesUtf8() {
        String enc = System.getProperty("sun.jnu.encoding", "");
        return enc.equalsIgnoreCase("UTF-8") || enc.equalsIgnoreCase("UTF8");
    }

    /** The bytes as UTF-8 where they are valid UTF-8, every other byte as U+DC00+byte. */
    static String decode(byte[] raw) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return decoder.decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            // decode valid stretches, escape the rest byte by byte
        }
        StringBuilder sb = new StringBuilder(raw.length);
        ByteBuffer in = ByteBuffer.wrap(raw);
        CharBuffer chars = CharBuffer.allocate(raw.length);
        decoder.reset();
        while (in.hasRemaining()) {
            var result = decoder.decode(in, chars, true);
            chars.flip();
            sb.append(chars);
            chars.clear();
            if (result.isError()) {
                for (int k = 0; k < result.length(); k++) {
                    sb.append((char) (ESCAPE_BASE + (in.get() & 0xFF)));
                }
            }
        }
        return sb.toString();
    }

    private static List<byte[]> split(byte[] cmdline) {
        List<byte[]> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                byte[] part = new byte[i - start];
                System.arraycopy(cmdline, start, part, 0, part.length);
                parts.add(part);
                start = i + 1;
            }
        }
        return parts;
    }

    private static boolean isAscii(byte[] b) {
        for (byte x : b) {
            if (x < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
