package org.csiconsole.views.capacity;

import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.Topology;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.resource.ViewContext;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * GetCapacity per topology segment and parameter set (CSI spec, "GetCapacity"): the connection's
 * overview, plus queries for a segment and parameters the person types. Rows of array pools that
 * report their total and used bytes ({@link Capacity#pool()}) answer "how full am I?" as a used
 * share with a threshold {@link Level}; GetCapacity rows report available space only and say so.
 */
public final class CapacityViewModel extends StorageViewModel<Capacity> {
    /** Used share, in whole percent, from which a pool reads as a warning. */
    public static final int WARNING_PERCENT = 80;
    /** Used share, in whole percent, from which a pool reads as a danger. */
    public static final int DANGER_PERCENT = 90;
    /** What a row without pool figures says: CSI GetCapacity has {@code available_capacity}, no total. */
    public static final String AVAILABLE_ONLY = "GetCapacity reports available space only";

    /** How full a row reads: below the warning threshold, at or above it, at or above the danger threshold. */
    public enum Level { NORMAL, WARNING, DANGER }

    private final ViewAction refresh;
    private final ViewAction query;

    public CapacityViewModel(ViewContext context) {
        super(context, c -> segment(c) + " " + parameters(c));
        refresh = refreshActionFor();
        query = action("Query capacity", Feature.CAPACITY, false, this::query);
        // Creating, expanding or deleting volumes and snapshots changes what is available.
        follows(ResourceKind.VOLUMES, ResourceKind.SNAPSHOTS);
    }

    @Override
    protected String noun() {
        return "capacity reports";
    }

    @Override
    protected Feature listFeature() {
        return Feature.CAPACITY;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<Capacity> sink) {
        return storage().capacity().thenApply(l -> {
            if (!l.items().isEmpty()) sink.accept(l.items());
            return l.missing();
        });
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction queryAction() { return query; }

    /** Asks for a segment and a parameter set, then adds GetCapacity's answer as a row. */
    public void query() {
        Form f = new Form("Query capacity", "GetCapacity for one topology segment and parameter set.", "Query");
        f.addText("topology", "Topology segment", "", TextInput.Kind.LINES, "key=value per line; empty for all segments.", Form::checkKeyValues);
        f.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "key=value per line, as for CreateVolume.", Form::checkKeyValues);
        if (!ask(f)) return;
        Map<String, String> seg = Form.parseKeyValues(f.text("topology").text().get());
        Map<String, String> params = Form.parseKeyValues(f.text("parameters").text().get());
        Topology topology = seg.isEmpty() ? null : new Topology(seg);
        context.actions().run("GetCapacity " + (topology == null ? "all segments" : topology.toString()),
                p -> storage().capacity(topology, params), c -> Texts.knownSize(c.availableCapacityBytes()) + " available.")
                .outcome().thenAccept(c -> upsert(c, x -> Objects.equals(x.topology(), c.topology()) && x.parameters().equals(c.parameters())));
    }

    /** The segment in words; {@code All segments} for none. */
    public static String segment(Capacity c) {
        return c.topology() == null || c.topology().segments().isEmpty() ? "All segments" : c.topology().toString();
    }

    /**
     * What a row is, short enough for a label: {@code Array site-a, pool pool-ssd} for a pool, else
     * the segment's values ({@code All segments} for none) and the parameters: {@code site-a · tier=gold},
     * {@code All segments · default parameters} (GetCapacity without parameters answers for the
     * driver's default class of storage, one pool, not for every pool).
     */
    public static String name(Capacity c) {
        if (c.pool() != null) return "Array " + c.pool().array() + ", pool " + c.pool().pool();
        String where = c.topology() == null || c.topology().segments().isEmpty() ? "All segments"
                : String.join(", ", new java.util.TreeMap<>(c.topology().segments()).values());
        return where + " \u00b7 " + (c.parameters().isEmpty() ? "default parameters" : parameters(c));
    }

    /**
     * Every pool row summed: what the total at the top of the view says.
     *
     * @param pools how many pool rows were summed
     * @param arrays on how many arrays
     * @param totalBytes their total size
     * @param usedBytes their used bytes
     */
    public record PoolTotal(int pools, long arrays, long totalBytes, long usedBytes) {
        /** {@code All pools of all arrays}: says what it sums (beside a GetCapacity row, which sums nothing). */
        public String name() {
            return arrays == 1 ? "All pools of the array" : "All pools of all arrays";
        }

        /** {@code 695 TiB free in the 3 pools of 2 arrays together; 205 TiB of 900 TiB used (23%)}. */
        public String text() {
            OptionalInt p = totalBytes <= 0 ? OptionalInt.empty() : OptionalInt.of((int) Math.round(100.0 * usedBytes / totalBytes));
            return Texts.knownSize(totalBytes - usedBytes) + " free in the " + pools + " pools of " + arrays + (arrays == 1 ? " array" : " arrays")
                    + " together; " + Texts.knownSize(usedBytes) + " of " + Texts.knownSize(totalBytes)
                    + " used" + (p.isPresent() ? " (" + p.getAsInt() + "%)" : "");
        }

        /** The used share from 0 to 1. */
        public double usedFraction() {
            return totalBytes <= 0 ? 0 : (double) usedBytes / totalBytes;
        }
    }

    /** Every pool row summed; empty when fewer than two rows have pool figures. */
    public static java.util.Optional<PoolTotal> allPools(List<Capacity> rows) {
        List<Capacity> pools = rows.stream().filter(c -> c.pool() != null).toList();
        if (pools.size() < 2) return java.util.Optional.empty();
        long total = 0, used = 0;
        for (Capacity c : pools) {
            total += c.pool().totalBytes();
            used += c.pool().usedBytes();
        }
        return java.util.Optional.of(new PoolTotal(pools.size(), pools.stream().map(c -> c.pool().array()).distinct().count(), total, used));
    }

    /**
     * The used share of a pool in whole percent (rounded half up, 0 to 100); empty for a row
     * without pool figures or a pool of 0 bytes.
     */
    public static OptionalInt usedPercent(Capacity c) {
        if (c.pool() == null || c.pool().totalBytes() <= 0) return OptionalInt.empty();
        return OptionalInt.of((int) Math.round(100.0 * c.pool().usedBytes() / c.pool().totalBytes()));
    }

    /** The used share from 0 to 1 for a bar; -1 (no bar) for a row without pool figures. */
    public static double usedFraction(Capacity c) {
        if (c.pool() == null) return -1;
        return c.pool().totalBytes() <= 0 ? 0 : (double) c.pool().usedBytes() / c.pool().totalBytes();
    }

    /**
     * The threshold a row has reached, judged on the percent the row shows ({@link #usedPercent}),
     * so text and colour agree: {@link Level#DANGER} from {@value #DANGER_PERCENT}%,
     * {@link Level#WARNING} from {@value #WARNING_PERCENT}%; {@link Level#NORMAL} otherwise and
     * for rows without pool figures.
     */
    public static Level level(Capacity c) {
        int p = usedPercent(c).orElse(0);
        return p >= DANGER_PERCENT ? Level.DANGER : p >= WARNING_PERCENT ? Level.WARNING : Level.NORMAL;
    }

    /**
     * How full a row is in words: {@code 612 GiB of 1 TiB used (60%)} for a pool; for a GetCapacity
     * row what its figure is for, since it is no sum of pools (csi.proto GetCapacityRequest: the capacity
     * for a volume of these parameters in this segment): {@code 820 GiB available to a new volume with
     * default parameters, any segment; GetCapacity reports available space only}.
     */
    public static String usageText(Capacity c) {
        if (c.pool() == null) {
            String what = c.parameters().isEmpty() ? "default parameters" : parameters(c);
            String where = c.topology() == null || c.topology().segments().isEmpty() ? ", any segment" : ", in this segment";
            return Texts.knownSize(c.availableCapacityBytes()) + " available to a new volume with " + what + where + "; " + AVAILABLE_ONLY;
        }
        String used = Texts.knownSize(c.pool().usedBytes()) + " of " + Texts.knownSize(c.pool().totalBytes()) + " used";
        OptionalInt p = usedPercent(c);
        return p.isPresent() ? used + " (" + p.getAsInt() + "%)" : used;
    }

    /** The parameter set in words; {@code Default} for none. */
    public static String parameters(Capacity c) {
        return c.parameters().isEmpty() ? "Default" : Texts.keyValues(c.parameters()).replace('\n', ',');
    }
}
