package io.engagement.messaging.whatsapp;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.time.Instant;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * The organization's WhatsApp business number: {@code connected} from a {@code PUT} until a
 * {@code DELETE}, {@code disconnected} (and nothing else) before and after.
 */
public record WhatsAppConnection(String phoneNumber, String status, Instant connectedAt) {

    static final String CONNECTED = "connected";
    static final String DISCONNECTED_STATUS = "disconnected";
    static final WhatsAppConnection DISCONNECTED = new WhatsAppConnection(null, DISCONNECTED_STATUS, null);

    /** E.164: {@code +}, then 8 to 15 digits of which the first is not 0. */
    static final String E164 = "^\\+[1-9][0-9]{7,14}$";

    /** {@code PUT}: the number to connect, nothing else. */
    static final ObjectSchema CONNECT = ObjectSchema.of(required("phone_number", Rules.string().pattern(E164))).forbiddingExtra();

    static WhatsAppConnection connected(String phoneNumber, Instant at) {
        return new WhatsAppConnection(phoneNumber, CONNECTED, at);
    }

    boolean isConnected() {
        return CONNECTED.equals(status) && phoneNumber != null;
    }
}
