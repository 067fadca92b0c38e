package io.engagement.gateway;

import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The account e-mail the gateway hands to the messaging service, read off its topic as the
 * messaging service would: what a person would find in their inbox.
 */
public final class AccountMails implements AutoCloseable {

    private static final Pattern TOKEN = Pattern.compile("#/(join|reset)\\?token=([A-Za-z0-9_-]+)");

    private final KafkaConsumer<String, String> consumer;
    private final ObjectMapper json = new ObjectMapper();
    private final List<JsonNode> received = new ArrayList<>();

    public AccountMails(String bootstrapServers) {
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "account-mails-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer());
        consumer.subscribe(List.of(Topics.ACCOUNT_EMAIL));
    }

    /** The token of the newest link of {@code page} ({@code join}, {@code reset}) mailed to {@code email}, waiting up to 30 s. */
    public String tokenFor(String email, String page) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                received.add(json.readTree(record.value()).get("data"));
            }
            for (int index = received.size() - 1; index >= 0; index--) {
                JsonNode mail = received.get(index);
                Matcher link = TOKEN.matcher(mail.get("text").asString());
                if (mail.get("to_email").asString().equals(email) && link.find() && link.group(1).equals(page)) {
                    received.remove(index);
                    return link.group(2);
                }
            }
        }
        throw new AssertionError("no " + page + " link mailed to " + email + " within 30 s");
    }

    /** Every mail read so far to {@code email}, and what arrives within {@code wait}. */
    public List<JsonNode> allTo(String email, Duration wait) {
        Instant deadline = Instant.now().plus(wait);
        do {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                received.add(json.readTree(record.value()).get("data"));
            }
        } while (Instant.now().isBefore(deadline));
        return received.stream().filter(mail -> mail.get("to_email").asString().equals(email)).toList();
    }

    @Override
    public void close() {
        consumer.close();
    }
}
