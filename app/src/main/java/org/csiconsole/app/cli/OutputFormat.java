package org.csiconsole.app.cli;

/** {@code --output} values shared by every listing command. */
public enum OutputFormat {
    table,
    json
}
