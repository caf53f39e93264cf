package org.csiconsole.core.registration;

import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import pluginregistration.PluginRegistration;
import pluginregistration.RegistrationGrpc;

/**
 * The kubelet plugin registration service ({@code pluginregistration.v1.Registration}, kubelet
 * pluginregistration/v1) as node-driver-registrar serves it on
 * {@code <kubelet root>/plugins_registry/<driver>-reg.sock}: GetInfo names a CSI plugin, its
 * endpoint (the CSI socket path as the kubelet sees it, no {@code unix://} scheme) and the
 * registration API versions it speaks; NotifyRegistrationStatus, the kubelet's answer, is accepted
 * and handed to {@code onStatus} (node-driver-registrar logs it and exits when
 * {@code plugin_registered} is false, so that its container restarts).
 */
public final class RegistrationService extends RegistrationGrpc.RegistrationImplBase {
    /** GetInfo's type for a CSI driver. */
    public static final String CSI_PLUGIN = "CSIPlugin";
    /** The versions node-driver-registrar reports. */
    public static final List<String> SUPPORTED_VERSIONS = List.of("1.0.0");

    private final PluginRegistration.PluginInfo info;
    private final Consumer<PluginRegistration.RegistrationStatus> onStatus;

    /**
     * @param driver the CSI driver name (GetPluginInfo's name)
     * @param endpoint the CSI socket's path, e.g. {@code /var/lib/kubelet/plugins/csi.example.com/csi.sock}
     * @param onStatus receives each NotifyRegistrationStatus request
     */
    public RegistrationService(String driver, String endpoint, Consumer<PluginRegistration.RegistrationStatus> onStatus) {
        this.info = PluginRegistration.PluginInfo.newBuilder().setType(CSI_PLUGIN).setName(Objects.requireNonNull(driver, "driver"))
                .setEndpoint(Objects.requireNonNull(endpoint, "endpoint")).addAllSupportedVersions(SUPPORTED_VERSIONS).build();
        this.onStatus = Objects.requireNonNull(onStatus, "onStatus");
    }

    /** The socket file name node-driver-registrar uses for {@code driver}: {@code <driver>-reg.sock}. */
    public static String socketName(String driver) {
        return driver + "-reg.sock";
    }

    /** What GetInfo answers. */
    public PluginRegistration.PluginInfo info() {
        return info;
    }

    @Override
    public void getInfo(PluginRegistration.InfoRequest req, StreamObserver<PluginRegistration.PluginInfo> out) {
        out.onNext(info);
        out.onCompleted();
    }

    @Override
    public void notifyRegistrationStatus(PluginRegistration.RegistrationStatus req,
                                         StreamObserver<PluginRegistration.RegistrationStatusResponse> out) {
        onStatus.accept(req);
        out.onNext(PluginRegistration.RegistrationStatusResponse.getDefaultInstance());
        out.onCompleted();
    }
}
