package io.engagement.local;

import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/** {@code $ENGAGEMENT_HOME/credentials.json}: the demo organization's keys and where everything is. */
public record Credentials(
        long organizationId,
        String apiKey,
        String transactionalKey,
        String publicKey,
        String adminToken,
        String gatewayUrl,
        String inboxUrl,
        String kafkaBootstrap,
        String mongodbUri,
        String whatsappAppSecret,
        String consoleEmail,
        String consolePassword) {

    static final String FILE = "credentials.json";

    private static final JsonMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    public static Optional<Credentials> read(Path home) {
        Path file = home.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(JSON.readValue(file.toFile(), Credentials.class));
    }

    /** Written readable by its owner only: it holds the admin token. */
    void write(Path home) {
        Path file = home.resolve(FILE);
        try {
            Files.writeString(file, toJson());
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    String toJson() {
        return JSON.writeValueAsString(this);
    }

    Credentials at(String gatewayUrl, String inboxUrl, String kafkaBootstrap, String mongodbUri, String whatsappAppSecret) {
        return new Credentials(organizationId, apiKey, transactionalKey, publicKey, adminToken, gatewayUrl, inboxUrl,
                kafkaBootstrap, mongodbUri, whatsappAppSecret, consoleEmail, consolePassword);
    }

    Credentials withConsole(String email, String password) {
        return new Credentials(organizationId, apiKey, transactionalKey, publicKey, adminToken, gatewayUrl, inboxUrl,
                kafkaBootstrap, mongodbUri, whatsappAppSecret, email, password);
    }
}
