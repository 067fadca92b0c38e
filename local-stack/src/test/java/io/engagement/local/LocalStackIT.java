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
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What {@code ./run.sh} does, from the first start to the second. */
class LocalStackIT {

    @Test
    void theFirstStartCreatesTheDemoOrganizationAndTheSecondKeepsItsData(@TempDir Path home) throws Exception {
        Map<String, String> environment = Map.of(
                "ENGAGEMENT_HOME", home.toString(),
                "ENGAGEMENT_REPOSITORY", System.getProperty("engagement.repository", ".."),
                "ENGAGEMENT_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_KAFKA_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_MONGO_PORT", Integer.toString(FreePorts.next()));

        Credentials first;
        List<Long> firstServices;
        try (LocalStack stack = LocalStack.fromEnvironment(environment)) {
            first = stack.start();
            firstServices = stack.fleet().pids();
            assertThat(Files.readString(home.resolve("credentials.json"))).contains(
                    "\"organization_id\"", "\"api_key\"", "\"transactional_key\"", "\"public_key\"", "\"admin_token\"",
                    "\"gateway_url\"", "\"inbox_url\"", "\"kafka_bootstrap\"", "\"mongodb_uri\"");
            assertThat(customersStatus(first)).isEqualTo(200);
        }
        assertThat(firstServices).hasSize(5).allSatisfy(pid ->
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse());

        try (LocalStack stack = LocalStack.fromEnvironment(environment)) {
            Credentials second = stack.start();

            assertThat(second.organizationId()).isEqualTo(first.organizationId());
            assertThat(second.apiKey()).isEqualTo(first.apiKey());
            assertThat(second.adminToken()).isEqualTo(first.adminToken());
            assertThat(customersStatus(second)).isEqualTo(200);
            assertThat(Credentials.read(home)).contains(second);
        }
    }

    private static int customersStatus(Credentials credentials) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(credentials.gatewayUrl() + "/external/v1/customers"))
                .header("x-api-key", credentials.apiKey()).GET().build();
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
