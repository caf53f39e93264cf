package org.csiconsole.app.cli;

import org.csiconsole.core.model.Volume;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class VolumeStreamTest {
    private final StringWriter text = new StringWriter();
    private final PrintWriter out = new PrintWriter(text);

    private static List<Volume> page(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> Volume.csi("vol-" + i, (long) i << 30)).toList();
    }

    @Test
    void pagesPrintAsTheyArriveUnderOneHeaderAndEndWithTheCount() throws Exception {
        try (VolumeStream stream = new VolumeStream(out, OutputFormat.table)) {
            stream.accept(page(1, 4)).toCompletableFuture().get(10, TimeUnit.SECONDS);
            stream.accept(page(4, 6)).toCompletableFuture().get(10, TimeUnit.SECONDS);
            // the stage of the third page completes once the second is printed: the first two are out
            stream.accept(page(6, 7)).toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertThat(text.toString()).contains("vol-5").doesNotContain(" volumes");
            stream.finish();
        }
        List<String> lines = text.toString().lines().toList();
        assertThat(lines.get(0)).startsWith("VOLUME_ID").contains("CAPACITY");
        assertThat(lines).filteredOn(l -> l.startsWith("VOLUME_ID")).hasSize(1);
        assertThat(lines.subList(1, 7)).extracting(l -> l.split(" +")[0])
                .containsExactly("vol-1", "vol-2", "vol-3", "vol-4", "vol-5", "vol-6");
        assertThat(lines.get(7)).isEqualTo("6 volumes");
    }

    @Test
    void columnsLineUpPastAWideValueAndLinesEndWithoutBlanks() {
        String wide = "pvc-" + "a".repeat(150); // wider than one slice of padding
        try (VolumeStream stream = new VolumeStream(out, OutputFormat.table)) {
            stream.accept(List.of(Volume.csi(wide, 1L << 30), Volume.csi("vol-2", 2L << 30)));
            stream.finish();
        }
        List<String> lines = text.toString().lines().toList();
        int capacity = lines.get(0).indexOf("CAPACITY");
        assertThat(capacity).isEqualTo(wide.length() + 2 + "NAME".length() + 2);
        assertThat(lines.get(1).indexOf("1 GiB")).isEqualTo(capacity);
        assertThat(lines.get(2).indexOf("2 GiB")).isEqualTo(capacity);
        assertThat(lines).hasSize(4).noneMatch(l -> l.endsWith(" "));
    }

    @Test
    void theNextPageIsAskedForOnlyOnceThePageBeforeWasPrinted() {
        try (VolumeStream stream = new VolumeStream(out, OutputFormat.table)) {
            CompletableFuture<?> first = stream.accept(page(1, 2)).toCompletableFuture();
            assertThat(first).isCompleted(); // nothing before the first page: read the second at once
            CompletableFuture<?> second = stream.accept(page(2, 3)).toCompletableFuture();
            second.join();
            assertThat(text.toString()).contains("vol-1");
            stream.finish();
        }
    }

    @Test
    void aPageReachesAnAutoFlushingTerminalInOneWrite() {
        List<String> writes = new ArrayList<>();
        Writer terminal = new Writer() {
            @Override
            public void write(char[] text, int from, int length) {
                writes.add(new String(text, from, length));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        try (VolumeStream stream = new VolumeStream(new PrintWriter(terminal, true), OutputFormat.table)) {
            stream.accept(page(1, 501)).toCompletableFuture().join();
            stream.accept(page(501, 1001)).toCompletableFuture().join();
            stream.finish();
        }
        assertThat(writes).hasSize(3);
        assertThat(writes.get(0)).startsWith("VOLUME_ID");
        assertThat(writes.get(0).lines()).hasSize(501);
        assertThat(writes.get(1).lines()).hasSize(500);
        assertThat(writes.get(2)).isEqualTo("1,000 volumes" + System.lineSeparator());
    }

    @Test
    void jsonIsTheSameIndentedArrayAsPrintingTheWholeListing() throws Exception {
        List<Volume> all = new ArrayList<>(page(1, 4));
        all.addAll(page(4, 5));
        try (VolumeStream stream = new VolumeStream(out, OutputFormat.json)) {
            stream.accept(page(1, 4));
            stream.accept(page(4, 5));
            stream.finish();
        }
        assertThat(text.toString().strip()).isEqualTo(CsiOutput.CsiJson.MAPPER.writeValueAsString(all).strip());
    }

    @Test
    void anEmptyListingPrintsTheHeaderAndNoneOrAnEmptyArray() throws Exception {
        try (VolumeStream stream = new VolumeStream(out, OutputFormat.table)) {
            stream.finish();
        }
        assertThat(text.toString().lines().toList()).containsExactly("VOLUME_ID  NAME  CAPACITY  SOURCE  PUBLISHED_NODES  CONDITION  ORIGIN", "0 volumes");
        StringWriter json = new StringWriter();
        try (VolumeStream stream = new VolumeStream(new PrintWriter(json), OutputFormat.json)) {
            stream.finish();
        }
        assertThat(json.toString().strip()).isEqualTo(CsiOutput.CsiJson.MAPPER.writeValueAsString(List.of()).strip());
    }
}
