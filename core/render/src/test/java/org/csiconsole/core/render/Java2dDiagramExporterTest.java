package org.csiconsole.core.render;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.lifecycle.DiagramLayout;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.core.lifecycle.LifecycleOverlays;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.NodeState;
import org.csiconsole.core.lifecycle.StateMachines;
import org.csiconsole.core.lifecycle.VolumeLifecycle;
import org.csiconsole.core.lifecycle.VolumeLiveState;
import org.csiconsole.core.lifecycle.VolumeState;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** SVG and PNG exports exist, are not trivial, and say what they show. */
class Java2dDiagramExporterTest {
    private static final String CAPTION = "Volume pvc-1 \u00b7 2025-03-01 12:00:00 UTC \u00b7 Figure 6 \u00b7 exact";
    private final DiagramExporter exporter = new Java2dDiagramExporter();
    private final VolumeLifecycle fig6 = VolumeLifecycle.of(true, true, true, true);
    private final Diagram diagram = DiagramLayout.volume(fig6);
    private final DiagramOverlay overlay = LifecycleOverlays.volume(new LifecycleReading(fig6,
            new VolumeLiveState("pvc-1", VolumeLiveState.Presence.PRESENT, true,
                    List.of(new NodeState("node-1", VolumeState.VOL_READY, true, "/stage", List.of())), List.of(),
                    Instant.parse("2025-03-01T12:00:00Z")), "node-1"), "node-1",
            Map.of("NodePublishVolume", "FAILED_PRECONDITION: staging path missing"), null);

    private static Set<String> texts(byte[] svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        NodeList nodes = doc.getElementsByTagNameNS("*", "text");
        Set<String> out = new HashSet<>();
        for (int i = 0; i < nodes.getLength(); i++) out.add(nodes.item(i).getTextContent());
        return out;
    }

    @Test
    void theSvgParsesAndNamesEveryStateEveryCallTheVolumeAndTheFailure() throws Exception {
        byte[] svg = exporter.export(diagram, overlay, CAPTION, DiagramExporter.Format.SVG);

        Set<String> texts = texts(svg);
        assertThat(texts).contains("CREATED", "NODE_READY", "VOL_READY", "PUBLISHED", "not created", "deleted", "Figure 6", CAPTION);
        for (Diagram.Arrow a : diagram.arrows()) assertThat(texts).contains(a.label());
        assertThat(texts).contains("node-1");
        assertThat(texts).anyMatch(t -> t.startsWith("FAILED_PRECONDITION: staging"));
        assertThat(new String(svg, StandardCharsets.UTF_8)).startsWith("<?xml");
    }

