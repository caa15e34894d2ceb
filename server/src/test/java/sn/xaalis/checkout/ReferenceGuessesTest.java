package sn.xaalis.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReferenceGuessesTest {

    @Test
    void anIpv6ClientCountsAsItsSlash64AndAnIpv4ClientAsItsAddress() {
        assertThat(sn.xaalis.platform.ClientAddresses.key("2001:db8:1:2:aaaa::1"))
                .isEqualTo(sn.xaalis.platform.ClientAddresses.key("2001:db8:1:2:bbbb:cccc:dddd:eeee"))
                .isNotEqualTo(sn.xaalis.platform.ClientAddresses.key("2001:db8:1:3::1"));
        assertThat(sn.xaalis.platform.ClientAddresses.key("196.207.1.10")).isEqualTo("196.207.1.10");
        assertThat(sn.xaalis.platform.ClientAddresses.key("::ffff:196.207.1.10"))
                .isEqualTo("196.207.1.10");
    }
}
