package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class KeyAuthenticationIT {

    private static final String CUSTOMERS = "/external/v1/customers";

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void aRequestWithoutAKeyIsRefusedWith401() {
        Answer answer = suite.get(CUSTOMERS);

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.detail()).isEqualTo("Missing API key");
    }

    @Test
    void anUnknownKeyIsRefusedWith401() {
        Answer answer = suite.get(CUSTOMERS, "x-api-key", "eng_data_not-a-key");

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.detail()).isEqualTo("Invalid API key");
    }

    @Test
    void theDataKeyHeaderNameIsCaseInsensitive() {
        assertThat(suite.get(CUSTOMERS, "X-API-Key", suite.acme.apiKey()).status()).isEqualTo(200);
        assertThat(suite.get(CUSTOMERS, "X-API-KEY", suite.acme.apiKey()).status()).isEqualTo(200);
    }

    @Test
    void aTransactionalKeyOnTheDataApiIsForbidden() {
        Answer inItsOwnHeader = suite.get(CUSTOMERS, "X-Transactional-Key", suite.acme.transactionalKey());
        Answer inTheDataHeader = suite.get(CUSTOMERS, "x-api-key", suite.acme.transactionalKey());

        assertThat(inItsOwnHeader.status()).isEqualTo(403);
        assertThat(inTheDataHeader.status()).isEqualTo(403);
        assertThat(inTheDataHeader.detail()).isEqualTo("A transactional key cannot be used for this operation");
    }

    @Test
    void aPublicKeyOnTheDataApiIsForbidden() {
        Answer inTheHeader = suite.get(CUSTOMERS, "X-Public-Key", suite.acme.publicKey());
        Answer inTheQuery = suite.get(CUSTOMERS + "?public_key=" + suite.acme.publicKey());

        assertThat(inTheHeader.status()).isEqualTo(403);
        assertThat(inTheQuery.status()).isEqualTo(403);
        assertThat(inTheQuery.detail()).isEqualTo("A public key cannot be used for this operation");
    }

    @Test
    void aDataKeyOnTransactionalEmailIsForbidden() {
        Answer answer = suite.post("/external/v1/transactional-email/send", "{}", "x-api-key", suite.acme.apiKey());

        assertThat(answer.status()).isEqualTo(403);
        assertThat(answer.detail()).isEqualTo("A data key cannot be used for this operation");
    }

    /** The refusal is sent before the body arrives; the kept-alive connection must answer the next request. */
    @Test
    void aConnectionStaysUsableAfterABodyWasRefusedUnread() {
        String body = "{\"to_email\": \"" + "a".repeat(2_000) + "@example.com\"}";
        for (int round = 0; round < 300; round++) {
            Answer refused = suite.post("/external/v1/transactional-email/send", body, "x-api-key", suite.acme.apiKey());
            Answer next = suite.admin("GET", "/admin/v1/organizations/" + suite.acme.id() + "/keys", null);

            assertThat(refused.status()).isEqualTo(403);
            assertThat(next.status()).as("round %d", round).isEqualTo(200);
        }
    }

    @Test
    void aRevokedKeyIsRefusedOnTheVeryNextRequest() {
        Answer issued = suite.admin("POST", "/admin/v1/organizations/" + suite.acme.id() + "/keys", "{\"kind\": \"data\"}");
        String key = issued.json().get("key").asString();
        assertThat(suite.get(CUSTOMERS, "x-api-key", key).status()).isEqualTo(200);

        Answer revoked = suite.admin("DELETE",
                "/admin/v1/organizations/" + suite.acme.id() + "/keys/" + issued.json().get("key_id").asLong(), null);
        Answer next = suite.get(CUSTOMERS, "x-api-key", key);

        assertThat(revoked.status()).isEqualTo(200);
        assertThat(revoked.json().get("revoked_at").isNull()).isFalse();
        assertThat(next.status()).isEqualTo(401);
        assertThat(next.detail()).isEqualTo("Invalid API key");
    }

    @Test
    void anInternalTokenSentByAClientIsDiscardedForTheOneTheGatewaySigns() {
        String forgedForGlobex = new InternalToken(RunningSuite.INTERNAL_SECRET, Duration.ofMinutes(1), Clock.systemUTC())
                .mint(new OrgContext(suite.globex.id(), KeyKind.DATA));

        Answer withoutKey = suite.get(CUSTOMERS, InternalToken.HEADER, forgedForGlobex);
        Answer withAcmeKey = suite.get(CUSTOMERS, "x-api-key", suite.acme.apiKey(), InternalToken.HEADER, forgedForGlobex);

        assertThat(withoutKey.status()).isEqualTo(401);
        assertThat(withAcmeKey.status()).isEqualTo(200);
        assertThat(withAcmeKey.json().get("data").valueStream()
                .allMatch(customer -> customer.get("organization_id").asLong() == suite.acme.id())).isTrue();
    }
}
