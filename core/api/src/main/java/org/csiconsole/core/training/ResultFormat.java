package org.csiconsole.core.training;

/** How a {@link TrainingResult} is exported. */
public enum ResultFormat {
    /** Machine-readable, read back by {@link TrainingPort#readResults(java.util.List)} to compare trainees. */
    JSON,
    /** A one-page HTML summary with inline styles, for printing or mailing. */
    HTML
}