    @Test
    void aLongCaptionWrapsWithinThePictureWithEveryWordKept() throws Exception {
        String caption = "Volume data (pvc-f80442fb-4fea-308c-a6b0-01fe62519c67-with-a-long-claim-name) \u00b7 2026-12-06 07:41:09 CET "
                + "\u00b7 Figure 6 \u00b7 exact \u00b7 node worker-node-with-a-long-host-name-01.cluster.example.com";
        byte[] svg = exporter.export(diagram, overlay, caption, DiagramExporter.Format.SVG);

        Set<String> texts = texts(svg);
        java.awt.image.BufferedImage scratch = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_ARGB);
        java.awt.Graphics2D g = scratch.createGraphics();
        g.setFont(DiagramPainter.font(java.awt.Font.BOLD, 12));
        List<String> lines = DiagramPainter.wrap(caption, g.getFontMetrics(), diagram.width() - 48);
        assertThat(lines).as("more than one line").hasSizeGreaterThan(1);
        assertThat(String.join(" ", lines)).isEqualTo(caption);
        assertThat(texts).containsAll(lines);
        for (String line : lines) assertThat(g.getFontMetrics().stringWidth(line)).isLessThanOrEqualTo((int) diagram.width() - 48);
    }

    @Test
    void everyStateMachineExportsWithItsStatesNamed() throws Exception {
        for (Diagram d : List.of(StateMachines.snapshot(), StateMachines.groupSnapshot(), StateMachines.replication())) {
            Set<String> texts = texts(exporter.export(d, DiagramOverlay.NONE, "c", DiagramExporter.Format.SVG));
            for (Diagram.Box b : d.boxes()) if (!b.terminal()) assertThat(texts).as(d.id()).contains(b.label());
        }
    }

    @Test
    void thePngIsTwiceTheDiagramsSizeAndHoldsADrawing() throws Exception {
        byte[] png = exporter.export(diagram, overlay, CAPTION, DiagramExporter.Format.PNG);

        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo((int) Math.ceil(diagram.width() * Java2dDiagramExporter.PNG_SCALE));
        assertThat(image.getHeight()).isGreaterThan((int) (diagram.height() * Java2dDiagramExporter.PNG_SCALE));
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) colours.add(image.getRGB(x, y));
        }
        assertThat(colours).as("the accent, the danger red, the text and the background at least").hasSizeGreaterThan(20);
        // The highlighted state's fill is there: VOL_READY is node-1's state.
        Diagram.Box current = diagram.box("VOL_READY");
        int fill = image.getRGB((int) ((current.x() + 6) * 2), (int) ((current.y() + current.height() - 6) * 2));
        assertThat(fill & 0xffffff).isEqualTo(0xddf4ff);
    }

    @Test
    void withoutTheFontLibrariesTheFailureNamesTheMissingLibraryAndWhatToInstall() {
        // as the JDK words it on a Debian 12 minbase without libharfbuzz0b
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("/opt/csi-console/lib/runtime/lib/libfontmanager.so: "
                + "libharfbuzz.so.0: cannot open shared object file: No such file or directory");

        CallFailure f = Java2dDiagramExporter.cannotDrawText(e);

        assertThat(f.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(f.why()).contains("cannot draw text");
        assertThat(f.whatToDo()).contains("sudo apt-get install libfreetype6 libharfbuzz0b liblcms2-2 libfontconfig1");
        assertThat(f.detail()).isEqualTo("UnsatisfiedLinkError: " + e.getMessage());
        assertThat(f.getCause()).isSameAs(e);
    }

    @Test
    void withoutAnyFontTheFailureGivesTheFontManagersRootCause() {
        // fontconfig missing: the font manager's constructor fails, reflected and wrapped
        NullPointerException root = new NullPointerException("Fontconfig head is null, check your fonts or fonts configuration");
        InternalError e = new InternalError(new java.lang.reflect.InvocationTargetException(root));

        CallFailure f = Java2dDiagramExporter.cannotDrawText(e);

        assertThat(f.detail()).isEqualTo("NullPointerException: " + root.getMessage());
        assertThat(f.whatToDo()).contains("libfontconfig1");
    }

    @Test
    void onlyErrorsRaisedInsideJava2dAreTakenForMissingLibraries() {
        NoClassDefFoundError fromFonts = new NoClassDefFoundError("Could not initialize class sun.font.SunFontManager");
        fromFonts.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("sun.java2d.SunGraphics2D", "getFontMetrics", "SunGraphics2D.java", 1),
                new StackTraceElement("org.csiconsole.core.render.DiagramPainter", "<init>", "DiagramPainter.java", 52)});
        NoClassDefFoundError ours = new NoClassDefFoundError("org/jfree/svg/SVGGraphics2D");
        ours.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("org.csiconsole.core.render.Java2dDiagramExporter", "svg", "Java2dDiagramExporter.java", 42)});

        assertThat(Java2dDiagramExporter.fromJava2d(fromFonts)).isTrue();
        assertThat(Java2dDiagramExporter.fromJava2d(ours)).isFalse();
        assertThat(Java2dDiagramExporter.fromJava2d(new InternalError(fromFonts))).isTrue();
    }
}
