package org.csiconsole.core.reference.array;

/**
 * A fenced network (csi-addons NetworkFence).
 *
 * @param cidr       the fenced CIDR (IPv4, e.g. 10.10.2.0/24)
 * @param fencedAtMs when it was fenced, epoch milliseconds
 */
public record FenceRecord(String cidr, long fencedAtMs) {
}
