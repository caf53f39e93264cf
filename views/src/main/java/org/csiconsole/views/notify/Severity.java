package org.csiconsole.views.notify;

/** How a notification reads: neutral, good news, worth a look, or a failure. */
public enum Severity {
    INFO, SUCCESS, WARNING, ERROR
}
