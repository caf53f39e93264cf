package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.Recheck;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.ExportReader;
import org.csiconsole.core.record.ImportResult;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.KubernetesExports;
import org.csiconsole.core.storage.RecordRecheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * {@code csi-console inventory list|import-pv|import-snapshot-contents|add-ids|recheck}: the console's own record of
 * one connection ({@link ConsoleBook}, keyed by {@code --endpoint}), the inventory of a driver that cannot list its
 * volumes. Imports keep only the objects of the connection's driver ({@code --driver}, else the driver's
 * GetPluginInfo name); every row says where it came from. {@code recheck} asks the driver about each row and
 * marks the ones it no longer knows, never dropping them. Exit codes are those of {@link ExitCodes}.
 */
@Command(name = "inventory", mixinStandardHelpOptions = true,
        description = {"The console's own record of a connection: the volumes and snapshots it created, imported or used, with the "
                + "names they were created under, their sources and where each row came from.",
                "It is the inventory of a driver that cannot list its volumes (no LIST_VOLUMES): `volumes`, `replication list` "
                        + "and the workbench show it."})
public final class InventoryCommand {
    private static final ObjectMapper JSON = StableJson.INDENTED;

    private final Function<String, String> env;
    private final ConsoleRecords records;
    private final ExportReader exports;
    private final Clock clock;

    @Spec
    CommandSpec spec;

    /** The process environment; the record of {@code records} (the console's, beside its audit log). */
    public InventoryCommand(Function<String, String> env, ConsoleRecords records) {
        this(env, records, new KubernetesExports(), Clock.systemUTC());
    }

    InventoryCommand(Function<String, String> env, ConsoleRecords records, ExportReader exports, Clock clock) {
        this.env = Objects.requireNonNull(env, "env");
        this.records = Objects.requireNonNull(records, "records");
        this.exports = Objects.requireNonNull(exports, "exports");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Which rows {@code list} shows. */
    enum Kind { volume, snapshot, all }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "The record's rows: id, name, size, source and origin (created, imported, pasted, used), and since when the "
                    + "driver no longer knows a row. Reads only the local record.")
    int list(@Mixin CsiEndpointOptions o,
             @Option(names = "--kind", defaultValue = "all", paramLabel = "KIND", description = "volume, snapshot or all (default ${DEFAULT-VALUE}).")
             Kind kind) throws Exception {
        ConsoleBook book = records.book(o.controller(env).text());
        List<RecordedItem> rows = new ArrayList<>();
        if (kind != Kind.snapshot) rows.addAll(book.items(RecordKind.VOLUME));
        if (kind != Kind.volume) rows.addAll(book.items(RecordKind.SNAPSHOT));
        PrintWriter out = spec.commandLine().getOut();
        if (o.output == OutputFormat.json) {
            List<Map<String, Object>> json = new ArrayList<>();
            for (RecordedItem r : rows) json.add(json(r));
            out.println(JSON.writeValueAsString(json));
        } else {
            Table t = new Table("KIND", "ID", "NAME", "SIZE", "SOURCE", "ORIGIN");
            for (RecordedItem r : rows) {
                t.row(r.kind().word(), r.id(), r.name(), r.capacityBytes() == 0 ? "unknown" : ByteSize.format(r.capacityBytes()),
                        source(r.source()), r.note(ZoneId.systemDefault()));
            }
            t.print(out);
            out.println(org.csiconsole.core.model.Words.count(rows.size(), "row") + " in the record of " + book.connection());
        }
        out.flush();
        return ExitCodes.OK;
    }

    @Command(name = "import-pv", mixinStandardHelpOptions = true,
            description = "Record the CSI PVs of the connection's driver from a `kubectl get pv -o json` export: volumeHandle, PV name, "
                    + "capacity, access modes, claim, storage class, volumeAttributes, secret references by name (never their content).")
    int importPv(@Mixin CsiEndpointOptions o, @Mixin DriverOption d,
                 @Parameters(paramLabel = "FILE", description = "The export (JSON).") Path file) throws Exception {
        return imported(o, d, driver -> exports.persistentVolumes(file, driver, clock.instant()));
    }

