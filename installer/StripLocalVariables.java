import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.TypePath;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Removes the local-variable tables (the class file's LocalVariableTable and LocalVariableTypeTable
 * attributes and local-variable type annotations; JVMS 4.7.13, 4.7.14) from every class of the given
 * jars, in place, for installer/package.sh. Those tables serve debuggers only; the line numbers and
 * source file names that stack traces print stay, as do parameter names (MethodParameters) and every
 * other attribute. Signed jars (META-INF/*.SF) are left as they are. Needs ASM on the class path:
 *
 * <pre>java -cp asm.jar installer/StripLocalVariables.java JAR...</pre>
 *
 * Prints one line per jar: its size before and after, in bytes.
 */
public final class StripLocalVariables {
    private StripLocalVariables() {
    }

    public static void main(String[] args) throws IOException {
        for (String jar : args) {
            Path path = Path.of(jar);
            long before = Files.size(path);
            if (strip(path)) {
                System.out.printf("%s: %d -> %d bytes%n", path.getFileName(), before, Files.size(path));
            } else {
                System.out.printf("%s: signed, left as it is%n", path.getFileName());
            }
        }
    }

    /** Rewrites {@code jar} without local-variable tables; false (and no change) when it is signed. */
    static boolean strip(Path jar) throws IOException {
        try (ZipFile in = new ZipFile(jar.toFile())) {
            if (in.stream().anyMatch(e -> e.getName().startsWith("META-INF/") && e.getName().endsWith(".SF"))) return false;
            Path out = Files.createTempFile(jar.getParent(), jar.getFileName().toString(), ".tmp");
            try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(out))) {
                zip.setLevel(Deflater.BEST_COMPRESSION);
                for (ZipEntry e : in.stream().toList()) {
                    ZipEntry copy = new ZipEntry(e.getName());
                    copy.setTime(e.getTime());
                    zip.putNextEntry(copy);
                    try (InputStream data = in.getInputStream(e)) {
                        if (e.getName().endsWith(".class") && !e.isDirectory()) {
                            zip.write(withoutLocalVariables(data.readAllBytes()));
                        } else {
                            data.transferTo(zip);
                        }
                    }
                    zip.closeEntry();
                }
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(out);
                throw e;
            }
            Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING);
            return true;
        }
    }

    /** The class file {@code bytes} without its local-variable tables. */
    static byte[] withoutLocalVariables(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        // A fresh constant pool, so the names and descriptors only the tables used go too; the stack
        // map frames are copied as they are (no recomputation, which would need the class hierarchy).
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public void visitLocalVariable(String n, String d, String s, Label start, Label end, int index) {
                        // dropped
                    }

                    @Override
                    public AnnotationVisitor visitLocalVariableAnnotation(int typeRef, TypePath typePath,
                            Label[] start, Label[] end, int[] index, String d, boolean visible) {
                        return null;
                    }
                };
            }
        }, 0);
        return writer.toByteArray();
    }
}
