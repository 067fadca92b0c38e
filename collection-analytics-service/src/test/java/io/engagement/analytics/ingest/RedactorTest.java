package io.engagement.analytics.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class RedactorTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void anOptedOutKindIsKeptAndEveryOtherKindStillRedacted() {
        Redactor keepsPasswords = Redactor.optingOut(List.of("password", "card_number"));

        JsonNode redacted = keepsPasswords.redact(JSON.readTree("""
                {"password": "hunter2", "token": "abc", "note": "card 4111 1111 1111 1111, Bearer abc.def",
                 "query": "password=hunter2&token=abc"}"""));

        assertThat(redacted.get("password").asString()).isEqualTo("hunter2");
        assertThat(redacted.get("token").asString()).isEqualTo(Redactor.REDACTED);
        assertThat(redacted.get("note").asString()).isEqualTo("card 4111 1111 1111 1111, Bearer [REDACTED]");
        assertThat(redacted.get("query").asString()).isEqualTo("password=hunter2&token=[REDACTED]");
        assertThat(Redactor.DEFAULT.redact("password=hunter2")).isEqualTo("password=[REDACTED]");
        assertThat(Redactor.optingOut(List.of())).isSameAs(Redactor.DEFAULT);
    }

    @Test
    void valuesOfSecretKeysAreRedactedAtAnyDepth() {
        JsonNode redacted = Redactor.DEFAULT.redact(JSON.readTree("""
                {"request_headers": {"Authorization": "Basic dXNlcjpwYXNz", "Cookie": "sid=abc", "Accept": "text/html",
                                     "X-Api-Key": "k_123"},
                 "request_body": {"user": {"email": "ada@example.com", "password": "hunter2", "card_number": "4111111111111111",
                                           "cvv": 123, "ssn": "078-05-1120", "access_token": {"value": "t"}}},
                 "properties": [{"client_secret": "s3cr3t", "plan": "pro"}]}
                """));

        assertThat(redacted.at("/request_headers/Authorization").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_headers/Cookie").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_headers/X-Api-Key").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_headers/Accept").asString()).isEqualTo("text/html");
        assertThat(redacted.at("/request_body/user/email").asString()).isEqualTo("ada@example.com");
        assertThat(redacted.at("/request_body/user/password").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_body/user/card_number").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_body/user/cvv").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_body/user/ssn").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/request_body/user/access_token").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/properties/0/client_secret").asString()).isEqualTo("[REDACTED]");
        assertThat(redacted.at("/properties/0/plan").asString()).isEqualTo("pro");
    }

    @ParameterizedTest
    @ValueSource(strings = {"4111 1111 1111 1111", "4111-1111-1111-1111", "5555555555554444", "378282246310005",
            "6011111111111117"})
    void luhnValidCardNumbersAreRedactedInsideText(String card) {
        assertThat(Redactor.DEFAULT.redact("charge failed for card " + card + " at checkout"))
                .isEqualTo("charge failed for card [REDACTED] at checkout");
    }

    @Test
    void numbersThatAreNotCardsStay() {
        assertThat(Redactor.DEFAULT.redact("order 4111111111111112 of 12 items, phone +2348012345678"))
                .isEqualTo("order 4111111111111112 of 12 items, phone +2348012345678");
    }

    @Test
    void bearerTokensAreRedactedAnywhereInText() {
        assertThat(Redactor.DEFAULT.redact("GET /me failed with Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig== retrying"))
                .isEqualTo("GET /me failed with Authorization: Bearer [REDACTED] retrying");
    }

    @Test
    void secretNameValuePairsInQueryStringsAndFormsAreRedacted() {
        assertThat(Redactor.DEFAULT.redact("https://app.example.com/cb?code=42&token=abc.def&next=/home"))
                .isEqualTo("https://app.example.com/cb?code=42&token=[REDACTED]&next=/home");
        assertThat(Redactor.DEFAULT.redact("username=ada&password=hunter2&remember=1"))
                .isEqualTo("username=ada&password=[REDACTED]&remember=1");
        assertThat(Redactor.DEFAULT.redact("sid=1; session_token=xyz; theme=dark"))
                .isEqualTo("sid=1; session_token=[REDACTED]; theme=dark");
    }

    @Test
    void secretMembersOfJsonLoggedAsTextAreRedacted() {
        assertThat(Redactor.DEFAULT.redact("{\"email\":\"ada@example.com\",\"password\":\"hunter2\",\"api_key\": \"k-9\"}"))
                .isEqualTo("{\"email\":\"ada@example.com\",\"password\":\"[REDACTED]\",\"api_key\": \"[REDACTED]\"}");
    }

    @Test
    void ordinaryTelemetryIsLeftAlone() {
        JsonNode event = JSON.readTree("""
                {"type": "page_view", "session_id": "s-1", "url": "https://app.example.com/ticketing/create?tab=2",
                 "title": "Create ticket", "timestamp": "2026-11-22T10:00:00Z"}
                """);

        assertThat(Redactor.DEFAULT.redact(event.deepCopy())).isEqualTo(event);
    }

    @Test
    void aKeyIsASecretsWhenItsNameContainsASecretWordInAnyCase() {
        assertThat(Stream.of("password", "X-Api-Key", "apiKey", "API_KEY", "stripe.card.number", "Set-Cookie", "my secret", "ssn"))
                .allMatch(Redactor.DEFAULT::isSecretName);
        assertThat(Stream.of("type", "session_id", "url", "title", "duration_ms", "api", "key", "passage", "tokn"))
                .noneMatch(Redactor.DEFAULT::isSecretName);
    }

    @Test
    void stringsInsideArraysAreRedactedToo() {
        JsonNode redacted = Redactor.DEFAULT.redact(JSON.readTree("""
                {"lines": ["paid with 4111 1111 1111 1111", "ok"], "nested": [{"token": "t"}]}"""));

        assertThat(redacted.at("/lines/0").asString()).isEqualTo("paid with [REDACTED]");
        assertThat(redacted.at("/lines/1").asString()).isEqualTo("ok");
        assertThat(redacted.at("/nested/0/token").asString()).isEqualTo("[REDACTED]");
    }

    /**
     * Random UUIDs hold a Luhn-valid run of 13 digits about once in 460: redacting the run would
     * merge two sessions or visitors, or make two events look like one sent twice.
     */
    @Test
    void anEventsOwnIdentifiersAreRedactedOnlyWhenTheyAreCardNumbersAsAWhole() {
        JsonNode event = Redactor.DEFAULT.redactEvent((ObjectNode) JSON.readTree("""
                {"type": "page_view", "event_id": "344b7c3c-6657-4731-9504-9cfcf1e7ba64", "session_id": "4111 1111 1111 1111",
                 "anonymous_id": "a-5500005555555559", "customer_id": "4012-8888-8888-1881",
                 "title": "Session 344b7c3c-6657-4731-9504-9cfcf1e7ba64", "properties": {"session_id": "a-5500005555555559"}}
                """));

        assertThat(event.get("event_id").asString()).isEqualTo("344b7c3c-6657-4731-9504-9cfcf1e7ba64");
        assertThat(event.get("anonymous_id").asString()).isEqualTo("a-5500005555555559");
        assertThat(event.get("session_id").asString()).isEqualTo(Redactor.REDACTED);
        assertThat(event.get("customer_id").asString()).isEqualTo(Redactor.REDACTED);
        // only the event's own identifiers: text, and the same names inside captured data, are scanned as ever
        assertThat(event.get("title").asString()).isNotEqualTo("Session 344b7c3c-6657-4731-9504-9cfcf1e7ba64");
        assertThat(event.get("properties").get("session_id").asString()).isEqualTo("a-" + Redactor.REDACTED);
    }
}
