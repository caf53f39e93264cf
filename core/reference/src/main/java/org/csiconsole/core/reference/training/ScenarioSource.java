package org.csiconsole.core.reference.training;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a scenario or seed file is read from: a bundled resource or a file; a seed file is resolved beside it. */
interface ScenarioSource {
    /** The name problems report, e.g. {@code bundled:planned-failover.yaml} or a path. */
    String name();

    Reader open() throws IOException;

    /** The file {@code relative} names, beside this one. */
    ScenarioSource resolve(String relative);

    static ScenarioSource file(Path path) {
        return new ScenarioSource() {
            @Override
            public String name() {
                return path.toString();
            }

            @Override
            public Reader open() throws IOException {
                return Files.newBufferedReader(path, StandardCharsets.UTF_8);
            }

            @Override
            public ScenarioSource resolve(String relative) {
                Path parent = path.toAbsolutePath().getParent();
                return file(parent.resolve(relative).normalize());
            }
        };
    }

    /** A resource below {@code /training/} on the class path, e.g. {@code scenarios/provision.yaml}. */
    static ScenarioSource bundled(String resource) {
        return new ScenarioSource() {
            @Override
            public String name() {
                return "bundled:" + resource;
            }

            @Override
            public Reader open() throws IOException {
                InputStream in = ScenarioSource.class.getResourceAsStream("/training/" + resource);
                if (in == null) throw new IOException("no bundled file " + resource);
                return new InputStreamReader(in, StandardCharsets.UTF_8);
            }

            @Override
            public ScenarioSource resolve(String relative) {
                Path base = Path.of(resource).getParent();
                Path p = (base == null ? Path.of(relative) : base.resolve(relative)).normalize();
                return bundled(p.toString().replace('\\', '/'));
            }
        };
    }
}
