package org.csiconsole.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Volume;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Prints a ListVolumes listing page by page as it arrives, so {@code csi-console volumes} holds at
 * most two pages in memory however many volumes the driver has. Each page is mapped and printed on
 * one printer thread while the next page is read; the next-but-one page is asked for once a page is
 * printed ({@link PageSink} pacing), so a slow terminal holds the listing back instead of queueing it.
 *
 * <p>{@code table}: the header once, columns fitted to the first page and widened from then on when
 * a later value is longer; then {@code N volume(s)}. {@code json}: the same array of volume records,
 * indented, as printing the whole list at once gives.
 */
final class VolumeStream implements PageSink<Volume>, AutoCloseable {
    private static final String[] HEADERS = {"VOLUME_ID", "NAME", "CAPACITY", "SOURCE", "PUBLISHED_NODES", "CONDITION", "ORIGIN"};
    /** Padding, copied a slice at a time. */
    private static final String BLANKS = " ".repeat(64);

    private final PrintWriter out;
    private final OutputFormat format;
    private final ExecutorService printer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "volumes-printer");
        t.setDaemon(true);
        return t;
    });
    private CompletableFuture<Void> printed = CompletableFuture.completedFuture(null);
    private int[] widths;
    private long count;
    private JsonGenerator json;
    private ObjectWriter writer;

    VolumeStream(PrintWriter out, OutputFormat format) {
        this.out = out;
        this.format = format;
    }

    @Override
    public synchronized CompletionStage<?> accept(List<Volume> page) {
        CompletableFuture<Void> before = printed;
        printed = before.thenRunAsync(() -> print(page), printer);
        return before;
    }

    /** Waits for the pages handed over so far to be printed, then ends the output (JSON's closing bracket, the count line). */
    void finish() {
        CompletableFuture<Void> last;
        synchronized (this) {
            last = printed;
        }
        last.join();
        try {
            if (format == OutputFormat.json) {
                startJson();
                json.writeEndArray();
                json.flush();
                out.println();
            } else {
                StringBuilder text = new StringBuilder();
                if (widths == null) line(text, HEADERS, fit(new String[0][]));
                out.write(text.append(org.csiconsole.core.model.Words.count(count, "volume")).append(System.lineSeparator()).toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write JSON", e);
        }
        out.flush();
    }

    private void print(List<Volume> page) {
        count += page.size();
        if (format == OutputFormat.json) {
            try {
                startJson();
                for (Volume v : page) writer.writeValue(json, v);
                json.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("could not write JSON", e);
            }
            return;
        }
        String[][] rows = new String[page.size()][];
        for (int i = 0; i < rows.length; i++) rows[i] = cells(page.get(i));
        boolean first = widths == null;
        int[] w = fit(rows);
        // one write per page: println on the command line's writer flushes every line to the terminal
        StringBuilder text = new StringBuilder(64 * (rows.length + 1));
        if (first) line(text, HEADERS, w);
        for (String[] r : rows) line(text, r, w);
        out.write(text.toString());
        out.flush();
    }

    private void startJson() throws IOException {
        if (json != null) return;
        writer = CsiOutput.CsiJson.MAPPER.writer();
        json = writer.createGenerator(out);
        json.writeStartArray();
    }

    private int[] fit(String[][] rows) {
        if (widths == null) {
            widths = new int[HEADERS.length];
            for (int i = 0; i < widths.length; i++) widths[i] = HEADERS[i].length();
        }
        for (String[] r : rows) {
            for (int i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i], r[i].length());
        }
        return widths;
    }

    /** Appends one line of {@code cells} padded to the widths {@code w}, without trailing blanks. */
    private static void line(StringBuilder text, String[] cells, int[] w) {
        int start = text.length();
        int last = cells.length - 1;
        while (last > 0 && cells[last].isEmpty()) last--; // empty columns at the end are not padded out
        for (int i = 0; i <= last; i++) {
            text.append(cells[i]);
            if (i == last) break;
            for (int pad = w[i] - cells[i].length() + 2; pad > 0; pad -= BLANKS.length()) {
                text.append(BLANKS, 0, Math.min(pad, BLANKS.length()));
            }
        }
        int end = text.length();
        while (end > start && text.charAt(end - 1) == ' ') end--;
        text.setLength(end);
        text.append(System.lineSeparator());
    }

    /**
     * One volume as table cells; a capacity of 0 is "unknown" (csi.proto Volume.capacity_bytes). The name is the
     * driver's or the console's record's; the origin is set for a row of the record ({@code origin} and
     * {@code gone_since} properties, see {@link org.csiconsole.core.record.RecordedItem#volume()}), empty for a listed one.
     */
    static String[] cells(Volume v) {
        String gone = v.properties().getOrDefault("gone_since", "");
        return new String[] {v.volumeId(), v.name(), v.capacityBytes() <= 0 ? "unknown" : ByteSize.format(v.capacityBytes()),
                v.source().kind().name().equals("NONE") ? "" : v.source().kind().name().toLowerCase() + ":" + v.source().id(),
                publishedNodes(v),
                v.condition().abnormal() ? "abnormal: " + v.condition().message() : "",
                v.properties().getOrDefault("origin", "") + (gone.isEmpty() ? "" : "; gone at the driver since " + gone)};
    }

    /** The driver's published nodes, then those only this console's record holds, marked: {@code "node-1 (by this console)"}. */
    private static String publishedNodes(Volume v) {
        List<String> all = new java.util.ArrayList<>(v.publishedNodeIds());
        String mine = v.properties().getOrDefault(org.csiconsole.core.record.RecordedItem.PUBLISHED_BY_CONSOLE, "");
        if (!mine.isEmpty()) for (String n : mine.split(",")) all.add(n + " (by this console)");
        return String.join(",", all);
    }

    @Override
    public void close() {
        printer.shutdownNow();
    }
}
