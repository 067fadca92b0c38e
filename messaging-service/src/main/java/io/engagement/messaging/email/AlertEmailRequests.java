package io.engagement.messaging.email;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.event.AlertEmailRequested;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.validation.Loc;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The alert service's e-mail ({@link AlertEmailRequested}, binding {@code alertEmails}): each request
 * is checked as the send API checks a message and queued as it queues one (a ledger entry and a job
 * on the message queue, then delivered, retried and shown like any e-mail, of type {@code alert}),
 * under a message id derived from the alert delivery's, so a request read again never sends a
 * second mail. A request that does not read, or that the API would refuse, goes to the topic's dead
 * letters; the database or the queue away is retried until they answer.
 */
@Configuration(proxyBeanMethods = false)
class AlertEmailRequests {

    static final String EMAIL_TYPE = "alert";
    static final String CATEGORY = "alerts";

    private final EmailAcceptance acceptance;
    private final EventReader events;
    private final ObjectMapper json;

    AlertEmailRequests(EmailAcceptance acceptance, EventReader events, ObjectMapper json) {
        this.acceptance = acceptance;
        this.events = events;
        this.json = json;
    }

    @Bean
    Consumer<Message<String>> alertEmails() {
        return record -> onRequest(ReceivedRecords.of(record));
    }

    /** A record of another type, and a tombstone, is passed over. */
    void onRequest(ConsumerRecord<String, String> record) {
        events.read(record.value()).ifPresent(envelope -> {
            if (envelope.data() instanceof AlertEmailRequested requested) {
                accept(envelope.orgId(), requested);
            }
        });
    }

    private void accept(long org, AlertEmailRequested requested) {
        if (requested.deliveryId() == null || requested.deliveryId().isBlank()) {
            throw new UnreadableRecord("an alert e-mail request that names no delivery");
        }
        acceptance.acceptOnce(org, messageId(org, requested.deliveryId()), request(requested)).block();
    }

    /** The request as the send API would take it in. */
    private EmailRequest request(AlertEmailRequested requested) {
        ObjectNode message = json.createObjectNode()
                .put("to_email", requested.toEmail())
                .put("subject", requested.subject())
                .put("text_content", requested.text())
                .put("email_type", EMAIL_TYPE)
                .put("category", CATEGORY);
        List<ErrorDetail> errors = new ArrayList<>();
        JsonNode accepted = EmailRequests.MESSAGE.apply(message, Loc.body(), errors);
        EmailRequests.checkParts(message, Loc.body(), errors);
        if (!errors.isEmpty()) {
            // where and what, not the values: a dead letter's headers and the logs would keep the address
            throw new UnreadableRecord("an alert e-mail the send API would refuse: " + errors.stream()
                    .map(error -> error.loc().get(error.loc().size() - 1) + ": " + error.msg()).collect(Collectors.joining("; ")));
        }
        return json.treeToValue(accepted, EmailRequest.class);
    }

    /** One message per alert delivery; the organization is part of it, as a delivery id is the alert service's alone. */
    static String messageId(long org, String deliveryId) {
        return UUID.nameUUIDFromBytes(("alert-email|" + org + "|" + deliveryId).getBytes(StandardCharsets.UTF_8)).toString();
    }
}
