package io.engagement.messaging.whatsapp;

import io.engagement.messaging.delivery.ChannelWorker;
import io.engagement.messaging.delivery.Deliveries;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.HashMap;
import java.util.Map;

/** Delivers queued WhatsApp texts to the Cloud API provider. */
@Component
class WhatsAppWorker implements ChannelWorker {

    static final String CHANNEL = "whatsapp";

    private final MessageLedger ledger;
    private final CloudApiSender provider;
    private final ObjectMapper json;

    WhatsAppWorker(MessageLedgers ledgers, CloudApiSender provider, ObjectMapper json) {
        this.ledger = ledgers.whatsApp();
        this.provider = provider;
        this.json = json;
    }

    @Override
    public String jobType() {
        return WhatsAppRequested.TYPE;
    }

    @Override
    public MessageLedger ledger() {
        return ledger;
    }

    @Override
    public Deliveries.Delivery delivery(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> envelope) {
        WhatsAppRequested job = json.treeToValue(envelope.data(), WhatsAppRequested.class);
        return new Deliveries.Delivery(record, new Deliveries.Queued(job.messageId(), envelope.orgId(), CHANNEL), () -> {
            Map<String, Object> shown = new HashMap<>();
            shown.put("provider_message_id", provider.send(job));
            return shown;
        });
    }
}
