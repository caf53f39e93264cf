package org.csiconsole.core.call;

import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import csi.v1.Csi;
import encryptionkeyrotation.EncryptionKeyRotation;
import org.junit.jupiter.api.Test;
import replication.Replication;

import static org.assertj.core.api.Assertions.assertThat;

class RedactorTest {
    private static final String CANARY = "canary-s3cr3t-8812";
    private final Redactor redactor = new Redactor(3);

    @Test
    void secretFieldsAreFoundByTheirOptionNotTheirName() {
        Descriptors.Descriptor create = Csi.CreateVolumeRequest.getDescriptor();
        assertThat(redactor.isSecret(create.findFieldByName("secrets"))).isTrue();
        assertThat(redactor.isSecret(create.findFieldByName("parameters"))).isFalse();
        assertThat(redactor.isSecret(EncryptionKeyRotation.EncryptionKeyRotateRequest.getDescriptor()
                .findFieldByName("encryption_key"))).isTrue();
        assertThat(redactor.isSecret(Replication.EnableVolumeReplicationRequest.getDescriptor().findFieldByName("secrets"))).isTrue();
    }

    @Test
    void masksSecretMapValuesAndKeepsTheRest() {
        Csi.CreateVolumeRequest req = Csi.CreateVolumeRequest.newBuilder().setName("pvc-1")
                .putSecrets("password", CANARY).putParameters("pool", "gold").build();
        String text = redactor.text(req);
        assertThat(text).doesNotContain(CANARY).contains("password").contains(Redactor.MASK).contains("gold").contains("pvc-1");
        Csi.CreateVolumeRequest copy = (Csi.CreateVolumeRequest) redactor.redact(req);
        assertThat(copy.getSecretsMap()).containsEntry("password", Redactor.MASK);
        assertThat(req.getSecretsMap()).containsEntry("password", CANARY);
    }

    @Test
    void masksSecretStringsOfCsiAddons() {
        EncryptionKeyRotation.EncryptionKeyRotateRequest req = EncryptionKeyRotation.EncryptionKeyRotateRequest.newBuilder()
                .setVolumeId("v1").setEncryptionKey(CANARY).build();
        assertThat(redactor.text(req)).doesNotContain(CANARY).contains("v1");
    }

