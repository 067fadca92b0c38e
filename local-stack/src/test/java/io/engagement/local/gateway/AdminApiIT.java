package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AdminApiIT {

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void theAdminApiRefusesAMissingOrWrongToken() {
        Answer missing = suite.post("/admin/v1/organizations", "{\"name\": \"X\"}");
        Answer wrong = suite.post("/admin/v1/organizations", "{\"name\": \"X\"}", "X-Admin-Token", "not-the-token-at-all");

        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.detail()).isEqualTo("Missing admin token");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.detail()).isEqualTo("Invalid admin token");
    }

    @Test
    void aNewOrganizationGetsOneWorkingKeyOfEachKind() {
        Answer created = suite.admin("POST", "/admin/v1/organizations", "{\"name\": \"Initech\"}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("name").asString()).isEqualTo("Initech");
        assertThat(created.json().get("organization_id").isIntegralNumber()).isTrue();
        assertThat(created.json().get("api_key").asString()).startsWith("eng_data_").hasSizeGreaterThan(40);
        assertThat(created.json().get("transactional_key").asString()).startsWith("eng_tx_");
        assertThat(created.json().get("public_key").asString()).startsWith("eng_pub_");
        assertThat(suite.get("/external/v1/customers", "x-api-key", created.json().get("api_key").asString()).status())
                .isEqualTo(200);
    }

    @Test
    void anOrganizationNeedsAName() {
        Answer missing = suite.admin("POST", "/admin/v1/organizations", "{}");
        Answer blank = suite.admin("POST", "/admin/v1/organizations", "{\"name\": \"  \"}");

        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.locs()).containsExactly(java.util.List.of("body", "name"));
        assertThat(missing.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(blank.json().at("/detail/0/type").asString()).isEqualTo("string_too_short");
    }

    @Test
    void aKeyKindMustBeDataTransactionalOrPublic() {
        Answer answer = suite.admin("POST", "/admin/v1/organizations/" + suite.acme.id() + "/keys", "{\"kind\": \"root\"}");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("literal_error");
        assertThat(answer.json().at("/detail/0/msg").asString()).isEqualTo("Input should be 'data', 'transactional' or 'public'");
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo("root");
    }

    @Test
    void keyListingsShowPrefixesAndTimesButNeverTheKey() {
        Answer issued = suite.admin("POST", "/admin/v1/organizations/" + suite.globex.id() + "/keys", "{\"kind\": \"public\"}");
        Answer listed = suite.admin("GET", "/admin/v1/organizations/" + suite.globex.id() + "/keys", null);

        assertThat(issued.status()).isEqualTo(201);
        assertThat(issued.json().get("kind").asString()).isEqualTo("public");
        assertThat(issued.json().get("key").asString()).startsWith(issued.json().get("prefix").asString());
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body()).doesNotContain(issued.json().get("key").asString()).doesNotContain(suite.globex.apiKey());
        assertThat(listed.json().valueStream().map(key -> key.get("prefix").asString()))
                .contains(issued.json().get("prefix").asString());
        assertThat(listed.json().get(0).has("created_at")).isTrue();
        assertThat(listed.json().get(0).has("revoked_at")).isTrue();
    }

    @Test
    void anUnknownOrganizationOrKeyIs404() {
        assertThat(suite.admin("GET", "/admin/v1/organizations/999999/keys", null).detail()).isEqualTo("Organization not found");
        Answer unknownKey = suite.admin("DELETE", "/admin/v1/organizations/" + suite.acme.id() + "/keys/999999", null);
        assertThat(unknownKey.status()).isEqualTo(404);
        assertThat(unknownKey.detail()).isEqualTo("Key not found");
    }

    @Test
    void anotherOrganizationsKeyCannotBeRevokedThroughThisOne() {
        Answer globexKeys = suite.admin("GET", "/admin/v1/organizations/" + suite.globex.id() + "/keys", null);
        long globexKeyId = globexKeys.json().get(0).get("key_id").asLong();

        Answer answer = suite.admin("DELETE", "/admin/v1/organizations/" + suite.acme.id() + "/keys/" + globexKeyId, null);

        assertThat(answer.status()).isEqualTo(404);
        assertThat(suite.get("/external/v1/customers", "x-api-key", suite.globex.apiKey()).status()).isEqualTo(200);
    }

    @Test
    void pathIdsMustBeIntegers() {
        Answer answer = suite.admin("GET", "/admin/v1/organizations/abc/keys", null);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(java.util.List.of("path", "organization_id"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("int_parsing");
    }

    @Test
    void aBodyThatIsNotJsonIs422JsonInvalid() {
        Answer malformed = suite.admin("POST", "/admin/v1/organizations", "{\"name\": ");
        Answer empty = suite.admin("POST", "/admin/v1/organizations", "");

        assertThat(malformed.status()).isEqualTo(422);
        assertThat(malformed.locs()).containsExactly(java.util.List.of("body"));
        assertThat(malformed.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
        assertThat(empty.json().at("/detail/0/type").asString()).isEqualTo("missing");
    }
}
