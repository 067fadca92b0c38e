package io.engagement.platform.event;

import java.time.Instant;

/**
 * An organization connected or disconnected its WhatsApp business number
 * ({@link Topics#MESSAGING_SETTINGS}, keyed {@code org:settings-whatsapp}): the conversations learn
 * from it which organization an inbound WhatsApp message is for.
 *
 * @param status {@code connected} or {@code disconnected}; a disconnected number is null
 */
@EventType("settings.whatsapp.changed")
public record WhatsAppConnectionChanged(String phoneNumber, String status, Instant connectedAt) implements DomainEvent {

    public static final String CONNECTED = "connected";

    /** The connected number's digits, the way the Cloud API names it ({@code display_phone_number} without {@code +}); null when none. */
    public String connectedDigits() {
        return CONNECTED.equals(status) && phoneNumber != null ? phoneNumber.replaceAll("[^0-9]", "") : null;
    }
}
