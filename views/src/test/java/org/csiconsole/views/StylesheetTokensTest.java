package org.csiconsole.views;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Views colour through the semantic tokens only: no colour literal in any view stylesheet or source. */
class StylesheetTokensTest {
    private static final Pattern LITERAL = Pattern.compile("#[0-9a-fA-F]{3,8}\\b|rgba?\\(|hsba?\\(");

    @Test
    void noColourLiteralsInViewCssOrCode() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Stream.concat(Files.walk(Path.of("src/main/resources")), Files.walk(Path.of("src/main/java")))) {
            files = s.filter(p -> p.toString().endsWith(".css") || p.toString().endsWith(".java")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            String text = Files.readString(f);
            assertThat(LITERAL.matcher(text).find()).as("colour literal in %s", f).isFalse();
            if (f.toString().endsWith(".java")) {
                assertThat(text).as("Color constant in %s", f).doesNotContain("Color.web(").doesNotContain("Color.rgb(");
            }
        }
    }

    @Test
    void tokenSheetDefinesTheDocumentedTokens() throws IOException {
        String tokens = Files.readString(Path.of("src/main/resources/org/csiconsole/views/tokens.css"));
        assertThat(tokens).contains("-cc-fg-muted:", "-cc-danger-fg:", "-cc-success-fg:", "-cc-warning-fg:",
                "-cc-accent:", "-cc-surface:");
    }
}
