package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rate limits through the gateway: every keyed answer reports the budget, an organization's
 * overridden budget is enforced with 429 and {@code Retry-After}, and the admin API validates
 * what it is given.
 */
class RateLimitIT {

    private static final String CUSTOMERS = "/external/v1/customers";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Limited " + UUID.randomUUID());

    @Test
    void everyKeyedAnswerCarriesTheRateLimitHeadersAndKeyLessOnesDoNot() {
        Answer listed = suite.get(CUSTOMERS, "x-api-key", org.apiKey());
        Answer refused = suite.get("/external/v1/customers/999999999", "x-api-key", org.apiKey());

        for (Answer keyed : List.of(listed, refused)) {
            long limit = Long.parseLong(keyed.header("RateLimit-Limit"));
            long remaining = Long.parseLong(keyed.header("RateLimit-Remaining"));
            assertThat(limit).isEqualTo(5_000);
            assertThat(remaining).isBetween(0L, limit - 1);
            assertThat(Long.parseLong(keyed.header("RateLimit-Reset"))).isNotNegative();
        }
        assertThat(listed.status()).isEqualTo(200);
        assertThat(refused.status()).isEqualTo(404);
        assertThat(suite.get("/sdk/engagement.js").header("RateLimit-Limit")).isNull();
        assertThat(suite.get("/actuator/health").header("RateLimit-Limit")).isNull();
        assertThat(suite.admin("GET", "/admin/v1/organizations/" + org.id() + "/keys", null).header("RateLimit-Limit")).isNull();
    }

    @Test
    void anOrganizationOverItsOverriddenBudgetIsAnswered429WithRetryAfter() {
        Answer overridden = suite.admin("PUT", rateLimits(org.id()), "{\"data\": {\"limit\": 5, \"period_seconds\": 3600}}");
        assertThat(overridden.status()).isEqualTo(200);
        assertThat(overridden.json().at("/data/limit").asLong()).isEqualTo(5);
        assertThat(overridden.json().at("/data/overridden").asBoolean()).isTrue();
        assertThat(overridden.json().at("/organization/overridden").asBoolean()).isFalse();

        for (int request = 5; request > 0; request--) {
            Answer allowed = suite.get(CUSTOMERS, "x-api-key", org.apiKey());
            assertThat(allowed.status()).isEqualTo(200);
            assertThat(allowed.header("RateLimit-Limit")).isEqualTo("5");
            assertThat(allowed.header("RateLimit-Remaining")).isEqualTo(Integer.toString(request - 1));
        }
        Answer refused = suite.get(CUSTOMERS, "x-api-key", org.apiKey());

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.detail()).isNotBlank();
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 3600L);
        assertThat(refused.header("RateLimit-Remaining")).isEqualTo("0");
        RunningSuite.Organization other = suite.createOrganization("Unlimited " + UUID.randomUUID());
        assertThat(suite.get(CUSTOMERS, "x-api-key", other.apiKey()).status()).isEqualTo(200);
    }

    @Test
    void theAdminApiReadsTheBudgetsAndRefusesInvalidOnes() {
        Answer configured = suite.admin("GET", rateLimits(org.id()), null);
        Answer invalid = suite.admin("PUT", rateLimits(org.id()),
                "{\"data\": {\"limit\": 0, \"period_seconds\": 1}, \"public\": {\"limit\": 5}, \"organization\": 3, \"burst\": 1}");
        Answer unknown = suite.admin("PUT", rateLimits(999_999_999), "{}");
        Answer notAnId = suite.admin("GET", "/admin/v1/organizations/acme/rate-limits", null);
        Answer withoutToken = suite.get(rateLimits(org.id()));

        assertThat(configured.status()).isEqualTo(200);
        assertThat(configured.json().get("organization_id").asLong()).isEqualTo(org.id());
        assertThat(configured.json().at("/organization/limit").asLong()).isEqualTo(10_000);
        assertThat(configured.json().at("/transactional/limit").asLong()).isEqualTo(5_000);
        assertThat(configured.json().at("/public/period_seconds").asDouble()).isEqualTo(1.0);
        assertThat(invalid.status()).isEqualTo(422);
        assertThat(invalid.locs()).containsExactlyInAnyOrder(List.of("body", "data", "limit"), List.of("body", "public", "period_seconds"),
                List.of("body", "organization"), List.of("body", "burst"));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(notAnId.status()).isEqualTo(422);
        assertThat(notAnId.locs()).containsExactly(List.of("path", "organization_id"));
        assertThat(withoutToken.status()).isEqualTo(401);
    }

    private static String rateLimits(long organizationId) {
        return "/admin/v1/organizations/" + organizationId + "/rate-limits";
    }
}
