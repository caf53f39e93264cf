package org.csiconsole.app.gui;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Optional;

/**
 * What the workbench opens at start. Without options it opens the bundled demo.
 *
 * @param demo open the demo connection
 * @param endpoint a CSI endpoint to open ({@code unix:///path/csi.sock}, {@code tcp://host:port}), or null
 * @param cspUrl a CSP base URL to log in to at start (a login dialog asks user, array IP and password), or null
 * @param cspUser the CSP user filled into that login dialog, or null
 * @param arrayIp the array IP filled into that login dialog, or null
 * @param openReport a troubleshooting report ({@code report.json}) to open read-only in the Troubleshoot perspective, or null
 */
public record LaunchOptions(boolean demo, String endpoint, String cspUrl, String cspUser, String arrayIp, String openReport) {
    /** Opens the demo only. */
    public static final LaunchOptions DEMO = new LaunchOptions(true, null, null);

    /** Without a CSP user or array IP to fill in. */
    public LaunchOptions(boolean demo, String endpoint, String cspUrl) {
        this(demo, endpoint, cspUrl, null, null);
    }

    /** Without a report to open. */
    public LaunchOptions(boolean demo, String endpoint, String cspUrl, String cspUser, String arrayIp) {
        this(demo, endpoint, cspUrl, cspUser, arrayIp, null);
    }

    /**
     * Reads GUI options. Returns empty when {@code args} are not GUI options (a subcommand,
     * {@code --help}, {@code --version}, or anything unknown): those belong to the command line.
     * {@code --demo} is implied when neither {@code --endpoint} nor {@code --csp-url} is given.
     */
    public static Optional<LaunchOptions> parse(List<String> args) {
        if (args.isEmpty()) return Optional.of(DEMO);
        // every GUI option starts with "--": a first word without a leading "-" is a subcommand, read by the command line alone
        if (!args.get(0).startsWith("-")) return Optional.empty();
        GuiCommand cmd = new GuiCommand();
        try {
            new CommandLine(cmd).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            return Optional.empty();
        }
        boolean demo = cmd.demo || (cmd.endpoint == null && cmd.cspUrl == null);
        return Optional.of(new LaunchOptions(demo, cmd.endpoint, cmd.cspUrl, cmd.cspUser, cmd.arrayIp, cmd.open));
    }

    @Command(name = "csi-console")
    static final class GuiCommand {
        @Option(names = "--demo", description = "Open the bundled demo (default when nothing else is given).")
        boolean demo;

        @Option(names = "--endpoint", paramLabel = "ENDPOINT", description = "CSI endpoint, e.g. unix:///run/csi/csi.sock.")
        String endpoint;

        @Option(names = "--csp-url", paramLabel = "URL",
                description = "CSP base URL, e.g. https://csp.example:8080; a login dialog asks for user, array IP and password.")
        String cspUrl;

        @Option(names = "--csp-user", paramLabel = "USER", description = "Array user filled into the --csp-url login dialog.")
        String cspUser;

        @Option(names = "--array-ip", paramLabel = "IP", description = "Array IP (x-array-ip) filled into the --csp-url login dialog.")
        String arrayIp;

        @Option(names = "--open", paramLabel = "REPORT", description = "A report.json to open read-only in the Troubleshoot perspective.")
        String open;
    }
}
