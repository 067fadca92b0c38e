package io.engagement.customer.directory;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class CustomerEventsTest {

    /** As the services' mapper writes events: snake_case fields. */
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void theEventCarriesTheCustomerAsStoredFieldForField() {
        Customer customer = new Customer(1042, "cus_ada", "Ada Lovelace", "ada@example.com", "+447700900123", "api", "203.0.113.7",
                "London", "GB", "London, GB", "51.5072", "-0.1276", true, 7, 31L, Instant.parse("2026-11-27T09:15:00Z"),
                Instant.parse("2026-11-27T09:16:00Z"));

        assertThat(JSON.<JsonNode>valueToTree(CustomerEvents.created(customer))).isEqualTo(JSON.<JsonNode>valueToTree(customer));
    }
}
