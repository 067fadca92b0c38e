package io.engagement.customer.ticket;

import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.TicketCreated;
import io.engagement.platform.event.TicketUpdated;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TicketEventsTest {

    /** As the services' mapper writes events: snake_case fields. */
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final Ticket TICKET = new Ticket("tkt_9", "pending", "Cannot export", "The CSV export button does nothing", "cus_ada",
            "ada@example.com", List.of("export", "bug"), "grace@example.com", Instant.parse("2026-11-27T11:00:00Z"),
            Instant.parse("2026-11-27T11:30:00Z"), null);

    @Test
    void theEventIsTheOneTheMarkNamesAndCarriesTheTicketAsWritten() {
        assertThat(TicketEvents.changed(DomainEvent.typeOf(TicketCreated.class), TICKET)).isInstanceOf(TicketCreated.class)
                .satisfies(created -> assertThat(JSON.<JsonNode>valueToTree(created)).isEqualTo(JSON.<JsonNode>valueToTree(TICKET)));
        assertThat(TicketEvents.changed(DomainEvent.typeOf(TicketUpdated.class), TICKET)).isInstanceOf(TicketUpdated.class)
                .satisfies(updated -> assertThat(JSON.<JsonNode>valueToTree(updated)).isEqualTo(JSON.<JsonNode>valueToTree(TICKET)));
    }

    @Test
    void aMarkOfNoTicketEventIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> TicketEvents.changed("settings.ticketing.changed", TICKET));
    }
}
