package io.engagement.messaging.email;

import io.engagement.messaging.delivery.ChannelWorker;
import io.engagement.messaging.delivery.Deliveries;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.Map;

/** Delivers queued emails over SMTP. */
@Component
class EmailWorker implements ChannelWorker {

    static final String CHANNEL = "email";

    private final MessageLedger ledger;
    private final SmtpSender smtp;
    private final ObjectMapper json;

    EmailWorker(MessageLedgers ledgers, SmtpSender smtp, ObjectMapper json) {
        this.ledger = ledgers.email();
        this.smtp = smtp;
        this.json = json;
    }

    @Override
    public String jobType() {
        return EmailRequested.TYPE;
    }

    @Override
    public MessageLedger ledger() {
        return ledger;
    }

    @Override
    public Deliveries.Delivery delivery(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> envelope) {
        EmailRequested job = json.treeToValue(envelope.data(), EmailRequested.class);
        return new Deliveries.Delivery(record, new Deliveries.Queued(job.messageId(), envelope.orgId(), CHANNEL), () -> {
            smtp.send(job);
            return Map.of();
        });
    }
}
