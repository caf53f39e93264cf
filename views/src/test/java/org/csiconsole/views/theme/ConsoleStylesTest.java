package org.csiconsole.views.theme;

import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.notify.Severity;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The console's style classes live in one place, {@link ConsoleStyles}, and the stylesheets use the same names. */
class ConsoleStylesTest {
    private static final Path SHEETS = Path.of("src/main/resources/org/csiconsole/views");
    private static final Pattern SELECTOR = Pattern.compile("\\.(cc-[a-z0-9-]+)");
    private static final Pattern LITERAL = Pattern.compile("\"cc-[a-z0-9-]*\"?");

    private static Set<String> constants() throws IllegalAccessException {
        Set<String> out = new TreeSet<>();
        for (Field f : ConsoleStyles.class.getDeclaredFields()) {
            if (Modifier.isPublic(f.getModifiers()) && f.getType() == String.class) out.add((String) f.get(null));
        }
        Arrays.stream(ConnectionState.values()).map(ConsoleStyles::connectionState).forEach(out::add);
        Arrays.stream(Severity.values()).map(ConsoleStyles::severity).forEach(out::add);
        return out;
    }

    @Test
    void everyClassTheStylesheetsStyleIsAConsoleStylesConstant() throws Exception {
        Set<String> styled = new TreeSet<>();
        for (String sheet : List.of("console.css", "tokens.css")) {
            Matcher m = SELECTOR.matcher(Files.readString(SHEETS.resolve(sheet)));
            while (m.find()) styled.add(m.group(1));
        }
        assertThat(styled).as("classes found in the stylesheets").contains("cc-muted", "cc-workbench", "cc-state-connected");
        assertThat(constants()).containsAll(styled);
    }

    @Test
    void viewCodeNamesItsStyleClassesThroughConsoleStylesOnly() throws IOException {
        List<String> literals = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("src/main/java"))) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                String path = f.toString().replace('\\', '/');
                if (path.endsWith("theme/ConsoleStyles.java")) continue;
                Matcher m = LITERAL.matcher(Files.readString(f));
                while (m.find()) literals.add(path + ": " + m.group());
            }
        }
        assertThat(literals).as("style class literals outside ConsoleStyles").isEmpty();
    }

    @Test
    void connectionStatesAndSeveritiesGetOneClassEach() {
        assertThat(ConsoleStyles.connectionState(ConnectionState.RECONNECTING)).isEqualTo("cc-state-reconnecting");
        assertThat(ConsoleStyles.isConnectionState("cc-state-connected")).isTrue();
        assertThat(ConsoleStyles.isConnectionState(ConsoleStyles.STATE_DOT)).as("the dot itself").isFalse();
        assertThat(ConsoleStyles.severity(Severity.WARNING)).isEqualTo("cc-severity-warning");
    }
}
