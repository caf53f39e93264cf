package org.csiconsole.core.replication;

import java.util.List;

/**
 * The history of one volume or group on one site, oldest first: the samples (RPO age, health, role)
 * and the operations to mark on them.
 */
public record ReplicationTimeline(ReplicationSource source, String site, List<HistoryPoint> points,
                                  List<HistoryOperation> operations) {
    public ReplicationTimeline {
        points = List.copyOf(points);
        operations = List.copyOf(operations);
    }
}
