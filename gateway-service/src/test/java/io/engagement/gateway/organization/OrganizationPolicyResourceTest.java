package io.engagement.gateway.organization;

import io.engagement.testkit.HandlerSlice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.util.List;

@HandlerSlice(value = OrganizationPolicyResource.class, properties = "engagement.admin.token=" + OrganizationPolicyResourceTest.ADMIN_TOKEN)
@Import({OrganizationStore.class, OrganizationPolicyCache.class, OrganizationPolicyEvents.class})
class OrganizationPolicyResourceTest {

    static final String ADMIN_TOKEN = "slice-admin-token-0123456789";

    @Autowired
    private WebTestClient client;
    @Autowired
    private OrganizationStore organizations;

    private WebTestClient admin;
    private long organizationId;

    /** The admin token's setting, which the slice does not scan for. */
    @TestConfiguration(proxyBeanMethods = false)
    @EnableConfigurationProperties(AdminProperties.class)
    static class AdminSettings {
    }

    @BeforeEach
    void newOrganization() {
        admin = client.mutate().defaultHeader(AdminTokenFilter.HEADER, ADMIN_TOKEN).build();
        organizationId = organizations.create("Acme").block().organizationId();
    }

    @Test
    void retentionDefaultsTo90And30And30DaysAndIsReplacedWhole() {
        String changed = "{\"raw_event_days\": 7, \"replay_days\": 3, \"message_body_days\": 14}";

        admin.get().uri(retention(organizationId)).exchange()
                .expectStatus().isOk()
                .expectBody().json("{\"raw_event_days\": 90, \"replay_days\": 30, \"message_body_days\": 30}", true);
        admin.put().uri(retention(organizationId)).contentType(MediaType.APPLICATION_JSON).bodyValue(changed).exchange()
                .expectStatus().isOk()
                .expectBody().json(changed, true);
        admin.get().uri(retention(organizationId)).exchange().expectBody().json(changed, true);
    }

    @Test
    void badRetentionValuesAreEachReportedAndAnUnknownOrganizationIsNotFound() {
        admin.put().uri(retention(organizationId)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"raw_event_days\": 0, \"replay_days\": \"soon\"}").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.detail[*].loc").isEqualTo(List.of(List.of("body", "raw_event_days"), List.of("body", "replay_days"),
                        List.of("body", "message_body_days")))
                .jsonPath("$.detail[0].type").isEqualTo("greater_than_equal")
                .jsonPath("$.detail[2].type").isEqualTo("missing");

        admin.get().uri(retention(999_999_999)).exchange()
                .expectStatus().isNotFound()
                .expectBody().json("{\"detail\": \"Organization not found\"}", true);
        admin.get().uri(retention(organizationId)).exchange().expectBody().jsonPath("$.raw_event_days").isEqualTo(90);
    }

    @Test
    void aPlanIsOneOfThePlansAndAnsweredAsStored() {
        String plan = "/admin/v1/organizations/" + organizationId + "/plan";

        admin.put().uri(plan).contentType(MediaType.APPLICATION_JSON).bodyValue("{\"plan\": \"premium\"}").exchange()
                .expectStatus().isOk()
                .expectBody().json("{\"organization_id\": " + organizationId + ", \"plan\": \"premium\"}", true);
        admin.put().uri(plan).contentType(MediaType.APPLICATION_JSON).bodyValue("{\"plan\": \"platinum\"}").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.detail[0].loc").isEqualTo(List.of("body", "plan"));
        admin.get().uri(plan).exchange().expectBody().jsonPath("$.plan").isEqualTo("premium");
    }

    @Test
    void theAdminApiAnswersOnlyToTheAdminToken() {
        client.get().uri(retention(organizationId)).exchange()
                .expectStatus().isUnauthorized()
                .expectBody().json("{\"detail\": \"Missing admin token\"}", true);
        client.get().uri(retention(organizationId)).header(AdminTokenFilter.HEADER, "not-the-admin-token").exchange()
                .expectStatus().isUnauthorized()
                .expectBody().json("{\"detail\": \"Invalid admin token\"}", true);
    }

    private static String retention(long organizationId) {
        return "/admin/v1/organizations/" + organizationId + "/retention";
    }
}
