package org.csiconsole.core.reference.fuzz;

import java.util.List;
import java.util.Random;

/**
 * Hostile values for generated inputs: empty, huge, unicode, control characters, path tricks and
 * numbers at the edges (negative, zero, 64 TiB, overflow). Draws from a {@link Random} that the
 * property framework seeds, so a failing input is reproduced by its seed.
 */
final class Hostile {
    static final List<String> STRINGS = List.of("", " ", "\t", "\n", "\0", "\u0007\u001b[31m", "null", "true", "0", "-1",
            "..", "../..", "/", "//", "/../etc", "%00", "%2e%2e%2f", "a/b", "\\", "\"", "'", "{}", "[]", "{\"a\":",
            "\u00e9t\u00e9", "\u65e5\u672c\u8a9e", "\ud83d\udca5", "\ud800", "\u202e", "\ufeff", "\uffff",
            "a".repeat(256), "x".repeat(4096), "pvc-00000000-0000-0000-0000-000000000000", "10.10.1.5", "10.20.1.5",
            "node-1", "iscsi", "fc", "nvmetcp", "SINGLE_NODE_WRITER", "ext4", "xfs", "site-a", "site-b", "default",
            "exists", "0.0.0.0/0", "::/0", "256.1.1.1/33", "/var/lib/kubelet/pods/p/volumes/v/mount",
            "/var/lib/kubelet/plugins/staging/v", "/var/lib/kubelet/plugins/staging/v/../../x");

    static final long[] LONGS = {0, 1, -1, 2, 511, 512, 4095, 4096, 1L << 20, 1L << 30, (1L << 30) + 1, 10L << 30,
            1L << 40, 64L << 40, (64L << 40) + 1, 1L << 50, Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE,
            Integer.MAX_VALUE, Integer.MIN_VALUE, (long) Integer.MAX_VALUE + 1, -(1L << 30)};

    private Hostile() {
    }

    /** A hostile string, a known id from {@code pool}, or a random one. */
    static String string(Random r, List<String> pool) {
        int k = r.nextInt(10);
        if (k < 4 && !pool.isEmpty()) return pool.get(r.nextInt(pool.size()));
        if (k < 7) return STRINGS.get(r.nextInt(STRINGS.size()));
        if (k < 8 && !pool.isEmpty()) return mutate(r, pool.get(r.nextInt(pool.size())));
        if (k < 9) return randomText(r, r.nextInt(40));
        return r.nextInt(20) == 0 ? randomText(r, 100_000 + r.nextInt(100_000)) : randomText(r, 200 + r.nextInt(2000));
    }

    /** A known id with a small change: a suffix, a control character, case or whitespace. */
    static String mutate(Random r, String s) {
        return switch (r.nextInt(6)) {
            case 0 -> s + "x";
            case 1 -> " " + s + " ";
            case 2 -> s.toUpperCase(java.util.Locale.ROOT);
            case 3 -> s.isEmpty() ? "\0" : s.substring(0, r.nextInt(s.length()));
            case 4 -> s + "\n";
            default -> s + "/" + s;
        };
    }

    /** Text from every plane: ASCII, control characters, BMP, surrogate pairs and lone surrogates. */
    static String randomText(Random r, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (r.nextInt(8)) {
                case 0 -> b.append((char) r.nextInt(0x20));
                case 1 -> b.append((char) (0x80 + r.nextInt(0x780)));
                case 2 -> b.appendCodePoint(0x10000 + r.nextInt(0x10000));
                case 3 -> b.append((char) (0xd800 + r.nextInt(0x800)));
                case 4 -> b.append((char) (0x3000 + r.nextInt(0x6000)));
                default -> b.append((char) (0x20 + r.nextInt(0x5f)));
            }
        }
        return b.toString();
    }

    static long number(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextLong();
            case 1 -> r.nextInt(1 << 20) * (r.nextBoolean() ? 1L : -1L);
            default -> LONGS[r.nextInt(LONGS.length)];
        };
    }

    /** A collection size: mostly small, sometimes thousands. */
    static int size(Random r) {
        int k = r.nextInt(40);
        if (k == 0) return 1000 + r.nextInt(4000);
        if (k < 3) return 10 + r.nextInt(100);
        return r.nextInt(4);
    }
}
