package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.ChannelWorker;
import io.engagement.messaging.delivery.Deliveries;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.HashMap;
import java.util.Map;

/** Delivers queued SMS to the SMSC over SMPP. */
@Component
class SmsWorker implements ChannelWorker {

    static final String CHANNEL = "sms";
    private static final String SMSC_MESSAGE_ID = "smsc_message_id";

    private final MessageLedger ledger;
    private final SmscIds smscIds;
    private final SmppSubmitter smsc;
    private final ObjectMapper json;

    SmsWorker(MessageLedgers ledgers, SmscIds smscIds, SmppSubmitter smsc, ObjectMapper json) {
        this.ledger = ledgers.sms();
        this.smscIds = smscIds;
        this.smsc = smsc;
        this.json = json;
    }

    @Override
    public String jobType() {
        return SmsRequested.TYPE;
    }

    @Override
    public MessageLedger ledger() {
        return ledger;
    }

    @Override
    public Deliveries.Delivery delivery(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> envelope) {
        SmsRequested job = json.treeToValue(envelope.data(), SmsRequested.class);
        return new Deliveries.Delivery(record, new Deliveries.Queued(job.messageId(), envelope.orgId(), CHANNEL), () -> {
            String smscId = smsc.submit(job);
            smscIds.remember(smscId, job.messageId());
            return Map.of(SMSC_MESSAGE_ID, smscId);
        });
    }

    @Override
    public Mono<Void> handedOver(Map<String, Map<String, Object>> shown) {
        Map<String, String> messageIds = new HashMap<>();
        shown.forEach((messageId, fields) -> messageIds.put((String) fields.get(SMSC_MESSAGE_ID), messageId));
        return smscIds.keep(messageIds);
    }
}
