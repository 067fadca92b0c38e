package io.engagement.customer.supporthours;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.testkit.HandlerSlice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

@HandlerSlice(SupportHoursResource.class)
@Import({SupportHoursConfiguration.class, OpeningStatus.class})
class SupportHoursResourceTest {

    private static final String PATH = "/external/v1/settings/support-hours";
    private static final String DEFAULTS = """
            {"timezone": "UTC", "schedule": {"monday": [{"start": "09:00", "end": "17:00"}],
              "tuesday": [{"start": "09:00", "end": "17:00"}], "wednesday": [{"start": "09:00", "end": "17:00"}],
              "thursday": [{"start": "09:00", "end": "17:00"}], "friday": [{"start": "09:00", "end": "17:00"}],
              "saturday": [], "sunday": []}, "days_off": []}""";
    private static final String WEEKENDS_IN_BERLIN = """
            {"timezone": "Europe/Berlin", "schedule": {"monday": [], "tuesday": [], "wednesday": [], "thursday": [],
              "friday": [], "saturday": [{"start": "10:00", "end": "14:00"}], "sunday": [{"start": "10:00", "end": "14:00"}]},
             "days_off": ["2026-12-26"]}""";

    @Autowired
    private WebTestClient client;
    @Autowired
    private InternalToken tokens;

    private WebTestClient organization;
    private WebTestClient another;

    @BeforeEach
    void signIn() {
        organization = as(ThreadLocalRandom.current().nextLong(1, 1_000_000));
        another = as(ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000));
    }

    @Test
    void anOrganizationsFirstReadAnswersTheDefaults() {
        organization.get().uri(PATH).exchange()
                .expectStatus().isOk()
                .expectBody().json(DEFAULTS, true);
    }

    @Test
    void aReplacementIsAnsweredAndReadBackByItsOrganizationAlone() {
        organization.put().uri(PATH).contentType(MediaType.APPLICATION_JSON).bodyValue(WEEKENDS_IN_BERLIN).exchange()
                .expectStatus().isOk()
                .expectBody().json(WEEKENDS_IN_BERLIN, true);

        organization.get().uri(PATH).exchange().expectBody().json(WEEKENDS_IN_BERLIN, true);
        another.get().uri(PATH).exchange().expectBody().json(DEFAULTS, true);
    }

    @Test
    void aSlotEndingBeforeItStartsIsRefusedWithItsPlaceAndNothingIsWritten() {
        String backwards = DEFAULTS.replace("\"monday\": [{\"start\": \"09:00\", \"end\": \"17:00\"}]",
                "\"monday\": [{\"start\": \"17:00\", \"end\": \"09:00\"}]");

        organization.put().uri(PATH).contentType(MediaType.APPLICATION_JSON).bodyValue(backwards).exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.detail.length()").isEqualTo(1)
                .jsonPath("$.detail[0].type").isEqualTo("value_error")
                .jsonPath("$.detail[0].loc").isEqualTo(List.of("body", "schedule", "monday", 0, "end"))
                .jsonPath("$.detail[0].msg").isEqualTo("Value error, end must be after start");

        organization.get().uri(PATH).exchange().expectBody().json(DEFAULTS, true);
    }

    @Test
    void theStatusAtAnInstantFollowsTheSchedulesZone() {
        organization.put().uri(PATH).contentType(MediaType.APPLICATION_JSON).bodyValue(WEEKENDS_IN_BERLIN).exchange()
                .expectStatus().isOk();

        organization.get().uri(PATH + "/status?at=2026-12-05T09:30:00Z").exchange()
                .expectStatus().isOk()
                .expectBody().json("{\"open\": true, \"next_change_at\": \"2026-12-05T13:00:00Z\"}", true);
        organization.get().uri(PATH + "/status?at=yesterday").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.detail[0].loc").isEqualTo(List.of("query", "at"));
    }

    @Test
    void aRequestWithoutTheGatewaysTokenIsUnauthorized() {
        client.get().uri(PATH).exchange()
                .expectStatus().isUnauthorized()
                .expectBody().json("{\"detail\": \"Not authenticated\"}", true);
    }

    private WebTestClient as(long organizationId) {
        return client.mutate()
                .defaultHeader(InternalToken.HEADER, tokens.mint(new OrgContext(organizationId, KeyKind.DATA)))
                .build();
    }
}
