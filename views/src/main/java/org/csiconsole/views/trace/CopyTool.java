package org.csiconsole.views.trace;

/** The tools a traced call can be copied for. */
public enum CopyTool {
    /** grpcurl, for any gRPC call to a socket or TCP address. */
    GRPCURL("grpcurl"),
    /** csc (dell/gocsi), for the CSI calls it has commands for. */
    CSC("csc"),
    /** curl, for CSP REST requests. */
    CURL("curl");

    private final String label;

    CopyTool(String label) {
        this.label = label;
    }

    /** The tool's name as typed. */
    public String label() {
        return label;
    }
}
