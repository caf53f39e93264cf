package org.csiconsole.core.model;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A checked CIDR block for network fencing (csi-addons fence.proto {@code CIDR.cidr}), IPv4 or IPv6,
 * always in network form: {@code 10.1.0.0/24}, {@code fd00:10::/64}.
 *
 * <p>{@link #parse} accepts an address with a prefix length ({@code 10.1.0.0/24}) or a bare
 * address, read as one host ({@code /32} for IPv4, {@code /128} for IPv6). <b>Host bits are
 * normalised, not refused:</b> {@code 10.1.0.5/24} becomes {@code 10.1.0.0/24}, the block that
 * a fence of it covers, and {@link #typed()} keeps what was given so a caller can warn
 * ({@link #normalised()}). Nothing is ever looked up by name: a host name is refused.
 *
 * @param address the network address in canonical text ({@code 10.1.0.0}, {@code fd00:10::})
 * @param prefixLength the prefix length in bits, 0..32 for IPv4, 0..128 for IPv6
 * @param ipv6 true for an IPv6 block
 * @param typed the text as given (trimmed); equals {@link #text()} when nothing was normalised
 */
public record Cidr(String address, int prefixLength, boolean ipv6, String typed) {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]+");

    public Cidr {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(typed, "typed");
    }

    /**
     * Reads one CIDR block.
     *
     * @throws IllegalArgumentException with a sentence naming the text and what is wrong (missing
     *     address, a prefix that is not a number or out of range for the family, an address that is
     *     neither IPv4 nor IPv6)
     */
    public static Cidr parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) throw new IllegalArgumentException("A CIDR block is empty; give one such as 10.1.0.0/24 or fd00:10::/64.");
        int slash = t.indexOf('/');
        String addr = slash < 0 ? t : t.substring(0, slash);
        String prefixText = slash < 0 ? null : t.substring(slash + 1);
        boolean v6 = addr.contains(":");
        byte[] bytes = v6 ? ipv6(t, addr) : ipv4(t, addr);
        int max = v6 ? 128 : 32;
        int prefix = max;
        if (prefixText != null) {
            if (!prefixText.matches("\\d{1,3}")) {
                throw new IllegalArgumentException("'" + t + "' has no valid prefix length after '/'; give a number from 0 to " + max
                        + ", e.g. " + (v6 ? "fd00:10::/64" : "10.1.0.0/24") + ".");
            }
            prefix = Integer.parseInt(prefixText);
            if (prefix > max) {
                throw new IllegalArgumentException("'" + t + "' has prefix length " + prefix + "; an " + (v6 ? "IPv6" : "IPv4")
                        + " prefix is 0 to " + max + " bits.");
            }
        }
        byte[] network = masked(bytes, prefix);
        String canonical = v6 ? ipv6Text(network) : ipv4Text(network);
        return new Cidr(canonical, prefix, v6, t);
    }

    /**
     * Reads every non-blank line or comma-separated entry of {@code text}, dropping repeats (after
     * normalising) and keeping the order.
     *
     * @throws IllegalArgumentException for the first entry that is not a CIDR block (see {@link #parse}),
     *     or when there is none
     */
    public static List<Cidr> parseAll(String text) {
        List<String> entries = new ArrayList<>();
        if (text != null) {
            for (String line : text.split("[,\\s]+")) if (!line.isBlank()) entries.add(line);
        }
        return parseAll(entries);
    }

    /** Like {@link #parseAll(String)} for entries given one by one (repeated command-line options). */
    public static List<Cidr> parseAll(List<String> entries) {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        List<Cidr> out = new ArrayList<>();
        for (String e : entries) {
            if (e == null || e.isBlank()) continue;
            Cidr c = parse(e);
            if (seen.add(c.text())) out.add(c);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("Give at least one CIDR block, e.g. 10.1.0.0/24.");
        return out;
    }

    /** The block as sent on the wire: {@code address/prefixLength}. */
    public String text() {
        return address + "/" + prefixLength;
    }

    /** True when {@link #typed()} differs from {@link #text()}: host bits were cleared or a prefix was added. */
    public boolean normalised() {
        return !typed.equals(text());
    }

    /** How many addresses the block covers: 2^(bits - prefix); 256 for a /24. */
    public BigInteger addressCount() {
        return BigInteger.ONE.shiftLeft((ipv6 ? 128 : 32) - prefixLength);
    }

    /** The block in words: {@code "IPv4, 256 addresses"}, {@code "IPv6, 1 address"}. */
    public String describe() {
        BigInteger n = addressCount();
        String count = n.bitLength() > 40 ? "2^" + ((ipv6 ? 128 : 32) - prefixLength) : String.format("%,d", n);
        return (ipv6 ? "IPv6" : "IPv4") + ", " + count + (n.equals(BigInteger.ONE) ? " address" : " addresses");
    }

    /**
     * True when {@code address} (an IPv4 or IPv6 address, or a block inside this one) lies in this block;
     * false for another family or text that is not an address.
     */
    public boolean contains(String address) {
        try {
            Cidr host = parse(address);
            if (host.ipv6 != ipv6 || host.prefixLength < prefixLength) return false;
            return parse(host.address + "/" + prefixLength).address.equals(this.address);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The blocks as one line: {@code "10.1.0.0/24,10.2.0.0/24"}. */
    public static String join(List<Cidr> cidrs) {
        return String.join(",", cidrs.stream().map(Cidr::text).toList());
    }

    @Override
    public String toString() {
        return text();
    }

    private static byte[] ipv4(String t, String addr) {
        if (!IPV4.matcher(addr).matches()) {
            throw new IllegalArgumentException("'" + t + "' is not an IPv4 or IPv6 CIDR block; give one such as 10.1.0.0/24 or fd00:10::/64"
                    + " (host names are not accepted).");
        }
        String[] parts = addr.split("\\.");
        byte[] b = new byte[4];
        for (int i = 0; i < 4; i++) {
            int v = Integer.parseInt(parts[i]);
            if (v > 255) throw new IllegalArgumentException("'" + t + "' has octet " + v + "; each IPv4 octet is 0 to 255.");
            b[i] = (byte) v;
        }
        return b;
    }

    private static byte[] ipv6(String t, String addr) {
        // Only hex digits, ':' and '.' (an embedded IPv4 tail): InetAddress then parses a literal and never resolves a name.
        if (!IPV6_CHARS.matcher(addr).matches()) {
            throw new IllegalArgumentException("'" + t + "' is not an IPv6 CIDR block such as fd00:10::/64"
                    + (addr.contains("%") ? " (a zone such as %eth0 is not part of a CIDR block)." : "."));
        }
        try {
            byte[] b = InetAddress.getByName(addr).getAddress();
            if (b.length == 16) return b;
            // An IPv4-mapped address (::ffff:10.1.0.1) comes back as IPv4: keep the IPv6 form.
            byte[] mapped = new byte[16];
            mapped[10] = (byte) 0xff;
            mapped[11] = (byte) 0xff;
            System.arraycopy(b, 0, mapped, 12, 4);
            return mapped;
        } catch (UnknownHostException | RuntimeException e) {
            throw new IllegalArgumentException("'" + t + "' is not an IPv6 CIDR block such as fd00:10::/64.");
        }
    }

    private static byte[] masked(byte[] b, int prefix) {
        byte[] out = b.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, prefix - i * 8));
            out[i] = (byte) (out[i] & (keep == 0 ? 0 : (0xff << (8 - keep)) & 0xff));
        }
        return out;
    }

    private static String ipv4Text(byte[] b) {
        return (b[0] & 0xff) + "." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
    }

    /** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups as "::". */
    private static String ipv6Text(byte[] b) {
        int[] g = new int[8];
        for (int i = 0; i < 8; i++) g[i] = ((b[2 * i] & 0xff) << 8) | (b[2 * i + 1] & 0xff);
        int bestStart = -1;
        int bestLen = 0;
        for (int i = 0; i < 8; ) {
            if (g[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && g[j] == 0) j++;
            if (j - i > bestLen && j - i >= 2) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLen - 1;
                continue;
            }
            if (s.length() > 0 && s.charAt(s.length() - 1) != ':') s.append(':');
            s.append(Integer.toHexString(g[i]));
        }
        return s.toString();
    }
}
