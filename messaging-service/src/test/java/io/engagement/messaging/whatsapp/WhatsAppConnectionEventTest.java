package io.engagement.messaging.whatsapp;

import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.WhatsAppConnectionChanged;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The conversations learn connected numbers from the settings this service publishes: they must read as the typed change. */
class WhatsAppConnectionEventTest {

    private static final JsonMapper SERVICES = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void aChangeIsPublishedAsTheConnectionChangeOtherServicesRead() {
        assertThat(WhatsAppConnectionConfiguration.KIND.changedEventType()).isEqualTo(DomainEvent.typeOf(WhatsAppConnectionChanged.class));
    }

    @Test
    void aConnectedNumberReadsWithItsDigitsAndADisconnectionWithNone() {
        Instant at = Instant.parse("2026-11-28T09:20:00Z");

        assertThat(published(WhatsAppConnection.connected("+2348012345678", at)))
                .isEqualTo(new WhatsAppConnectionChanged("+2348012345678", "connected", at))
                .extracting(WhatsAppConnectionChanged::connectedDigits).isEqualTo("2348012345678");
        assertThat(published(WhatsAppConnection.DISCONNECTED).connectedDigits()).isNull();
    }

    private static WhatsAppConnectionChanged published(WhatsAppConnection connection) {
        String value = SERVICES.writeValueAsString(new EventEnvelope<>(UUID.randomUUID(),
                WhatsAppConnectionConfiguration.KIND.changedEventType(), 1, 7, Instant.now(), connection));
        return new EventReader(SERVICES).read(value, WhatsAppConnectionChanged.class).orElseThrow().data();
    }
}
