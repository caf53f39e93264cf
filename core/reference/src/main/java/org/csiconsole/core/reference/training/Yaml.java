package org.csiconsole.core.reference.training;

import java.io.Reader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.csiconsole.core.training.ScenarioProblem;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A YAML document read with SnakeYAML's node API, so every value keeps its line: the typed readers
 * below record a {@link ScenarioProblem} (file, line, field path, message) for each value that is
 * missing, of the wrong kind or unknown, and go on, so one pass reports every problem of a file.
 */
final class Yaml {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(Ki|Mi|Gi|Ti|K|M|G|T|B)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    /** Collects the problems of one file. */
    static final class Problems {
        final String file;
        final List<ScenarioProblem> list = new ArrayList<>();

        Problems(String file) {
            this.file = file;
        }

        void add(int line, String field, String message) {
            list.add(new ScenarioProblem(file, line, field, message));
        }

        void add(Value at, String message) {
            add(at.line(), at.path, message);
        }
    }

    private Yaml() {
    }

    /** Parses {@code text}; a syntax error is recorded (with its line) and yields empty. */
    static Optional<Value> parse(Reader text, Problems problems) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowRecursiveKeys(false);
        options.setMaxAliasesForCollections(20);
        try {
            Node root = new org.yaml.snakeyaml.Yaml(options).compose(text);
            if (root == null) {
                problems.add(1, "", "the file is empty; a scenario starts with 'schema: csi-console/training/v1'.");
                return Optional.empty();
            }
            return Optional.of(new Value(root, "", problems));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 0;
            problems.add(line, "", "this is not valid YAML (" + e.getProblem() + "); check the brackets, quotes and indentation "
                    + "of this line and the one before.");
            return Optional.empty();
        } catch (YAMLException e) {
            problems.add(0, "", "this is not valid YAML: " + e.getMessage() + ".");
            return Optional.empty();
        }
    }

    /** One node and its path from the document's root, e.g. {@code steps[1].check}. */
    static final class Value {
        final Node node;
        final String path;
        final Problems problems;

        Value(Node node, String path, Problems problems) {
            this.node = node;
            this.path = path;
            this.problems = problems;
        }

        int line() {
            return node.getStartMark().getLine() + 1;
        }

        boolean isMap() {
            return node instanceof MappingNode;
        }

        boolean isList() {
            return node instanceof SequenceNode;
        }

        boolean isScalar() {
            return node instanceof ScalarNode;
        }

        void problem(String message) {
            problems.add(this, message);
        }

        /** The scalar's text; records a problem and yields null for a list or mapping. */
        String text() {
            if (node instanceof ScalarNode s) return s.getValue();
            problem("expected a single value, found " + kind() + ".");
            return null;
        }

        String kind() {
            return isMap() ? "a mapping (key: value lines)" : isList() ? "a list" : "a value";
        }

        /** The items of a list; a single value counts as a list of one. */
        List<Value> items() {
            List<Value> out = new ArrayList<>();
            if (node instanceof SequenceNode s) {
                for (int i = 0; i < s.getValue().size(); i++) {
                    out.add(new Value(s.getValue().get(i), path + "[" + i + "]", problems));
                }
            } else if (node instanceof ScalarNode) {
                out.add(this);
            } else {
                problem("expected a list, found " + kind() + ".");
            }
            return out;
        }

        /** The list's items as texts. */
        List<String> texts() {
            List<String> out = new ArrayList<>();
            for (Value v : items()) {
                String t = v.text();
                if (t != null) out.add(t);
            }
            return out;
        }

        /** The value of {@code key} in this mapping, unchecked; empty when this is no mapping or has no such key. */
        Optional<Value> entry(String key) {
            if (!(node instanceof MappingNode m)) return Optional.empty();
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode s && s.getValue().equals(key)) {
                    return Optional.of(new Value(t.getValueNode(), path.isEmpty() ? key : path + "." + key, problems));
                }
            }
            return Optional.empty();
        }

        /** The mapping, checked against {@code known} keys; records a problem and yields an empty one otherwise. */
        Fields fields(Collection<String> known) {
            Map<String, Value> entries = new LinkedHashMap<>();
            if (!(node instanceof MappingNode m)) {
                problem("expected a mapping (key: value lines), found " + kind() + ".");
                return new Fields(this, entries);
            }
            for (NodeTuple t : m.getValue()) {
                Node k = t.getKeyNode();
                String key = k instanceof ScalarNode s ? s.getValue() : null;
                String childPath = path.isEmpty() ? key : path + "." + key;
                if (key == null) {
                    problems.add(k.getStartMark().getLine() + 1, path, "a key must be a plain name.");
                } else if (entries.containsKey(key)) {
                    problems.add(k.getStartMark().getLine() + 1, childPath, "'" + key + "' is given twice; keep one.");
                } else if (!known.contains(key)) {
                    problems.add(k.getStartMark().getLine() + 1, childPath, "unknown field '" + key + "'; "
                            + (path.isEmpty() ? "a scenario" : "here") + " knows " + String.join(", ", new TreeSet<>(known)) + ".");
                    entries.put(key, null);
                } else {
                    entries.put(key, new Value(t.getValueNode(), childPath, problems));
                }
            }
            entries.values().removeIf(java.util.Objects::isNull);
            return new Fields(this, entries);
        }
    }

    /** The entries of one mapping, read by type. */
    static final class Fields {
        final Value owner;
        private final Map<String, Value> entries;

        Fields(Value owner, Map<String, Value> entries) {
            this.owner = owner;
            this.entries = entries;
        }

        Set<String> keys() {
            return entries.keySet();
        }

        Optional<Value> get(String key) {
            return Optional.ofNullable(entries.get(key));
        }

        /** The value of a required key; records "'key' is missing" naming the mapping's line when absent. */
        Optional<Value> require(String key, String what) {
            Value v = entries.get(key);
            if (v == null) {
                String p = owner.path.isEmpty() ? key : owner.path + "." + key;
                owner.problems.add(owner.line(), p, "'" + key + "' is missing: " + what + ".");
            }
            return Optional.ofNullable(v);
        }

        String string(String key, String what) {
            return require(key, what).map(Value::text).orElse(null);
        }

        String string(String key, String what, String fallback) {
            return get(key).map(Value::text).orElse(fallback);
        }

        List<String> strings(String key) {
            return get(key).map(Value::texts).orElse(List.of());
        }

        Boolean bool(String key) {
            return get(key).map(Yaml::bool).orElse(null);
        }

        Integer integer(String key, int min, int max) {
            return get(key).map(v -> Yaml.integer(v, min, max)).orElse(null);
        }

        Long size(String key) {
            return get(key).map(Yaml::size).orElse(null);
        }

        Duration duration(String key) {
            return get(key).map(Yaml::duration).orElse(null);
        }

        Map<String, String> stringMap(String key) {
            Optional<Value> v = get(key);
            if (v.isEmpty()) return Map.of();
            Map<String, String> out = new LinkedHashMap<>();
            if (!(v.get().node instanceof MappingNode m)) {
                v.get().problem("expected a mapping of names to values, found " + v.get().kind() + ".");
                return out;
            }
            for (NodeTuple t : m.getValue()) {
                Value k = new Value(t.getKeyNode(), v.get().path, v.get().problems);
                Value val = new Value(t.getValueNode(), v.get().path, v.get().problems);
                String ks = k.text();
                String vs = val.text();
                if (ks != null && vs != null) out.put(ks, vs);
            }
            return out;
        }
    }

    static Boolean bool(Value v) {
        String t = v.text();
        if (t == null) return null;
        return switch (t.toLowerCase(Locale.ROOT)) {
            case "true", "yes" -> Boolean.TRUE;
            case "false", "no" -> Boolean.FALSE;
            default -> {
                v.problem("expected true or false, found '" + t + "'.");
                yield null;
            }
        };
    }

    static Integer integer(Value v, int min, int max) {
        String t = v.text();
        if (t == null) return null;
        try {
            int n = Integer.parseInt(t.trim());
            if (n < min || n > max) {
                v.problem("must be between " + min + " and " + max + ", was " + n + ".");
                return null;
            }
            return n;
        } catch (NumberFormatException e) {
            v.problem("expected a whole number, found '" + t + "'.");
            return null;
        }
    }

    /** A size such as {@code 20Gi}, {@code 512Mi}, {@code 1Ti} or a byte count. */
    static Long size(Value v) {
        String t = v.text();
        if (t == null) return null;
        Matcher m = SIZE.matcher(t.trim());
        if (!m.matches()) {
            v.problem("expected a size such as 20Gi, 512Mi or 1Ti, found '" + t + "'.");
            return null;
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        int shift = switch (unit.charAt(0)) {
            case 'K' -> 10;
            case 'M' -> 20;
            case 'G' -> 30;
            case 'T' -> 40;
            default -> 0;
        };
        return n << shift;
    }

    /** A duration such as {@code 90s}, {@code 5m}, {@code 1h} or {@code 250ms}. */
    static Duration duration(Value v) {
        String t = v.text();
        if (t == null) return null;
        Matcher m = DURATION.matcher(t.trim());
        if (!m.matches()) {
            v.problem("expected a duration such as 90s, 5m, 1h or 250ms, found '" + t + "'.");
            return null;
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }
}
