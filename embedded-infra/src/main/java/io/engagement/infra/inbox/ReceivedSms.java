package io.engagement.infra.inbox;

import java.time.Instant;

/**
 * One {@code submit_sm} as the embedded SMSC received it.
 *
 * @param id            a short id assigned on receipt, the dev inbox's {@code id}
 * @param smscMessageId the {@code message_id} answered in {@code submit_sm_resp} and quoted by the delivery receipt
 * @param senderId      {@code source_addr}
 * @param to            {@code destination_addr}
 * @param message       the text decoded by {@code data_coding}, from {@code short_message} or {@code message_payload}
 * @param channel       {@code dnd} when {@code service_type} was {@code DND}, otherwise {@code generic}
 */
public record ReceivedSms(String id, String smscMessageId, String senderId, String to, String message, String channel,
                          Instant receivedAt) {
}
