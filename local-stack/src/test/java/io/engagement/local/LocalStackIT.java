package io.engagement.local;

import io.engagement.infra.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** What {@code ./run.sh} does, from the first start to the second. */
class LocalStackIT {

    @Test
    void theFirstStartCreatesTheDemoOrganizationAndTheSecondKeepsItsData(@TempDir Path home) throws Exception {
        Map<String, String> environment = Map.of(
                "ENGAGEMENT_HOME", home.toString(),
                "ENGAGEMENT_REPOSITORY", System.getProperty("engagement.repository", ".."),
                "ENGAGEMENT_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_KAFKA_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_MONGO_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_SMTP_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_SMSC_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_INBOX_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_SERVICE_JAVA_OPTS", String.join(" ", FleetSettings.QUICK_START_JAVA_OPTIONS));

        Credentials first;
        List<Long> firstServices;
        try (LocalStack stack = LocalStack.fromEnvironment(environment)) {
            first = stack.start();
            firstServices = stack.fleet().pids();
            assertThat(Files.readString(home.resolve("credentials.json"))).contains(
                    "\"organization_id\"", "\"api_key\"", "\"transactional_key\"", "\"public_key\"", "\"admin_token\"",
                    "\"gateway_url\"", "\"inbox_url\"", "\"kafka_bootstrap\"", "\"mongodb_uri\"", "\"whatsapp_app_secret\"",
                    "\"console_email\"", "\"console_password\"");
            assertThat(customersStatus(first)).isEqualTo(200);
            assertThat(first.consoleEmail()).isEqualTo("admin@example.com");
            assertThat(first.consolePassword()).hasSizeGreaterThanOrEqualTo(20);
            assertThat(signIn(first).body()).contains("\"role\":\"admin\"", "\"status\":\"active\"");
            theDemoOrganizationsMailAndSmsReachTheDevInbox(first);
            aWhatsAppUserPlayedByTheDevInboxReachesTheDemoOrganizationsInbox(first);
        }
        assertThat(firstServices).hasSize(5).allSatisfy(pid ->
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse());

        try (LocalStack stack = LocalStack.fromEnvironment(environment)) {
            Credentials second = stack.start();

            assertThat(second.organizationId()).isEqualTo(first.organizationId());
            assertThat(second.apiKey()).isEqualTo(first.apiKey());
            assertThat(second.adminToken()).isEqualTo(first.adminToken());
            assertThat(second.whatsappAppSecret()).isNotBlank().isEqualTo(first.whatsappAppSecret());
            assertThat(second.consolePassword()).isEqualTo(first.consolePassword());
            assertThat(signIn(second).statusCode()).isEqualTo(200);
            assertThat(customersStatus(second)).isEqualTo(200);
            assertThat(Credentials.read(home)).contains(second);
        }
    }

    /** The demo organization's wallet is funded, and what it sends shows in the dev inbox. */
    private static void theDemoOrganizationsMailAndSmsReachTheDevInbox(Credentials demo) throws Exception {
        assertThat(call(demo.gatewayUrl() + "/external/v1/transactional-email/send", "X-Transactional-Key", demo.transactionalKey(),
                "{\"to_email\": \"ann@example.com\", \"subject\": \"Hello {{name}}\", \"text_content\": \"Hi\", \"merge_data\": {\"name\": \"Ann\"}}")
                .statusCode()).isEqualTo(200);
        assertThat(call(demo.gatewayUrl() + "/external/v1/external/v1/sms/send", "x-api-key", demo.apiKey(),
                "{\"sender_id\": \"Demo\", \"to\": \"+12015550123\", \"message\": \"Hi\"}").statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(call(demo.inboxUrl() + "/api/v1/messages", null, null, null).body())
                    .contains("\"total\":2", "Hello Ann", "You are invited to Demo");
            assertThat(call(demo.inboxUrl() + "/api/v1/sms", null, null, null).body())
                    .contains("\"total\":1").contains("\"sender_id\":\"Demo\"");
        });
        assertThat(call(demo.gatewayUrl() + "/admin/v1/organizations/" + demo.organizationId() + "/wallet", "X-Admin-Token",
                demo.adminToken(), null).body()).contains("\"balance\":999");
    }

    /** Connects a number, then plays a user writing to it: the text opens a WhatsApp conversation (the number is learnt by topic). */
    private static void aWhatsAppUserPlayedByTheDevInboxReachesTheDemoOrganizationsInbox(Credentials demo) throws Exception {
        HttpRequest connect = HttpRequest.newBuilder(URI.create(demo.gatewayUrl() + "/external/v1/settings/whatsapp"))
                .header("x-api-key", demo.apiKey()).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"phone_number\": \"+15550009999\"}")).build();
        assertThat(HttpClient.newHttpClient().send(connect, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(call(demo.inboxUrl() + "/api/v1/whatsapp/inbound", null, null,
                    "{\"from\": \"+15550001111\", \"to\": \"+15550009999\", \"text\": \"Hello\"}").statusCode()).isEqualTo(200);
            assertThat(call(demo.gatewayUrl() + "/external/v1/conversations?channel=whatsapp", "x-api-key", demo.apiKey(), null).body())
                    .contains("\"whatsapp_number\":\"+15550001111\"");
        });
    }

    private static HttpResponse<String> call(String url, String header, String value, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        if (header != null) {
            request.header(header, value);
        }
        if (json != null) {
            request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        }
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The console's sign-in with the printed e-mail and password. */
    private static HttpResponse<String> signIn(Credentials credentials) throws IOException, InterruptedException {
        return call(credentials.gatewayUrl() + "/auth/v1/sign-in", null, null,
                "{\"email\": \"" + credentials.consoleEmail() + "\", \"password\": \"" + credentials.consolePassword() + "\"}");
    }

    private static int customersStatus(Credentials credentials) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(credentials.gatewayUrl() + "/external/v1/customers"))
                .header("x-api-key", credentials.apiKey()).GET().build();
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
