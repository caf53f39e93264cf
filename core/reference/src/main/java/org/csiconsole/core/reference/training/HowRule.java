package org.csiconsole.core.reference.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.csiconsole.core.reference.calls.ServedCall;

/**
 * A check on how a step was done, over the plugin's call log (docs/training-schema.md, "How rules"):
 * {@code forbid} (a matching call since the scenario started fails the step; the other rules read
 * the calls since the step became current),
 * {@code require} (the step cannot pass without a matching call) and {@code first}/{@code then}
 * (a {@code then} call before any {@code first} call fails the step).
 */
final class HowRule {
    enum Kind { FORBID, REQUIRE, ORDER }

    /** Which calls a rule means: the method, request fields, and objects by name. */
    record CallPattern(String method, Map<String, String> fields, Map<String, String> names, boolean anyOutcome) {
        boolean matches(ServedCall c, Facts f) {
            if (!c.method().equals(method)) return false;
            if (!anyOutcome && !c.ok()) return false;
            for (Map.Entry<String, String> e : fields.entrySet()) {
                String actual = c.fields().get(e.getKey());
                if (actual == null) {
                    // a boolean left at its default is not sent on the wire
                    if (!e.getValue().equalsIgnoreCase("false")) return false;
                } else if (!actual.equalsIgnoreCase(e.getValue())) {
                    return false;
                }
            }
            for (Map.Entry<String, String> e : names.entrySet()) {
                Optional<String> id = e.getKey().equals("node") ? Optional.of(e.getValue()) : f.idOf(e.getValue());
                if (id.isEmpty()) return false;
                String suffix = e.getKey().equals("node") ? "node_id" : "_id";
                boolean named = c.fields().entrySet().stream().anyMatch(fe -> fe.getKey().endsWith(suffix) && fe.getValue().equals(id.get()));
                if (!named) return false;
            }
            return true;
        }

        String describe() {
            List<String> parts = new ArrayList<>();
            fields.forEach((k, v) -> parts.add(k + "=" + v));
            names.forEach((k, v) -> parts.add(k + " " + v));
            String what = fields.getOrDefault("force", "false").equalsIgnoreCase("true") ? "a forced " + method : method;
            List<String> rest = new ArrayList<>(parts);
            rest.removeIf(p -> p.equals("force=true"));
            return what + (rest.isEmpty() ? "" : " (" + String.join(", ", rest) + ")");
        }
    }

    final Kind kind;
    final CallPattern pattern;
    final CallPattern then;
    final String explain;

    HowRule(Kind kind, CallPattern pattern, CallPattern then, String explain) {
        this.kind = kind;
        this.pattern = pattern;
        this.then = then;
        this.explain = explain;
    }

    /** True for a {@code forbid} rule, which judges every call since the scenario started. */
    boolean forbids() {
        return kind == Kind.FORBID;
    }

    /** The rule in words, e.g. "no forced PromoteVolume". */
    String describe() {
        return switch (kind) {
            case FORBID -> "no " + pattern.describe();
            case REQUIRE -> pattern.describe() + " was called";
            case ORDER -> pattern.describe() + " before " + then.describe();
        };
    }

    /** For FORBID and ORDER: the call that broke the rule, explained; empty when none did. */
    Optional<String> violation(List<ServedCall> calls, Facts f) {
        if (kind == Kind.FORBID) {
            return calls.stream().filter(c -> pattern.matches(c, f)).findFirst()
                    .map(c -> "The call log shows " + c.describe() + ". " + explain);
        }
        if (kind == Kind.ORDER) {
            for (ServedCall c : calls) {
                if (pattern.matches(c, f)) return Optional.empty();
                if (then.matches(c, f)) {
                    return Optional.of("The call log shows " + c.describe() + " before any " + pattern.describe() + ". " + explain);
                }
            }
        }
        return Optional.empty();
    }

    /** For REQUIRE: why the step cannot pass yet; empty when a matching call is in the log. */
    Optional<String> unmet(List<ServedCall> calls, Facts f) {
        if (kind != Kind.REQUIRE || calls.stream().anyMatch(c -> pattern.matches(c, f))) return Optional.empty();
        return Optional.of("The state is right, but the call log shows no " + pattern.describe() + ". " + explain);
    }

    static final List<String> KEYS = List.of("forbid", "require", "first", "then", "explain");
    private static final List<String> PATTERN_KEYS = List.of("call", "volume", "group", "node", "fields", "any_outcome");

    static HowRule read(Yaml.Value v) {
        Yaml.Fields f = v.fields(KEYS);
        String explain = f.string("explain", "why the rule matters, in a sentence the trainee reads when it fails");
        Kind kind;
        Optional<Yaml.Value> main;
        if (f.get("forbid").isPresent()) {
            kind = Kind.FORBID;
            main = f.get("forbid");
        } else if (f.get("require").isPresent()) {
            kind = Kind.REQUIRE;
            main = f.get("require");
        } else if (f.get("first").isPresent() && f.get("then").isPresent()) {
            kind = Kind.ORDER;
            main = f.get("first");
        } else {
            v.problem("a how rule has 'forbid', 'require', or 'first' with 'then'.");
            return null;
        }
        int given = (f.get("forbid").isPresent() ? 1 : 0) + (f.get("require").isPresent() ? 1 : 0) + (f.get("first").isPresent() ? 1 : 0);
        if (given > 1) {
            v.problem("a how rule has one of 'forbid', 'require' or 'first'/'then'; split it into several rules.");
            return null;
        }
        CallPattern p = pattern(main.get());
        CallPattern t = kind == Kind.ORDER ? pattern(f.get("then").get()) : null;
        if (p == null || (kind == Kind.ORDER && t == null) || explain == null) return null;
        return new HowRule(kind, p, t, explain);
    }

    private static CallPattern pattern(Yaml.Value v) {
        Yaml.Fields f = v.fields(PATTERN_KEYS);
        String call = f.string("call", "the RPC's method name, e.g. PromoteVolume");
        if (call != null && !call.matches("[A-Z][A-Za-z]+")) {
            f.get("call").ifPresent(c -> c.problem("'" + call + "' is not a method name; write it as in the protocol, e.g. PromoteVolume."));
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        f.stringMap("fields").forEach((k, val) -> fields.put(k, val.toLowerCase(Locale.ROOT).equals("yes") ? "true" : val));
        Map<String, String> names = new LinkedHashMap<>();
        for (String k : List.of("volume", "group", "node")) {
            f.get(k).map(Yaml.Value::text).ifPresent(n -> names.put(k, n));
        }
        boolean any = Boolean.TRUE.equals(f.bool("any_outcome"));
        return call == null ? null : new CallPattern(call, fields, names, any);
    }
}
