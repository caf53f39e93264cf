package org.csiconsole.app;

/** A {@code kubectl get pv -o json} export of an RBD cluster, as the inventory tests import it. */
public final class PvExportSample {
    /** The volumeHandle of the bound RBD PV (claim shop/data-postgres-0). */
    public static final String BOUND = "0001-0024-b9127830-0000000000000002-7f3e4c1a";
    /** The volumeHandle of the static RBD PV without a claim. */
    public static final String STATIC = "archive-image-01";
    /** A {@code kubectl get pv -o json} export: a bound RBD PV, a static RBD PV without claim, a hostpath PV, an nfs PV. */
    public static final String PV_EXPORT = """
            {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": [
              {"apiVersion": "v1", "kind": "PersistentVolume",
               "metadata": {"name": "pvc-5b1c6a2e", "annotations": {"pv.kubernetes.io/provisioned-by": "rbd.csi.ceph.com"}},
               "spec": {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": "10Gi"},
                        "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "data-postgres-0", "namespace": "shop"},
                        "csi": {"driver": "rbd.csi.ceph.com", "fsType": "ext4", "volumeHandle": "%s",
                                "nodeStageSecretRef": {"name": "csi-rbd-secret", "namespace": "ceph-csi-rbd"},
                                "volumeAttributes": {"clusterID": "b9127830", "pool": "replicapool"}},
                        "persistentVolumeReclaimPolicy": "Delete", "storageClassName": "rook-ceph-block", "volumeMode": "Filesystem"},
               "status": {"phase": "Bound"}},
              {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "static-rbd-archive"},
               "spec": {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": "500G"},
                        "csi": {"driver": "rbd.csi.ceph.com", "volumeHandle": "%s", "volumeAttributes": {"staticVolume": "true"}}},
               "status": {"phase": "Available"}},
              {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pvc-0a9b8c7d"},
               "spec": {"capacity": {"storage": "1Gi"}, "claimRef": {"name": "scratch", "namespace": "default"},
                        "csi": {"driver": "hostpath.csi.k8s.io", "volumeHandle": "6a3b1f2e"}}},
              {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "nfs-share"},
               "spec": {"capacity": {"storage": "100Gi"}, "nfs": {"path": "/exports/share", "server": "10.10.1.50"}}}
            ]}
            """.formatted(BOUND, STATIC);


    private PvExportSample() {
    }
}
