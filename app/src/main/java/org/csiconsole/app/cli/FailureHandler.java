package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.json.StableJson;
import picocli.CommandLine;

/**
 * Prints a failure as words (what, why, what to do) on stderr, never a stack trace. With
 * {@code --output json} it also prints the failure on stdout as one JSON object, so a script reads
 * it where it reads results:
 * <pre>{"error":{"kind":"UNAVAILABLE","exitCode":3,"message":"GetPluginInfo: the endpoint ... refused the connection ...",
 *   "what":"GetPluginInfo","why":"...","whatToDo":"Check that the driver is running ...","detail":"gRPC UNAVAILABLE ..."}}</pre>
 * {@code kind} is a {@link org.csiconsole.core.call.FailureKind} name ({@code ERROR} for a failure
 * that is not a call failure), {@code exitCode} the process exit code ({@link ExitCodes}).
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
    private static final class FailureJson {
        /** Built on first use: the commands that print no JSON load no Jackson. */
        static final ObjectMapper MAPPER = StableJson.COMPACT;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        CallFailure f = CallFailure.unwrap(ex);
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        String text = f != null ? f.describe() : "Error: " + message;
        cl.getErr().println(cl.getColorScheme().errorText(text));
        int exit = ExitCodes.forThrowable(ex);
        if (wantsJson(parsed)) {
            ObjectNode e = FailureJson.MAPPER.createObjectNode();
            e.put("kind", f != null ? f.kind().name() : "ERROR");
            e.put("exitCode", exit);
            e.put("message", f != null ? f.getMessage() : message);
            if (f != null) {
                e.put("what", f.what());
                e.put("owner", f.owner().name());
                e.put("why", f.why());
                e.put("whatToDo", f.whatToDo());
                e.put("detail", f.detail());
            }
            ObjectNode root = FailureJson.MAPPER.createObjectNode();
            root.set("error", e);
            cl.getOut().println(root.toPrettyString());
            cl.getOut().flush();
        }
        return exit;
    }

    /** Whether {@code --output json} was given to the command that failed (or any command above it). */
    private static boolean wantsJson(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--output") && p.matchedOptionValue("--output", null) == OutputFormat.json) return true;
        }
        return false;
    }
}
