package org.csiconsole.core.call;

import java.util.Objects;

/**
 * What made a call: the task or wizard a person started ("Delete volume pvc-1"), so the trace can
 * group the calls that one action sent. Calls made outside any task (polling, a view's refresh)
 * carry {@link #NONE}.
 *
 * @param id increasing number of the task within one console run, 0 for {@link #NONE}
 * @param title the task's title in words, empty for {@link #NONE}
 */
public record CallOrigin(long id, String title) {
    /** No task: a call the console made on its own. */
    public static final CallOrigin NONE = new CallOrigin(0, "");

    public CallOrigin {
        Objects.requireNonNull(title, "title");
        if (id < 0) throw new IllegalArgumentException("id must not be negative");
    }

    /** Whether a task made the call. */
    public boolean isTask() {
        return id != 0;
    }
}
