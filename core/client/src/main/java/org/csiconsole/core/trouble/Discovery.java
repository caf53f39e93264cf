package org.csiconsole.core.trouble;

import csi.v1.Csi;
import identity.IdentityGrpc;
import identity.IdentityProto;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigins;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.session.EndpointAddress;
import pluginregistration.PluginRegistration;
import pluginregistration.RegistrationGrpc;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;

/**
 * Finds the CSI drivers on a node, read-only: the kubelet plugin registration sockets
 * ({@code <root-dir>/plugins_registry}, asked {@code pluginregistration.Registration/GetInfo}), the
 * usual driver socket places ({@code <root-dir>/plugins/*}, {@code /csi}, {@code /run/csi}, paths
 * given) and the driver sockets the registrations point at. For each socket: owner, group, mode,
 * listening or stale, the holding process, and what answers there (GetPluginInfo's name and
 * vendor_version, else csi-addons GetIdentity); for a CSI socket, whether csi-addons answers on it
 * or at a {@code csi-addons.sock} beside it. Every call is read-only and traced.
 *
 * <p>As the kubelet does, each registration is followed to the endpoint its GetInfo names, also when
 * nothing is there: a missing or stale endpoint is the registration's problem, the endpoint's row
 * names its registration, and every socket that is not listening has its next step
 * ({@link SocketAdvice}). A stale {@code <driver>-reg.sock} is named after its file. Places that do
 * not exist are listed as absent.
 */
public final class Discovery {
    /** Most sockets asked at once. */
    static final int PARALLEL = 16;

    private Discovery() {
    }

    /**
     * The places discovery looks by default: {@code <root>/plugins_registry}, {@code <root>/plugins}
     * and each directory in it, {@code /csi}, {@code /run/csi}, then {@code extra} (directories are
     * searched one level deep for sockets; a file is taken as it is).
     */
    public static List<Path> defaultPlaces(Path root, List<Path> extra) {
        List<Path> out = new ArrayList<>();
        out.add(root.resolve("plugins_registry"));
        Path plugins = root.resolve("plugins");
        out.add(plugins);
        try (DirectoryStream<Path> d = Files.newDirectoryStream(plugins, Files::isDirectory)) {
            List<Path> sub = new ArrayList<>();
            d.forEach(sub::add);
            sub.sort(null);
            out.addAll(sub);
        } catch (IOException e) {
            // no plugins directory on this host
        }
        out.add(Path.of("/csi"));
        out.add(Path.of("/run/csi"));
        // a place given that is already looked at (a driver's folder under plugins/) is looked at once
        Set<Path> seen = new HashSet<>();
        for (Path p : out) seen.add(p.toAbsolutePath().normalize());
        for (Path p : extra) {
            if (seen.add(p.toAbsolutePath().normalize())) out.add(p);
        }
        return out;
    }

