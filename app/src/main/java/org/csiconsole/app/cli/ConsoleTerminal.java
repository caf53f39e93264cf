package org.csiconsole.app.cli;

import java.io.Console;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * The terminal a person types on, for the typed confirmation of a destructive command. A command
 * run from a script, a pipe or a CI job has none, and must then be given {@code --yes=<name>}.
 */
@FunctionalInterface
interface ConsoleTerminal {
    /**
     * Shows {@code prompt} and reads one line.
     *
     * @return the line without its line break, or null at end of input
     */
    String readLine(String prompt);

    /**
     * The terminal of this process: {@link System#console()} when standard input and output are a
     * terminal, else empty. (From Java 22 on, {@code System.console()} also answers when the streams
     * are redirected; {@code Console.isTerminal()} then tells.)
     */
    static Optional<ConsoleTerminal> system() {
        Console c = System.console();
        if (c == null || !isTerminal(c)) return Optional.empty();
        return Optional.of(prompt -> c.readLine("%s", prompt));
    }

    private static boolean isTerminal(Console c) {
        try {
            Method m = Console.class.getMethod("isTerminal");
            return (Boolean) m.invoke(c);
        } catch (NoSuchMethodException e) {
            return true; // before Java 22 System.console() is non-null only on a terminal
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