    /** A schema made at run time: secrets nested in messages, repeated messages and map values. */
    @Test
    void recursesThroughNestedMessagesListsAndMaps() throws Exception {
        DescriptorProtos.FieldOptions secret = DescriptorProtos.FieldOptions.newBuilder().setExtension(Csi.csiSecret, true).build();
        DescriptorProtos.DescriptorProto inner = DescriptorProtos.DescriptorProto.newBuilder().setName("Inner")
                .addField(field("token", 1, DescriptorProtos.FieldDescriptorProto.Type.TYPE_STRING).setOptions(secret))
                .addField(field("plain", 2, DescriptorProtos.FieldDescriptorProto.Type.TYPE_STRING)).build();
        DescriptorProtos.DescriptorProto entry = DescriptorProtos.DescriptorProto.newBuilder().setName("ByNameEntry")
                .setOptions(DescriptorProtos.MessageOptions.newBuilder().setMapEntry(true))
                .addField(field("key", 1, DescriptorProtos.FieldDescriptorProto.Type.TYPE_STRING))
                .addField(field("value", 2, DescriptorProtos.FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName(".t.Inner")).build();
        DescriptorProtos.DescriptorProto outer = DescriptorProtos.DescriptorProto.newBuilder().setName("Outer")
                .addNestedType(entry)
                .addField(field("inner", 1, DescriptorProtos.FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName(".t.Inner"))
                .addField(field("list", 2, DescriptorProtos.FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName(".t.Inner")
                        .setLabel(DescriptorProtos.FieldDescriptorProto.Label.LABEL_REPEATED))
                .addField(field("by_name", 3, DescriptorProtos.FieldDescriptorProto.Type.TYPE_MESSAGE)
                        .setTypeName(".t.Outer.ByNameEntry").setLabel(DescriptorProtos.FieldDescriptorProto.Label.LABEL_REPEATED))
                .build();
        DescriptorProtos.FileDescriptorProto file = DescriptorProtos.FileDescriptorProto.newBuilder().setName("t.proto")
                .setPackage("t").setSyntax("proto3").addDependency(Csi.getDescriptor().getName())
                .addMessageType(inner).addMessageType(outer).build();
        Descriptors.FileDescriptor fd = Descriptors.FileDescriptor.buildFrom(file, new Descriptors.FileDescriptor[]{Csi.getDescriptor()});
        Descriptors.Descriptor innerType = fd.findMessageTypeByName("Inner");
        Descriptors.Descriptor outerType = fd.findMessageTypeByName("Outer");
        Message in = DynamicMessage.newBuilder(innerType).setField(innerType.findFieldByName("token"), CANARY)
                .setField(innerType.findFieldByName("plain"), "visible").build();
        Descriptors.Descriptor entryType = outerType.findNestedTypeByName("ByNameEntry");
        Message e = DynamicMessage.newBuilder(entryType).setField(entryType.findFieldByName("key"), "k")
                .setField(entryType.findFieldByName("value"), in).build();
        Message out = DynamicMessage.newBuilder(outerType).setField(outerType.findFieldByName("inner"), in)
                .addRepeatedField(outerType.findFieldByName("list"), in).addRepeatedField(outerType.findFieldByName("by_name"), e)
                .build();
        String text = new Redactor().text(out);
        assertThat(text).doesNotContain(CANARY).contains("visible");
        assertThat(text.split("\\*\\*\\*", -1)).hasSize(4);
    }

    @Test
    void longListsAreShortenedInTraceText() {
        Csi.ListVolumesResponse.Builder b = Csi.ListVolumesResponse.newBuilder();
        for (int i = 0; i < 10; i++) b.addEntries(Csi.ListVolumesResponse.Entry.newBuilder().setVolume(Csi.Volume.newBuilder().setVolumeId("v" + i)));
        String text = redactor.text(b.build());
        assertThat(text).contains("\"v2\"").doesNotContain("\"v3\"").contains("7 more entries of entries not shown");
    }

    @Test
    void withoutSecretsOrLongListsTheTextIsStandardTextFormat() {
        Csi.ListVolumesResponse page = Csi.ListVolumesResponse.newBuilder().setNextToken("t2")
                .addEntries(Csi.ListVolumesResponse.Entry.newBuilder()
                        .setVolume(Csi.Volume.newBuilder().setVolumeId("v\"1").setCapacityBytes(1L << 30)
                                .putVolumeContext("pool", "gold").addAccessibleTopology(Csi.Topology.newBuilder().putSegments("zone", "a")))
                        .setStatus(Csi.ListVolumesResponse.VolumeStatus.newBuilder().addPublishedNodeIds("n1").addPublishedNodeIds("n2")
                                .setVolumeCondition(Csi.VolumeCondition.newBuilder().setAbnormal(true).setMessage("degraded"))))
                .build();
        assertThat(redactor.text(page)).isEqualTo(com.google.protobuf.TextFormat.printer().printToString(page));
    }

    @Test
    void secretRepeatedAndScalarValuesAreMaskedEntryByEntry() {
        Csi.NodeStageVolumeRequest req = Csi.NodeStageVolumeRequest.newBuilder().setVolumeId("v1")
                .putSecrets("a", CANARY).putSecrets("b", CANARY + "2").putPublishContext("lun", "3").build();
        String text = redactor.text(req);
        assertThat(text).doesNotContain(CANARY).contains("key: \"a\"").contains("key: \"b\"").contains("\"3\"");
        assertThat(text.split("\\*\\*\\*", -1)).hasSize(3);
    }

    private static DescriptorProtos.FieldDescriptorProto.Builder field(String name, int number,
                                                                       DescriptorProtos.FieldDescriptorProto.Type type) {
        return DescriptorProtos.FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
                .setLabel(DescriptorProtos.FieldDescriptorProto.Label.LABEL_OPTIONAL);
    }
}