    @Command(name = "import-snapshot-contents", mixinStandardHelpOptions = true,
            description = "Record the snapshots of the connection's driver from a `kubectl get volumesnapshotcontents -o json` export: "
                    + "snapshotHandle, source volumeHandle, restoreSize, the VolumeSnapshot it is bound to.")
    int importSnapshotContents(@Mixin CsiEndpointOptions o, @Mixin DriverOption d,
                               @Parameters(paramLabel = "FILE", description = "The export (JSON).") Path file) throws Exception {
        return imported(o, d, driver -> exports.snapshotContents(file, driver, clock.instant()));
    }

    @Command(name = "add-ids", mixinStandardHelpOptions = true,
            description = "Record ids given by hand (pasted): each becomes a row of the record, origin \"pasted id\".")
    int addIds(@Mixin CsiEndpointOptions o,
               @Option(names = "--kind", defaultValue = "volume", paramLabel = "KIND", description = "volume or snapshot (default ${DEFAULT-VALUE}).")
               Kind kind,
               @Parameters(arity = "1..*", paramLabel = "ID", description = "volume_ids (or snapshot_ids), one per argument, each at most "
                       + ExportReader.ID_BYTES + " bytes; surrounding blanks are trimmed. An id over the limit is refused and none is recorded.")
               List<String> ids) throws Exception {
        if (kind == Kind.all) throw usage("Read --kind", "ids are of one kind", "Give --kind volume or --kind snapshot");
        RecordKind k = kind == Kind.snapshot ? RecordKind.SNAPSHOT : RecordKind.VOLUME;
        List<RecordedItem> rows = ExportReader.pasted(k, ids, clock.instant());
        ConsoleBook book = records.book(o.controller(env).text());
        rows.forEach(book::record);
        return done(o, Map.of("recorded", rows.size(), "kind", k.word()), "Recorded " + rows.size() + " " + k.word() + " id(s) in the record of "
                + book.connection() + ".");
    }

    @Command(name = "forget", mixinStandardHelpOptions = true,
            description = "Remove rows from the record, as the workbench's Forget (remove from record) does: for a row gone at the "
                    + "driver, or an id added by mistake. Nothing is sent to the driver; an id the record does not hold is refused "
                    + "and none is removed.")
    int forget(@Mixin CsiEndpointOptions o,
               @Option(names = "--kind", defaultValue = "volume", paramLabel = "KIND", description = "volume or snapshot (default ${DEFAULT-VALUE}).")
               Kind kind,
               @Parameters(arity = "1..*", paramLabel = "ID", description = "volume_ids (or snapshot_ids) of rows of the record, one per argument.")
               List<String> ids) throws Exception {
        if (kind == Kind.all) throw usage("Read --kind", "ids are of one kind", "Give --kind volume or --kind snapshot");
        RecordKind k = kind == Kind.snapshot ? RecordKind.SNAPSHOT : RecordKind.VOLUME;
        ConsoleBook book = records.book(o.controller(env).text());
        List<String> unknown = ids.stream().filter(id -> book.find(k, id).isEmpty()).toList();
        if (!unknown.isEmpty()) {
            throw usage("Forget " + String.join(", ", unknown), "the record of " + book.connection() + " holds no " + k.word() + " "
                    + String.join(", ", unknown) + "; nothing was removed", "Give ids that csi-console inventory list shows");
        }
        ids.forEach(id -> book.forget(k, id));
        return done(o, Map.of("forgotten", ids.size(), "kind", k.word()), "Removed " + ids.size() + " " + k.word() + " id(s) from the record of "
                + book.connection() + ".");
    }

