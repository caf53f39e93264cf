package org.csiconsole.views.fence;

import org.csiconsole.core.model.Cidr;

/**
 * One fenced CIDR block as the plugin reports it (ListClusterFence), with what the console reads in
 * it; a block that does not parse keeps the plugin's text and says so.
 *
 * @param cidr the block as reported, e.g. {@code 10.1.0.0/24}
 * @param family {@code IPv4}, {@code IPv6}, or empty when the text is not a CIDR block
 * @param prefixLength the prefix length in bits as text; empty when not read
 * @param addresses how many addresses the block covers ({@code 256}, {@code 2^64}); or why it was not read
 */
public record FenceRow(String cidr, String family, String prefixLength, String addresses) {

    /** The row of a block reported by the plugin. */
    public static FenceRow of(String reported) {
        try {
            Cidr c = Cidr.parse(reported);
            String d = c.describe();
            return new FenceRow(reported, c.ipv6() ? "IPv6" : "IPv4", Integer.toString(c.prefixLength()),
                    d.substring(d.indexOf(", ") + 2));
        } catch (IllegalArgumentException e) {
            return new FenceRow(reported, "", "", "Not a CIDR block as reported");
        }
    }
}
