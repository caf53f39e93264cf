package org.csiconsole.core.model;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes with units, converted to bytes exactly. Binary suffixes ({@code Ki Mi Gi Ti Pi Ei}, with or
 * without a trailing {@code B}) are powers of 1024; decimal suffixes ({@code K M G T P E}, {@code KB}..)
 * are powers of 1000, as in Kubernetes quantities. A bare number is bytes.
 */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)\\s*$");
    private static final String[] BINARY = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private ByteSize() {
    }

    /**
     * Parses {@code 10GiB}, {@code 500G}, {@code 1.5Ti}, {@code 4096}.
     *
     * @return the size in bytes
     * @throws IllegalArgumentException with a readable message when the text is not a size, the
     *     unit is unknown, the result is not a whole number of bytes, or it is more than
     *     {@link Long#MAX_VALUE} bytes (csi.proto {@code CapacityRange} sizes are int64)
     */
    public static long parse(String text) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException("Size is empty: give a number with a unit, e.g. 10GiB");
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size: use a number with a unit, e.g. 10GiB, 500G or 4096");
        }
        BigDecimal number = new BigDecimal(m.group(1));
        BigDecimal factor = BigDecimal.valueOf(factor(m.group(2), text));
        BigDecimal bytes = number.multiply(factor);
        if (bytes.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of bytes");
        }
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is more than " + Long.MAX_VALUE
                    + " bytes (8 EiB less one byte), the largest size a signed 64-bit byte count can carry");
        }
        return bytes.longValueExact();
    }

    private static long factor(String unit, String text) {
        String u = unit.toLowerCase(Locale.ROOT);
        if (u.endsWith("ib")) u = u.substring(0, u.length() - 1);
        else if (u.length() == 2 && u.endsWith("b")) u = u.substring(0, 1);
        return switch (u) {
            case "", "b" -> 1L;
            case "ki" -> 1L << 10;
            case "mi" -> 1L << 20;
            case "gi" -> 1L << 30;
            case "ti" -> 1L << 40;
            case "pi" -> 1L << 50;
            case "ei" -> 1L << 60;
            case "k" -> 1_000L;
            case "m" -> 1_000_000L;
            case "g" -> 1_000_000_000L;
            case "t" -> 1_000_000_000_000L;
            case "p" -> 1_000_000_000_000_000L;
            case "e" -> 1_000_000_000_000_000_000L;
            default -> throw new IllegalArgumentException("Unknown unit '" + unit + "' in '" + text
                    + "': use B, KiB, MiB, GiB, TiB, PiB, EiB or K, M, G, T, P, E");
        };
    }

    /**
     * Formats bytes in binary units with up to one decimal, rounded half up, e.g. {@code 10 GiB},
     * {@code 1.5 TiB}, {@code 512 B}. Integer arithmetic only: tables format a size for every row
     * they show, and {@code String.format} costs several times as much.
     */
    public static String format(long bytes) {
        if (bytes < 1024) return bytes + " B";
        int unit = (63 - Long.numberOfLeadingZeros(bytes)) / 10;
        int shift = unit * 10;
        long whole = bytes >>> shift;
        long rest = bytes & ((1L << shift) - 1);
        long half = 1L << (shift - 1);
        String number;
        if (rest == 0) {
            number = Long.toString(whole);
        } else if (whole >= 100) {
            number = Long.toString(whole + ((rest + half) >>> shift));
        } else {
            // rest * 10 < 10 * 2^60 fits in 64 bits read unsigned, hence >>>.
            long tenths = whole * 10 + ((rest * 10 + half) >>> shift);
            number = tenths / 10 + "." + tenths % 10;
        }
        return number + " " + BINARY[unit];
    }

    /**
     * Digits grouped in threes with commas, whatever the locale, e.g. {@code 10,737,418,240}, for
     * exact byte counts and row counts ({@code Long.MIN_VALUE} included).
     */
    public static String grouped(long n) {
        String digits = Long.toString(n);
        int sign = n < 0 ? 1 : 0;
        int len = digits.length() - sign;
        StringBuilder out = new StringBuilder(digits.length() + len / 3);
        out.append(digits, 0, sign);
        for (int i = 0; i < len; i++) {
            if (i > 0 && (len - i) % 3 == 0) out.append(',');
            out.append(digits.charAt(sign + i));
        }
        return out.toString();
    }
}