    @Command(name = "recheck", mixinStandardHelpOptions = true,
            description = "Ask the driver about each row (ControllerGetVolume with GET_VOLUME, else GetVolumeReplicationInfo; ListSnapshots "
                    + "by snapshot_id) and mark the rows it no longer knows as gone since now; nothing is removed.")
    int recheck(@Mixin CsiEndpointOptions o, @Mixin SecretsFileOption secrets) throws Exception {
        CallTrace trace = new CallTrace();
        CsiClientOptions options = CsiClientOptions.defaults().withPolicy(o.policy()).withSecrets(secrets.connection(env));
        try (CsiClient csi = CsiClient.open(o.controller(env), o.node(), options, trace);
             AddonsClient addons = AddonsClient.open(o.addons(env), options, trace)) {
            ConsoleBook book = records.book(csi.endpoint().text());
            Recheck.Result r = RecordRecheck.all(book, csi, new CsiStorage(csi, false, addons).replication(),
                    secrets.read(env), clock).get();
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("known", r.known());
            json.put("gone", r.gone());
            json.put("unchecked", r.unchecked());
            StringBuilder text = new StringBuilder("Rechecked the record of " + book.connection() + ": " + r.summary() + ".");
            r.unchecked().forEach((id, why) -> text.append(System.lineSeparator()).append("  not checked ").append(id).append(": ").append(why));
            return done(o, json, text.toString());
        } catch (ExecutionException | CompletionException e) {
            CallFailure f = CallFailure.unwrap(e);
            throw f != null ? f : e;
        } finally {
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), trace.snapshot());
        }
    }

    /** {@code --driver}: whose objects an import keeps. */
    static final class DriverOption {
        @Option(names = "--driver", paramLabel = "NAME",
                description = "The CSI driver name the export's objects must name (spec.csi.driver, spec.driver). "
                        + "Default: the driver's own name (GetPluginInfo on --endpoint).")
        String driver;
    }

    private int imported(CsiEndpointOptions o, DriverOption d, Function<String, ImportResult> read) throws Exception {
        String driver = d.driver != null ? d.driver : pluginName(o);
        ImportResult r = read.apply(driver);
        ConsoleBook book = records.book(o.controller(env).text());
        r.items().forEach(book::record);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("file", r.file());
        json.put("driver", driver);
        json.put("recorded", r.items().size());
        json.put("otherDrivers", r.otherDrivers());
        json.put("notCsi", r.notCsi());
        return done(o, json, "Recorded " + r.summary(driver) + ".");
    }

    private String pluginName(CsiEndpointOptions o) throws Exception {
        try (CsiClient csi = CsiClient.open(o.controller(env), Optional.empty(), CsiClientOptions.defaults().withPolicy(o.policy()), new CallTrace(1))) {
            return csi.identity().pluginInfo().get().name();
        } catch (ExecutionException | CompletionException e) {
            CallFailure f = CallFailure.unwrap(e);
            throw f != null ? f : e;
        }
    }

    private int done(CsiEndpointOptions o, Map<String, Object> json, String sentence) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        out.println(o.output == OutputFormat.json ? JSON.writeValueAsString(json) : sentence);
        out.flush();
        return ExitCodes.OK;
    }

    private static Map<String, Object> json(RecordedItem r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", r.kind().word());
        m.put("id", r.id());
        m.put("name", r.name());
        m.put("capacityBytes", r.capacityBytes());
        m.put("source", source(r.source()));
        m.put("origin", r.origin().key());
        m.put("firstSeen", r.firstSeen().toString());
        m.put("goneSince", r.goneSince() == null ? null : r.goneSince().toString());
        m.put("checkedAt", r.checkedAt() == null ? null : r.checkedAt().toString());
        m.put("details", r.details());
        return m;
    }

    private static String source(VolumeSource s) {
        return s.kind() == VolumeSource.Kind.NONE ? "" : s.kind().name().toLowerCase(java.util.Locale.ROOT) + ":" + s.id();
    }

    private static CallFailure usage(String what, String why, String todo) {
        return CallFailure.refused(what, why, todo);
    }
}
