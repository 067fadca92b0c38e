package io.engagement.messaging.whatsapp;

import com.sun.net.httpserver.HttpServer;
import io.engagement.messaging.MessagingProperties;
import io.engagement.messaging.delivery.DeliveryFailure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CloudApiSenderTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final WhatsAppRequested JOB = new WhatsAppRequested("m-1", "+2348012345678", "+12015550100", "Hello");

    private HttpServer provider;
    private volatile int answerStatus = 200;
    private volatile String answerBody = "{\"messaging_product\": \"whatsapp\", \"messages\": [{\"id\": \"wamid.ABC\"}]}";
    private final AtomicReference<String> path = new AtomicReference<>();
    private final AtomicReference<String> authorization = new AtomicReference<>();
    private final AtomicReference<JsonNode> body = new AtomicReference<>();

    @BeforeEach
    void startProvider() throws IOException {
        provider = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        provider.createContext("/", exchange -> {
            path.set(exchange.getRequestURI().getPath());
            authorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
            body.set(JSON.readTree(exchange.getRequestBody().readAllBytes()));
            byte[] answer = answerBody.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answerStatus, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        provider.start();
    }

    @AfterEach
    void stopProvider() {
        provider.stop(0);
    }

    @Test
    void aTextIsPostedAsTheCloudApiExpectsAndItsIdKept() throws DeliveryFailure {
        String id = sender("").send(JOB);

        assertThat(id).isEqualTo("wamid.ABC");
        assertThat(path.get()).isEqualTo("/v21.0/2348012345678/messages");
        assertThat(authorization.get()).isEqualTo("Bearer secret-token");
        assertThat(body.get()).isEqualTo(JSON.readTree(
                "{\"messaging_product\": \"whatsapp\", \"to\": \"+12015550100\", \"type\": \"text\", \"text\": {\"body\": \"Hello\"}}"));
    }

    @Test
    void aConfiguredPhoneNumberIdIsUsedInsteadOfTheSendingNumber() throws DeliveryFailure {
        sender("106540352242922").send(JOB);

        assertThat(path.get()).isEqualTo("/v21.0/106540352242922/messages");
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 401, 404})
    void aRefusalOfTheMessageIsPermanent(int status) {
        answerStatus = status;
        answerBody = "{\"error\": {\"message\": \"Invalid parameter\"}}";

        assertThatThrownBy(() -> sender("").send(JOB)).isInstanceOfSatisfying(DeliveryFailure.class, failure -> {
            assertThat(failure.permanent()).isTrue();
            assertThat(failure.getMessage()).contains(Integer.toString(status)).contains("Invalid parameter");
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {408, 429, 500, 503})
    void throttlingTimeoutsAndServerFaultsAreWorthAnotherAttempt(int status) {
        answerStatus = status;
        answerBody = "{}";

        assertThatThrownBy(() -> sender("").send(JOB)).isInstanceOfSatisfying(DeliveryFailure.class,
                failure -> assertThat(failure.permanent()).isFalse());
    }

    @Test
    void anUnreachableProviderIsWorthAnotherAttempt() {
        int port = provider.getAddress().getPort();
        provider.stop(0);
        CloudApiSender unreachable = new CloudApiSender(properties("http://127.0.0.1:" + port + "/v21.0", ""), JSON);

        assertThatThrownBy(() -> unreachable.send(JOB)).isInstanceOfSatisfying(DeliveryFailure.class,
                failure -> assertThat(failure.permanent()).isFalse());
    }

    private CloudApiSender sender(String phoneNumberId) {
        return new CloudApiSender(properties("http://127.0.0.1:" + provider.getAddress().getPort() + "/v21.0/", phoneNumberId), JSON);
    }

    private static MessagingProperties properties(String baseUrl, String phoneNumberId) {
        return new MessagingProperties(null, null, null,
                new MessagingProperties.WhatsApp(baseUrl, "secret-token", phoneNumberId, Duration.ofSeconds(5)));
    }
}