    /** Runs discovery on a thread of its own; see {@link #run}. Cancelling the future interrupts it. */
    public static CompletableFuture<DiscoveryReport> start(Path root, List<Path> places, ProbeOptions options, CallTrace trace,
                                                           Consumer<TroubleEvent> events) {
        CompletableFuture<DiscoveryReport> result = new CompletableFuture<>();
        // the discovery's calls are traced to the task that started it
        Thread t = CallOrigins.thread("csi-console discover", () -> {
            try {
                result.complete(run(root, places, options, trace, events));
            } catch (InterruptedException e) {
                result.cancel(false);
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        });
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) t.interrupt();
        });
        t.start();
        return result;
    }

    /**
     * Looks at every socket in {@code places} and at the sockets registrations point at.
     *
     * @param root the kubelet root directory, for the report and to tell registration sockets
     * @param places directories (searched one level deep) and socket files
     * @param options the deadline of each call, the user whose permissions are judged, procfs, channels
     * @param events a {@link TroubleEvent.SocketFound} per socket, as each is done
     * @throws InterruptedException when the thread is interrupted
     */
    public static DiscoveryReport run(Path root, List<Path> places, ProbeOptions options, CallTrace trace,
                                      Consumer<TroubleEvent> events) throws InterruptedException {
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        Consumer<TroubleEvent> ev = events == null ? e -> { } : events;
        Path registry = root.resolve("plugins_registry").normalize();
        ev.accept(new TroubleEvent.Stage("Looking for sockets in " + places.size() + " places"));
        Set<Path> sockets = new LinkedHashSet<>();
        for (Path p : places) collect(p.toAbsolutePath().normalize(), sockets);
        ProbeCalls calls = new ProbeCalls(trace, options);
        Map<Path, DiscoveredSocket> found = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(PARALLEL, sockets.size())), r -> {
            Thread th = new Thread(r, "csi-console discover socket");
            th.setDaemon(true);
            return th;
        });
        // each socket is asked with the origin of this run (the task that started it, in the call trace)
        java.util.concurrent.Executor asking = CallOrigins.carrying(pool);
        try {
            Set<Path> todo = new LinkedHashSet<>(sockets);
            Set<Path> done = new HashSet<>();
            while (!todo.isEmpty()) {
                Map<String, Set<Long>> inodes = options.proc().listeningInodes();
                Set<Long> wanted = new HashSet<>();
                for (Path p : todo) wanted.addAll(inodes.getOrDefault(p.toString(), Set.of()));
                Map<Long, List<SocketHolder>> holders = options.proc().holders(wanted);
                Map<Path, Future<DiscoveredSocket>> futures = new LinkedHashMap<>();
                for (Path p : todo) {
                    List<SocketHolder> h = inodes.getOrDefault(p.toString(), Set.of()).stream()
                            .flatMap(i -> holders.getOrDefault(i, List.of()).stream()).distinct().toList();
                    boolean registration = registry.equals(p.getParent());
                    FutureTask<DiscoveredSocket> f = new FutureTask<>(() -> look(p, registration, h, calls, options));
                    asking.execute(f);
                    futures.put(p, f);
                }
                done.addAll(todo);
                todo = new LinkedHashSet<>();
                for (Map.Entry<Path, Future<DiscoveredSocket>> e : futures.entrySet()) {
                    DiscoveredSocket s = await(e.getValue());
                    found.put(e.getKey(), s);
                    ev.accept(new TroubleEvent.SocketFound(s));
                    Path target = endpointOf(s);
                    if (target != null && !done.contains(target)) todo.add(target);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        List<DiscoveredSocket> all = new ArrayList<>(addonsBeside(conflicts(linkRegistrations(found))));
        all.sort(Comparator.comparing((DiscoveredSocket s) -> s.role() != SocketRole.REGISTRATION).thenComparing(DiscoveredSocket::path));
        List<String> absent = places.stream().filter(p -> !Files.exists(p, LinkOption.NOFOLLOW_LINKS)).map(Path::toString).toList();
        return new DiscoveryReport(root.toString(), places.stream().map(Path::toString).toList(), started,
                Duration.ofNanos(System.nanoTime() - t0), all, absent);
    }

    /** The socket path a registration names as its endpoint ({@code /path} or {@code unix:///path}); null for none or another form. */
    private static Path endpointOf(DiscoveredSocket s) {
        if (s.registration() == null) return null;
        return s.registration().address().filter(a -> a instanceof EndpointAddress.UnixSocket)
                .map(a -> ((EndpointAddress.UnixSocket) a).path()).orElse(null);
    }

    /**
     * Follows each registration to its endpoint, as the kubelet does: the endpoint's row names the
     * registration (and its driver, when nothing answered there); a missing, stale or wrong
     * endpoint is the registration's problem, with its next step, and both rows fail.
     */
    private static Map<Path, DiscoveredSocket> linkRegistrations(Map<Path, DiscoveredSocket> found) {
        Map<Path, DiscoveredSocket> out = new LinkedHashMap<>(found);
        for (Map.Entry<Path, DiscoveredSocket> e : found.entrySet()) {
            DiscoveredSocket reg = e.getValue();
            Path target = endpointOf(reg);
            DiscoveredSocket end = target == null ? null : out.get(target);
            if (end == null || target.equals(e.getKey())) continue;
            String driver = reg.registration().name();
            String problem = SocketAdvice.endpointProblem(driver, reg.registration().endpoint(), end);
            boolean broken = !problem.isEmpty();
            out.put(target, with(end, end.pluginName().isEmpty() ? driver : end.pluginName(), end.problem(), e.getKey().toString(),
                    broken && end.state() != SocketState.DENIED ? CheckStatus.FAIL : end.status(),
                    end.state() == SocketState.LISTENING ? end.nextStep() : SocketAdvice.nextStep(target, false, end.state(), driver)));
            if (broken) {
                out.put(e.getKey(), with(reg, reg.pluginName(), join(reg.problem(), problem), reg.registeredBy(),
                        end.state() == SocketState.DENIED ? CheckStatus.WARN : CheckStatus.FAIL,
                        SocketAdvice.endpointNextStep(driver, e.getKey(), end)));
            }
        }
        return out;
    }

    /**
     * Registrations that name one driver at once, as the kubelet would take them: it keeps one
     * registration per driver name. Its plugin watcher registers the sockets of plugins_registry in
     * the order of their paths when it starts, and a later registration of a registered name only
     * when it supports a higher version (kubelet {@code csi_plugin.go}, ValidatePlugin); the others
     * are refused, and their registrar restarts. The one kept warns, naming the others; each refused
     * one fails, naming the one kept; both with their next step ({@link SocketAdvice#conflictProblem}).
     */
    private static Map<Path, DiscoveredSocket> conflicts(Map<Path, DiscoveredSocket> found) {
        Map<String, List<Path>> byName = new java.util.TreeMap<>();
        found.entrySet().stream().filter(e -> e.getValue().registration() != null && !e.getValue().registration().name().isEmpty())
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> byName.computeIfAbsent(e.getValue().registration().name(), k -> new ArrayList<>()).add(e.getKey()));
        Map<Path, DiscoveredSocket> out = new LinkedHashMap<>(found);
        for (Map.Entry<String, List<Path>> e : byName.entrySet()) {
            List<Path> regs = e.getValue();
            if (regs.size() < 2) continue;
            Path kept = regs.get(0);
            for (Path p : regs) {
                if (SocketAdvice.versionOrder(highest(found.get(p))) > SocketAdvice.versionOrder(highest(found.get(kept)))) kept = p;
            }
            for (Path p : regs) {
                DiscoveredSocket s = found.get(p);
                List<String> others = regs.stream().filter(o -> !o.equals(p)).map(Path::toString).toList();
                boolean used = p.equals(kept);
                String problem = SocketAdvice.conflictProblem(e.getKey(), used, kept.toString(), others);
                String next = SocketAdvice.conflictNextStep(e.getKey(), used, p, others);
                CheckStatus status = used ? (s.status() == CheckStatus.FAIL ? CheckStatus.FAIL : CheckStatus.WARN) : CheckStatus.FAIL;
                out.put(p, with(s, s.pluginName(), join(s.problem(), problem), s.registeredBy(), status, join(s.nextStep(), next)));
            }
        }
        return out;
    }

    private static String highest(DiscoveredSocket s) {
        return s.registration().supportedVersions().stream().max(java.util.Comparator.comparingLong(SocketAdvice::versionOrder)).orElse("");
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : a + "; " + b;
    }

    private static DiscoveredSocket with(DiscoveredSocket s, String pluginName, String problem, String registeredBy, CheckStatus status,
                                         String nextStep) {
        return new DiscoveredSocket(s.path(), s.role(), s.state(), s.owner(), s.group(), s.mode(), s.holders(), s.registration(),
                pluginName, s.pluginVersion(), s.addons(), problem, registeredBy, status, nextStep);
    }

    private static <T> T await(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("discovery of one socket failed", e.getCause());
        }
    }

    /**
     * The sockets in a directory (one level; a symbolic link to a directory is followed, as a driver's
     * folder under {@code plugins/} may be one), with the files named like a socket ({@code *.sock})
     * that are not one, as they are in a driver's way; or the path itself when it is not a directory.
     */
    private static void collect(Path place, Set<Path> into) {
        if (Files.isDirectory(place)) {
            try (DirectoryStream<Path> d = Files.newDirectoryStream(place)) {
                List<Path> entries = new ArrayList<>();
                for (Path p : d) {
                    if (isSocket(p) || namedLikeASocket(p)) entries.add(p.normalize());
                }
                entries.sort(null);
                into.addAll(entries);
            } catch (IOException e) {
                // unreadable: nothing found there
            }
        } else if (Files.exists(place, LinkOption.NOFOLLOW_LINKS)) {
            into.add(place);
        }
    }

    /** A file that is not a directory, named like a socket ({@code csi.sock}, {@code <driver>-reg.sock}). */
    private static boolean namedLikeASocket(Path p) {
        return p.getFileName().toString().endsWith(".sock") && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
    }

    private static boolean isSocket(Path p) {
        try {
            return ((Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000) == 0140000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /** Inspects one socket and asks what serves it. */
    private static DiscoveredSocket look(Path p, boolean registration, List<SocketHolder> holders, ProbeCalls calls,
                                         ProbeOptions options) throws InterruptedException {
        SocketInspection s = SocketInspection.of(p, options.user());
        // node-driver-registrar names its socket after the driver: the name is known even when nothing answers
        String named = registration ? SocketAdvice.driverOfRegistration(p) : "";
        if (s.state() != SocketState.LISTENING) {
            CheckStatus status = registration && s.state() != SocketState.DENIED ? CheckStatus.FAIL : CheckStatus.WARN;
            return new DiscoveredSocket(p.toString(), registration ? SocketRole.REGISTRATION : SocketRole.UNKNOWN, s.state(),
                    s.owner(), s.group(), s.mode(), holders, null, named, "", "", s.problem(), "", status,
                    SocketAdvice.nextStep(p, registration, s.state(), named));
        }
        Connection c;
        try {
            c = options.channels().openLater(new Endpoint.Unix(p));
        } catch (CallFailure f) {
            return new DiscoveredSocket(p.toString(), SocketRole.UNKNOWN, s.state(), s.owner(), s.group(), s.mode(), holders,
                    null, named, "", "", f.getMessage(), "", CheckStatus.WARN, f.whatToDo());
        }
        try {
            List<String> problems = new ArrayList<>();
            if (registration) {
                DiscoveredSocket r = asRegistration(p, s, holders, c, calls, problems);
                if (r != null) return r;
            }
            try {
                Csi.GetPluginInfoResponse info = calls.call(c, csi.v1.IdentityGrpc.getGetPluginInfoMethod(),
                        Csi.GetPluginInfoRequest.getDefaultInstance(), CallKind.PROBE);
                String addons = addonsOn(c, calls) ? "on this socket" : "no";
                return new DiscoveredSocket(p.toString(), SocketRole.CSI, s.state(), s.owner(), s.group(), s.mode(), holders, null,
                        info.getName(), info.getVendorVersion(), addons, "", "", CheckStatus.PASS, "");
            } catch (CallFailure f) {
                problems.add("GetPluginInfo: " + f.kind());
                if (f.kind() != FailureKind.UNSUPPORTED) return unknown(p, s, holders, problems, named);
            }
            try {
                IdentityProto.GetIdentityResponse id = calls.call(c, IdentityGrpc.getGetIdentityMethod(),
                        IdentityProto.GetIdentityRequest.getDefaultInstance(), CallKind.PROBE);
                return new DiscoveredSocket(p.toString(), SocketRole.CSI_ADDONS, s.state(), s.owner(), s.group(), s.mode(), holders,
                        null, id.getName(), id.getVendorVersion(), "", "", "", CheckStatus.PASS, "");
            } catch (CallFailure f) {
                problems.add("csi-addons GetIdentity: " + f.kind());
            }
            if (!registration) {
                DiscoveredSocket r = asRegistration(p, s, holders, c, calls, problems);
                if (r != null) return r;
            }
            return unknown(p, s, holders, problems, named);
        } finally {
            c.close();
        }
    }

    private static DiscoveredSocket asRegistration(Path p, SocketInspection s, List<SocketHolder> holders, Connection c,
                                                   ProbeCalls calls, List<String> problems) throws InterruptedException {
        try {
            PluginRegistration.PluginInfo info = calls.call(c, RegistrationGrpc.getGetInfoMethod(),
                    PluginRegistration.InfoRequest.getDefaultInstance(), CallKind.PROBE);
            RegistrationInfo reg = new RegistrationInfo(info.getType(), info.getName(), info.getEndpoint(), info.getSupportedVersionsList());
            return new DiscoveredSocket(p.toString(), SocketRole.REGISTRATION, s.state(), s.owner(), s.group(), s.mode(), holders,
                    reg, info.getName(), "", "", "", "", CheckStatus.PASS, "");
        } catch (CallFailure f) {
            problems.add("GetInfo: " + f.kind());
            return null;
        }
    }

    private static DiscoveredSocket unknown(Path p, SocketInspection s, List<SocketHolder> holders, List<String> problems, String named) {
        return new DiscoveredSocket(p.toString(), SocketRole.UNKNOWN, s.state(), s.owner(), s.group(), s.mode(), holders, null,
                named, "", "", "listens, but answers neither CSI, csi-addons nor plugin registration (" + String.join(", ", problems) + ")",
                "", CheckStatus.WARN, "");
    }

    private static boolean addonsOn(Connection c, ProbeCalls calls) throws InterruptedException {
        try {
            calls.call(c, IdentityGrpc.getGetIdentityMethod(), IdentityProto.GetIdentityRequest.getDefaultInstance(), CallKind.PROBE);
            return true;
        } catch (CallFailure f) {
            return false;
        }
    }

    /** A CSI socket without csi-addons of its own, with a csi-addons socket in its directory, says where csi-addons answers. */
    private static List<DiscoveredSocket> addonsBeside(Map<Path, DiscoveredSocket> found) {
        List<DiscoveredSocket> out = new ArrayList<>();
        for (Map.Entry<Path, DiscoveredSocket> e : found.entrySet()) {
            DiscoveredSocket s = e.getValue();
            if (s.role() == SocketRole.CSI && s.addons().equals("no")) {
                Path dir = e.getKey().getParent();
                String beside = found.entrySet().stream()
                        .filter(o -> o.getValue().role() == SocketRole.CSI_ADDONS && o.getKey().getParent().equals(dir))
                        .map(o -> o.getKey().toString()).findFirst().orElse(null);
                if (beside != null) {
                    s = new DiscoveredSocket(s.path(), s.role(), s.state(), s.owner(), s.group(), s.mode(), s.holders(), null,
                            s.pluginName(), s.pluginVersion(), "at " + beside, s.problem(), s.registeredBy(), s.status(), s.nextStep());
                }
            }
            out.add(s);
        }
        return out;
    }
}
