package org.csiconsole.core.reference.cspserver;

import io.javalin.http.Context;

/**
 * Refuses a request URL with a broken percent escape before any route decodes it: every {@code %}
 * in the path and query must start an escape of two hex digits (RFC 3986 section 2.1). Without
 * this check the router's decoder throws and the client would get a 500 for its own mistake.
 */
final class CspUriCheck {
    private CspUriCheck() {
    }

    /**
     * Before-handler.
     *
     * @throws CspProblem 400 naming the position of the first broken escape
     */
    static void check(Context ctx) {
        String path = ctx.req().getRequestURI();
        String query = ctx.queryString();
        int at = brokenEscape(path);
        String where = "path";
        if (at < 0 && query != null) {
            at = brokenEscape(query);
            where = "query";
        }
        if (at >= 0) {
            throw CspProblem.badRequest("The request URL's " + where + " has a broken percent escape at character " + (at + 1)
                    + ". Write '%' as %25 and every escape as '%' followed by two hex digits.");
        }
    }

    /** Index of the first {@code %} not followed by two hex digits, or -1. */
    static int brokenEscape(String s) {
        if (s == null) return -1;
        for (int i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
            if (i + 2 >= s.length() || Character.digit(s.charAt(i + 1), 16) < 0 || Character.digit(s.charAt(i + 2), 16) < 0) {
                return i;
            }
        }
        return -1;
    }
}
