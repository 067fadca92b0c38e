package io.engagement.platform.net;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GuardedAddressResolverGroupTest {

    private static final String NAME = "shop.example";
    /** Public to the guard, routed nowhere (TEST-NET-1): a test that connected to it would hang, not reach the internet. */
    private static final InetAddress PUBLIC = address("192.0.2.10");
    private static final InetAddress LOOPBACK = address("127.0.0.1");

    private LoopbackServer server;

    @BeforeEach
    void serve() throws IOException {
        server = new LoopbackServer();
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    @Test
    void aNameThatAnswersPublicToTheCheckAndLoopbackToTheConnectionIsRefusedBeforeConnecting() {
        ChangingAnswers dns = new ChangingAnswers(List.of(PUBLIC), List.of(LOOPBACK));
        AddressGuard guard = new AddressGuard(false, false, "tests", dns);
        String url = "http://" + NAME + ":" + server.port() + "/hook";

        assertThat(guard.refusalNow(URI.create(url))).isEmpty();

        assertThatThrownBy(() -> get(guard, url)).satisfies(failure -> assertThat(AddressRefusedException.in(failure))
                .hasValueSatisfying(refused -> assertThat(refused.getMessage())
                        .isEqualTo("the target host shop.example resolves to a loopback address, which tests may not reach")));
        assertThat(dns.asked()).as("the connection's own lookup is the one judged").isEqualTo(2);
        assertThat(server.received()).isEmpty();
    }

    @Test
    void aNameThatResolvesToAnAllowedAddressIsConnectedToThatAddressUnderItsName() {
        ChangingAnswers dns = new ChangingAnswers(List.of(LOOPBACK));
        AddressGuard guard = new AddressGuard(true, false, "tests", dns);

        assertThat(get(guard, "http://" + NAME + ":" + server.port() + "/hook")).isEqualTo("ok");

        assertThat(dns.asked()).isEqualTo(1);
        assertThat(server.received()).singleElement().asString()
                .startsWith("GET /hook HTTP/1.1").containsIgnoringCase("host: shop.example:" + server.port());
    }

    @Test
    void anIpLiteralOfARefusedAddressIsRefusedWhenConnecting() {
        ChangingAnswers dns = new ChangingAnswers(List.of(PUBLIC));
        AddressGuard guard = new AddressGuard(false, false, "tests", dns);

        assertThatThrownBy(() -> get(guard, "http://127.0.0.1:" + server.port() + "/hook"))
                .satisfies(failure -> assertThat(AddressRefusedException.in(failure)).hasValueSatisfying(refused ->
                        assertThat(refused.getMessage()).isEqualTo("the target host 127.0.0.1 is a loopback address, which tests may not reach")));
        assertThat(dns.asked()).isZero();
        assertThat(server.received()).isEmpty();
    }

    @Test
    void anIpv4MappedIpv6LiteralIsJudgedAsTheIpv4AddressItCarries() {
        AddressGuard guard = new AddressGuard(false, false, "tests", new ChangingAnswers(List.of(PUBLIC)));

        assertThatThrownBy(() -> get(guard, "http://[::ffff:127.0.0.1]:" + server.port() + "/hook"))
                .satisfies(failure -> assertThat(AddressRefusedException.in(failure)).hasValueSatisfying(refused ->
                        assertThat(refused.getMessage()).contains("a loopback address")));
        assertThat(server.received()).isEmpty();
    }

    @Test
    void aNameWithOneRefusedAddressAmongAllowedOnesIsRefusedWhole() {
        AddressGuard guard = new AddressGuard(false, false, "tests", new ChangingAnswers(List.of(PUBLIC, LOOPBACK)));

        assertThatThrownBy(() -> get(guard, "http://" + NAME + ":" + server.port() + "/hook"))
                .satisfies(failure -> assertThat(AddressRefusedException.in(failure)).isPresent());
        assertThat(server.received()).isEmpty();
    }

    @Test
    void tlsNamesTheHostWhileConnectingToTheAddressTheGuardChecked() {
        AddressGuard guard = new AddressGuard(true, false, "tests", new ChangingAnswers(List.of(LOOPBACK)));

        // the server speaks no TLS, so the handshake fails after the ClientHello it records
        assertThatThrownBy(() -> get(guard, "https://" + NAME + ":" + server.port() + "/hook"))
                .satisfies(failure -> assertThat(AddressRefusedException.in(failure)).isEmpty());

        assertThat(server.received()).singleElement().asString().startsWith("\u0016").contains(NAME);
    }

    private static String get(AddressGuard guard, String url) {
        return HttpClient.create(ConnectionProvider.newConnection())
                .resolver(new GuardedAddressResolverGroup(guard))
                .get().uri(url)
                .responseSingle((response, body) -> body.asString())
                .block(Duration.ofSeconds(10));
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The name server of shop.example, whose answer changes: each lookup gets the next one, the last one repeating. */
    private static final class ChangingAnswers implements HostLookup {

        private final List<List<InetAddress>> answers;
        private final AtomicInteger asked = new AtomicInteger();

        @SafeVarargs
        ChangingAnswers(List<InetAddress>... answers) {
            this.answers = List.of(answers);
        }

        @Override
        public List<InetAddress> addressesOf(String host) throws UnknownHostException {
            if (!host.equals(NAME)) {
                throw new UnknownHostException(host);
            }
            return answers.get(Math.min(asked.getAndIncrement(), answers.size() - 1));
        }

        int asked() {
            return asked.get();
        }
    }
}
