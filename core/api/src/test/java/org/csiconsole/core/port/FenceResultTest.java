package org.csiconsole.core.port;

import org.csiconsole.core.model.Cidr;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A fence's result line names the blocks with their addresses and the connection it went through, one wording for GUI and CLI. */
class FenceResultTest {
    @Test
    void aFenceOfOneBlockNamesItsAddressesAndTheConnection() {
        assertThat(FenceConfirmation.done(true, Cidr.parseAll(List.of("10.1.0.5/24")), "Demo (unix:///run/csi.sock)"))
                .isEqualTo("Fenced 10.1.0.0/24 (IPv4, 256 addresses) through Demo (unix:///run/csi.sock): I/O from those addresses "
                        + "is refused until you unfence them.");
    }

    @Test
    void anUnfenceOfTwoBlocksCountsTheAddressesInAllAndWithoutAConnectionNamesNone() {
        assertThat(FenceConfirmation.done(false, Cidr.parseAll(List.of("10.1.0.0/24", "10.2.0.0/30")), ""))
                .isEqualTo("Unfenced 10.1.0.0/24 (IPv4, 256 addresses) and 10.2.0.0/30 (IPv4, 4 addresses), 260 addresses in all: "
                        + "the storage accepts I/O from those addresses again.");
    }
}
