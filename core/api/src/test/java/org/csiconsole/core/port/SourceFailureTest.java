package org.csiconsole.core.port;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/** A missing source in words, and listings that carry the missing sources along. */
class SourceFailureTest {
    private static SourceFailure siteB(String why) {
        return new SourceFailure("site-b", new CallFailure(FailureKind.UNAVAILABLE, "GET /volumes", why, "Check the array.", ""));
    }

    @Test
    void aMissingSourceReadsAsSourceKindAndReasonWithoutAClosingPeriod() {
        assertThat(siteB("connection refused.").describe()).isEqualTo("site-b: UNAVAILABLE \u2014 connection refused");
        assertThat(SourceFailure.describe(List.of(siteB("connection refused"), new SourceFailure("csi-addons",
                new CallFailure(FailureKind.TIMEOUT, "GetIdentity", "no answer within 10 s", "", "")))))
                .isEqualTo("site-b: UNAVAILABLE \u2014 connection refused; csi-addons: TIMEOUT \u2014 no answer within 10 s");
    }

    @Test
    void theFailureOfASourceIsTheCallFailureInsideWhatItsFutureFailedWith() {
        CallFailure inner = new CallFailure(FailureKind.NOT_FOUND, "GET /hosts", "no such path", "", "");
        assertThat(SourceFailure.of("site-a", new CompletionException(inner)).failure()).isSameAs(inner);
        assertThat(SourceFailure.of("site-a", new IllegalStateException("boom")).failure().kind()).isEqualTo(FailureKind.INTERNAL);
    }

    @Test
    void joinedListingsKeepTheRowsInOrderAndEveryMissingSource() {
        Listing<String> a = Listing.complete(List.of("h1", "h2"));
        Listing<String> b = new Listing<>(List.of("h3"), List.of(siteB("connection refused")));

        Listing<String> both = a.plus(b);

        assertThat(both.items()).containsExactly("h1", "h2", "h3");
        assertThat(both.isComplete()).isFalse();
        assertThat(both.map(rows -> rows.stream().map(String::length).toList()).missing()).isEqualTo(b.missing());
    }
}
