package org.csiconsole.core.model;

import org.csiconsole.core.port.FenceConfirmation;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CidrTest {

    @Test
    void anIpv4BlockReadsAsItsNetworkWithTheAddressCount() {
        Cidr c = Cidr.parse(" 10.1.0.0/24 ");

        assertThat(c.text()).isEqualTo("10.1.0.0/24");
        assertThat(c.ipv6()).isFalse();
        assertThat(c.normalised()).isFalse();
        assertThat(c.addressCount()).isEqualTo(BigInteger.valueOf(256));
        assertThat(c.describe()).isEqualTo("IPv4, 256 addresses");
    }

    @Test
    void hostBitsAreClearedAndTheTypedTextIsKeptForAWarning() {
        Cidr c = Cidr.parse("10.1.0.5/24");

        assertThat(c.text()).isEqualTo("10.1.0.0/24");
        assertThat(c.typed()).isEqualTo("10.1.0.5/24");
        assertThat(c.normalised()).isTrue();
        assertThat(FenceConfirmation.normalisedNote(List.of(c))).contains("10.1.0.5/24 is the block 10.1.0.0/24");
    }

    @Test
    void aBlockInsideAnotherGivenWithItIsNamedRedundant() {
        List<Cidr> blocks = Cidr.parseAll("0.0.0.0/0, 10.1.0.5/24, 10.2.0.0/24");
        assertThat(FenceConfirmation.redundantNote(blocks)).isEqualTo("Redundant: 10.1.0.0/24 lies inside 0.0.0.0/0, which covers it "
                + "already; 10.2.0.0/24 lies inside 0.0.0.0/0, which covers it already.");
        assertThat(FenceConfirmation.notes(blocks)).isEqualTo("Read as network blocks, host bits cleared: 10.1.0.5/24 is the block "
                + "10.1.0.0/24. " + FenceConfirmation.redundantNote(blocks));
        assertThat(FenceConfirmation.redundantNote(Cidr.parseAll("10.1.0.0/24, 10.2.0.0/16, fd00::/8"))).as("apart, or another family").isEmpty();
        assertThat(FenceConfirmation.notes(Cidr.parseAll("10.1.0.0/24"))).isEmpty();
    }

    @Test
    void aBareAddressIsOneHost() {
        assertThat(Cidr.parse("10.1.0.7").text()).isEqualTo("10.1.0.7/32");
        assertThat(Cidr.parse("fd00::7").text()).isEqualTo("fd00::7/128");
        assertThat(Cidr.parse("fd00::7").describe()).isEqualTo("IPv6, 1 address");
    }

    @Test
    void ipv6BlocksAreCanonicalAndMasked() {
        assertThat(Cidr.parse("FD00:0010:0000:0000:0000:0000:0000:0001/64").text()).isEqualTo("fd00:10::/64");
        assertThat(Cidr.parse("2001:db8:0:0:1:0:0:1/128").text()).isEqualTo("2001:db8::1:0:0:1/128");
        assertThat(Cidr.parse("::/0").text()).isEqualTo("::/0");
        assertThat(Cidr.parse("fd00:10::/64").ipv6()).isTrue();
        assertThat(Cidr.parse("fd00:10::/64").describe()).isEqualTo("IPv6, 2^64 addresses");
    }

    @Test
    void aPrefixOutOfRangeForTheFamilyIsRefusedWithTheRange() {
        assertThatThrownBy(() -> Cidr.parse("10.1.0.0/33")).hasMessageContaining("prefix length 33").hasMessageContaining("0 to 32");
        assertThatThrownBy(() -> Cidr.parse("fd00::/129")).hasMessageContaining("IPv6 prefix is 0 to 128");
        assertThatThrownBy(() -> Cidr.parse("10.1.0.0/")).hasMessageContaining("no valid prefix length");
        assertThatThrownBy(() -> Cidr.parse("10.1.0.0/-1")).hasMessageContaining("no valid prefix length");
    }

    @Test
    void whatIsNotAnAddressIsRefusedAndNeverLookedUp() {
        assertThatThrownBy(() -> Cidr.parse("10.1.300.0/24")).hasMessageContaining("octet 300");
        assertThatThrownBy(() -> Cidr.parse("storage.example.com/24")).hasMessageContaining("host names are not accepted");
        assertThatThrownBy(() -> Cidr.parse("fd00::zz/64")).hasMessageContaining("not an IPv6 CIDR block");
        assertThatThrownBy(() -> Cidr.parse("fe80::1%eth0/64")).hasMessageContaining("zone");
        assertThatThrownBy(() -> Cidr.parse("10.1.0/24")).hasMessageContaining("not an IPv4 or IPv6 CIDR block");
        assertThatThrownBy(() -> Cidr.parse("  ")).hasMessageContaining("empty");
    }

    @Test
    void aListDropsRepeatsAfterNormalisingAndNeedsOneBlock() {
        List<Cidr> all = Cidr.parseAll("10.1.0.0/24\n10.1.0.9/24, fd00:10::/64\n\n");

        assertThat(all).extracting(Cidr::text).containsExactly("10.1.0.0/24", "fd00:10::/64");
        assertThat(Cidr.join(all)).isEqualTo("10.1.0.0/24,fd00:10::/64");
        assertThatThrownBy(() -> Cidr.parseAll(" \n ")).hasMessageContaining("at least one CIDR block");
    }

    @Test
    void theConfirmationNamesTheBlocksAndMatchesOnlyThem() {
        List<Cidr> two = Cidr.parseAll("10.1.0.5/24\n10.2.0.0/24");

        assertThat(FenceConfirmation.expected(two)).isEqualTo("10.1.0.0/24,10.2.0.0/24");
        assertThat(FenceConfirmation.matches(two, "10.1.0.0/24, 10.2.0.0/24")).isTrue();
        assertThat(FenceConfirmation.matches(two, "10.1.0.5/24,10.2.0.0/24")).as("as typed, host bits set: not what is sent").isFalse();
        assertThat(FenceConfirmation.typedBeforeNormalising(two, "10.1.0.5/24,10.2.0.0/24"))
                .isEqualTo("the host bits were cleared: 10.1.0.5/24 is the block 10.1.0.0/24; to confirm, pass --yes=10.1.0.0/24,10.2.0.0/24");
        assertThat(FenceConfirmation.typedBeforeNormalising(two, "10.9.0.0/16")).isEmpty();
        assertThat(FenceConfirmation.matches(two, "10.1.0.0/24")).isFalse();
        assertThat(FenceConfirmation.matches(two, "10.2.0.0/24,10.1.0.0/24")).isFalse();
        assertThat(FenceConfirmation.fenceSentence(Cidr.parseAll("10.1.0.0/24"))).isEqualTo(
                "Every client in 10.1.0.0/24 loses access to its volumes: I/O from those addresses is refused until you unfence them.");
    }
}
