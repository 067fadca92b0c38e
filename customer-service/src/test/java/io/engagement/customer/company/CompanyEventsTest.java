package io.engagement.customer.company;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class CompanyEventsTest {

    /** As the services' mapper writes events: snake_case fields. */
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void theEventCarriesTheCompanyAsStoredFieldForField() {
        Company company = new Company(31, "acme", "Acme Ltd", "hello@acme.example", "active", "Anvils", "Manufacturing",
                "https://acme.example", "+442079460000", "1 Road Runner Way", 7, Instant.parse("2026-11-27T09:10:00Z"),
                Instant.parse("2026-11-27T09:11:00Z"));

        assertThat(JSON.<JsonNode>valueToTree(CompanyEvents.created(company))).isEqualTo(JSON.<JsonNode>valueToTree(company));
    }
}
