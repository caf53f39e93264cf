package org.csiconsole.core.session;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;

/**
 * When a saved connection whose endpoint does not answer tries again: after its first connect failed for a
 * transport reason ({@link #retries}), the waits grow ({@link Backoff}: doubling from {@link #DEFAULT}'s 2 s up to
 * 2 min), and between two tries only an untraced check that something accepts connections is made
 * ({@link ChannelWatch#accepting}), so the call trace holds the first failure, not one red row per poll. Not
 * thread-safe: one owner.
 */
public final class EndpointRetry {
    /** 2 s, doubling, at most 2 min. */
    public static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(2), Duration.ofMinutes(2));
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private final Backoff backoff;
    private int tries;

    public EndpointRetry(Backoff backoff) {
        this.backoff = Objects.requireNonNull(backoff, "backoff");
    }

    /** True when a connect that failed with {@code f} is worth trying again later: the endpoint did not answer (UNAVAILABLE, TIMEOUT). */
    public static boolean retries(CallFailure f) {
        return f != null && (f.kind() == FailureKind.UNAVAILABLE || f.kind() == FailureKind.TIMEOUT)
                && f.owner() == org.csiconsole.core.call.FailureOwner.TRANSPORT;
    }

    /** The wait before the next try; each call makes the following wait longer, up to the backoff's maximum. */
    public Duration next() {
        return backoff.delay(tries++);
    }

    /** How many waits {@link #next()} has given. */
    public int tries() {
        return tries;
    }

    /**
     * The connection's note while it waits: what failed and when it tries again, {@code "Nothing answers at
     * tcp://127.0.0.1:1: ... Next try at 21:50:12 (in 4 s, try 3); the wait doubles up to 2 min. Disconnect to stop."}.
     *
     * @param why the first failure
     * @param wait the wait just given by {@link #next()}
     * @param now the time now
     * @param zone the zone the time of the next try is shown in
     */
    public String note(CallFailure why, Duration wait, Instant now, ZoneId zone) {
        return "Not answering: " + why.why() + ". Next try at " + CLOCK.format(now.plus(wait).atZone(zone)) + " (in "
                + words(wait) + ", try " + (tries + 1) + "); the wait doubles up to " + words(backoff.max())
                + ". Disconnect to stop trying.";
    }

    private static String words(Duration d) {
        long s = d.toSeconds();
        return s < 60 ? s + " s" : s % 60 == 0 ? s / 60 + " min" : s / 60 + " min " + s % 60 + " s";
    }
}
