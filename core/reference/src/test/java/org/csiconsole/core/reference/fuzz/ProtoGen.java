package org.csiconsole.core.reference.fuzz;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.util.List;
import java.util.Random;

/**
 * Builds a random message of any generated type from its descriptor: valid wire, hostile values.
 * Strings come from {@link Hostile} (known ids from the pool about half of the time, so calls reach
 * real objects), numbers at the edges, open enums sometimes with numbers the schema does not know,
 * repeated and map fields sometimes with thousands of entries, nested messages to a bounded depth,
 * and now and then an unknown field.
 */
final class ProtoGen {
    private static final int MAX_DEPTH = 6;
    private final Random random;
    private final List<String> pool;
    private final boolean tame;

    /** Half of the generators are tame: known ids, plain names, sizes in GiB, known enums, most fields set. */
    ProtoGen(Random random, List<String> pool) {
        this.random = random;
        this.pool = pool;
        this.tame = random.nextBoolean();
    }

    /** A message of the same type as {@code prototype}. */
    @SuppressWarnings("unchecked")
    <T extends Message> T message(T prototype) {
        return (T) fill(prototype.newBuilderForType(), 0).build();
    }

    private Message.Builder fill(Message.Builder b, int depth) {
        Descriptor d = b.getDescriptorForType();
        double p = tame ? 0.97 : depth == 0 ? 0.75 : 0.5;
        for (FieldDescriptor f : d.getFields()) {
            if (random.nextDouble() > p) continue;
            if (f.isRepeated()) {
                int n = tame ? 1 + random.nextInt(2) : depth > 2 ? random.nextInt(3) : Hostile.size(random);
                for (int i = 0; i < n; i++) {
                    Object v = value(b, f, depth);
                    if (v != null) b.addRepeatedField(f, v);
                }
            } else {
                Object v = value(b, f, depth);
                if (v != null) b.setField(f, v);
            }
        }
        if (!tame && random.nextInt(20) == 0) {
            b.setUnknownFields(UnknownFieldSet.newBuilder()
                    .addField(9000 + random.nextInt(100), UnknownFieldSet.Field.newBuilder()
                            .addVarint(random.nextLong()).addLengthDelimited(ByteString.copyFromUtf8("x")).build())
                    .build());
        }
        return b;
    }

    private Object value(Message.Builder parent, FieldDescriptor f, int depth) {
        if (tame) {
            switch (f.getJavaType()) {
                case STRING:
                    return !pool.isEmpty() && random.nextInt(3) > 0 ? pool.get(random.nextInt(pool.size()))
                            : "fuzz-" + random.nextInt(50);
                case LONG:
                    return (1L + random.nextInt(20)) << 30;
                case INT:
                    return random.nextInt(100);
                case ENUM:
                    var values = f.getEnumType().getValues();
                    return values.get(values.size() == 1 ? 0 : 1 + random.nextInt(values.size() - 1));
                default:
                    break;
            }
        }
        return switch (f.getJavaType()) {
            case STRING -> Hostile.string(random, pool);
            case LONG -> Hostile.number(random);
            case INT -> (int) Hostile.number(random);
            case BOOLEAN -> random.nextBoolean();
            case DOUBLE -> doubles();
            case FLOAT -> (float) doubles();
            case BYTE_STRING -> bytes();
            case ENUM -> enumValue(f);
            case MESSAGE -> depth >= MAX_DEPTH ? null : fill(parent.newBuilderForField(f), depth + 1).build();
        };
    }

    private double doubles() {
        double[] edges = {0, -0.0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE,
                Double.MIN_VALUE};
        return random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextGaussian() * 1e12;
    }

    private ByteString bytes() {
        int n = random.nextInt(10) == 0 ? 100_000 : random.nextInt(64);
        byte[] out = new byte[n];
        random.nextBytes(out);
        return ByteString.copyFrom(out);
    }

    private EnumValueDescriptor enumValue(FieldDescriptor f) {
        var type = f.getEnumType();
        if (!type.isClosed() && random.nextInt(5) == 0) {
            int unknown = random.nextBoolean() ? -1 - random.nextInt(1000) : 1000 + random.nextInt(1_000_000);
            return type.findValueByNumberCreatingIfUnknown(unknown);
        }
        var values = type.getValues();
        return values.get(random.nextInt(values.size()));
    }
}
