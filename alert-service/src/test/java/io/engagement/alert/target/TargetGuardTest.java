package io.engagement.alert.target;

import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

class TargetGuardTest {

    private final TargetGuard strict = new TargetGuard(new TargetSettings(false, false));
    private final TargetGuard localStack = new TargetGuard(new TargetSettings(true, false));
    private final TargetGuard privateNetwork = new TargetGuard(new TargetSettings(false, true));

    @Test
    void loopbackIsRefusedUnlessAllowed() {
        assertThat(strict.refusalNow(URI.create("http://127.0.0.1:8080/hook"))).contains(
                "the target host 127.0.0.1 is a loopback address, which alerts may not reach");
        assertThat(strict.refusalNow(URI.create("http://[::1]/hook"))).hasValueSatisfying(reason -> assertThat(reason).contains("loopback"));
        assertThat(strict.refusalNow(URI.create("http://localhost/hook"))).hasValueSatisfying(reason ->
                assertThat(reason).isEqualTo("the target host localhost resolves to a loopback address, which alerts may not reach"));
        assertThat(localStack.refusalNow(URI.create("http://127.0.0.1:8080/hook"))).isEmpty();
    }

    @Test
    void privateRangesAreRefusedUnlessAllowed() {
        for (String host : new String[] {"10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.10", "100.64.0.1", "[fd12:3456::1]"}) {
            assertThat(strict.refusalNow(URI.create("http://" + host + "/x"))).as(host)
                    .hasValueSatisfying(reason -> assertThat(reason).contains("a private address"));
            assertThat(privateNetwork.refusalNow(URI.create("http://" + host + "/x"))).as(host).isEmpty();
        }
        assertThat(strict.refusalNow(URI.create("http://172.32.0.1/x"))).isEmpty();
    }

    @Test
    void linkLocalUnspecifiedAndMulticastAreAlwaysRefused() {
        TargetGuard permissive = new TargetGuard(new TargetSettings(true, true));
        assertThat(permissive.refusalNow(URI.create("http://169.254.169.254/latest/meta-data"))).hasValueSatisfying(reason -> assertThat(reason).contains("link-local"));
        assertThat(permissive.refusalNow(URI.create("http://[fe80::1]/x"))).hasValueSatisfying(reason -> assertThat(reason).contains("link-local"));
        assertThat(permissive.refusalNow(URI.create("http://0.0.0.0/x"))).hasValueSatisfying(reason -> assertThat(reason).contains("unspecified"));
        assertThat(permissive.refusalNow(URI.create("http://[::]/x"))).hasValueSatisfying(reason -> assertThat(reason).contains("unspecified"));
        assertThat(permissive.refusalNow(URI.create("http://224.0.0.1/x"))).hasValueSatisfying(reason -> assertThat(reason).contains("multicast"));
        assertThat(permissive.refusalNow(URI.create("http://255.255.255.255/x"))).hasValueSatisfying(reason -> assertThat(reason).contains("multicast"));
    }

    @Test
    void anIpv4MappedIpv6AddressIsJudgedAsItsIpv4Address() {
        assertThat(strict.refusalNow(URI.create("http://[::ffff:10.0.0.1]/x"))).hasValueSatisfying(reason -> assertThat(reason).contains("private"));
    }

    @Test
    void aPublicAddressIsAllowed() {
        assertThat(strict.refusalNow(URI.create("https://93.184.215.14/hook"))).isEmpty();
    }
}
