package org.csiconsole.core.call;

import csi.v1.Csi;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A refusal of credentials says which it was: the console sent no secrets for the call's class, or the driver
 * refused the secrets it was sent; never "missing secrets" for secrets that were sent.
 */
class SecretRefusalWordingTest {
    private static final Csi.CreateVolumeRequest WITHOUT = Csi.CreateVolumeRequest.newBuilder().setName("v1").build();
    private static final Csi.CreateVolumeRequest WITH = WITHOUT.toBuilder().putSecrets("password", "canary-7f3a").build();

    @Test
    void aRequestSaysWhetherItCarriedSecrets() {
        assertThat(SecretCalls.sent(WITHOUT)).isEqualTo(SecretCalls.Sent.NONE);
        assertThat(SecretCalls.sent(WITH)).isEqualTo(SecretCalls.Sent.SENT);
        assertThat(SecretCalls.sent(Csi.GetPluginInfoRequest.getDefaultInstance())).as("no secret field").isEqualTo(SecretCalls.Sent.UNKNOWN);
    }

    @Test
    void unauthenticatedWithoutSecretsSaysNoneWereSentAndWhereToGiveThem() {
        CallFailure f = GrpcFailures.failure("CreateVolume", Status.UNAUTHENTICATED.withDescription("login required"), "CreateVolume v1", 1,
                SecretCalls.sent(WITHOUT));

        assertThat(f.kind()).isEqualTo(FailureKind.AUTHENTICATION);
        assertThat(f.owner()).isEqualTo(FailureOwner.CREDENTIALS);
        assertThat(f.why()).startsWith("no secrets were sent: this console has none for CreateVolume (the provisioner secrets)")
                .contains("plugin says: login required").doesNotContain("refused the secrets");
        assertThat(f.whatToDo()).contains("--secrets-file", "CSI_SECRETS_FILE", "Edit connection");
    }

    @Test
    void unauthenticatedWithSecretsSaysTheDriverRefusedThoseSentNotThatTheyAreMissing() {
        CallFailure f = GrpcFailures.failure("CreateVolume", Status.UNAUTHENTICATED.withDescription("bad password"), "CreateVolume v1", 1,
                SecretCalls.sent(WITH));

        assertThat(f.kind()).isEqualTo(FailureKind.AUTHENTICATION);
        assertThat(f.why()).startsWith("the driver refused the secrets sent with CreateVolume (the provisioner secrets): they are wrong, expired")
                .doesNotContain("no secrets were sent").doesNotContain("did not get them");
        assertThat(f.whatToDo()).startsWith("Check the values of the provisioner secrets");
        assertThat(f.describe()).doesNotContain("canary-7f3a");
    }

    @Test
    void aDriversSecretIsEmptyAnswerToSecretsSentIsARefusalOfThoseSent() {
        CallFailure sent = GrpcFailures.failure("CreateVolume", Status.INTERNAL.withDescription("provided secret is empty"), "CreateVolume v1", 1,
                SecretCalls.Sent.SENT);
        CallFailure none = GrpcFailures.failure("CreateVolume", Status.INTERNAL.withDescription("provided secret is empty"), "CreateVolume v1", 1,
                SecretCalls.Sent.NONE);

        assertThat(sent.why()).startsWith("the driver refused the secrets sent");
        assertThat(none.why()).startsWith("no secrets were sent");
    }
}
