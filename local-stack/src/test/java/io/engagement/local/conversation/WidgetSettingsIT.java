package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.net.http.HttpRequest;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chat widget's settings through the gateway (data key), the plan that white label needs (admin
 * API), and the widget's own configuration read with the public key from any site. One fresh
 * organization per test.
 */
class WidgetSettingsIT {

    private static final String SETTINGS = "/external/v1/settings/widget";
    private static final String SUPPORT_HOURS = "/external/v1/settings/support-hours";
    private static final String CONFIG = "/widget/v1/config";
    private static final String DEFAULTS = """
            {"theme_color": "#1F6FEB", "position": "right", "welcome_image": "modern", "support_name": "Support",
             "button_label": "Chat with us", "online_status_message": "We typically reply in a few minutes",
             "offline_status_message": "We're away right now. Leave a message and we'll get back to you.",
             "sound_enabled": true, "white_label": false, "identity_verification": "optional"}""";
    private static final String CHANGED = """
            {"theme_color": "#0A7F3F", "position": "left", "welcome_image": "collage", "support_name": "Acme care",
             "button_label": "Ask us", "online_status_message": "Online now", "offline_status_message": "Back at nine",
             "sound_enabled": false, "white_label": false, "identity_verification": "optional"}""";
    private static final String ALWAYS_OPEN = SupportHoursBody.everyDay(SupportHoursBody.ALWAYS_OPEN);
    private static final String ALWAYS_CLOSED = SupportHoursBody.everyDay(SupportHoursBody.ALWAYS_CLOSED);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Widget " + UUID.randomUUID());

    // ---- settings ----

    @Test
    void anOrganizationStartsWithTheDefaultWidget() {
        Answer answer = suite.get(SETTINGS, "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void aValidPutReplacesTheWidgetAndLeavesOtherOrganizationsWithTheirOwnDefaults() {
        RunningSuite.Organization other = suite.createOrganization("Widget other " + UUID.randomUUID());

        Answer put = put(SETTINGS, CHANGED, org.apiKey());

        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(Json.read(CHANGED));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(CHANGED));
        assertThat(suite.get(SETTINGS, "x-api-key", other.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void eachInvalidFieldIsOneFaultAtItsOwnLocAndNothingIsWritten() {
        ObjectNode body = (ObjectNode) Json.read(CHANGED);
        body.put("theme_color", "#12345").put("position", "middle").put("welcome_image", "selfie").put("support_name", "")
                .put("button_label", "b".repeat(31)).put("online_status_message", "m".repeat(141)).put("sound_enabled", "sometimes");
        body.putNull("white_label");
        body.put("offline_status_message", "o".repeat(141));

        Answer answer = put(SETTINGS, body.toString(), org.apiKey());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "theme_color"), List.of("body", "position"),
                List.of("body", "welcome_image"), List.of("body", "support_name"), List.of("body", "button_label"),
                List.of("body", "online_status_message"), List.of("body", "offline_status_message"),
                List.of("body", "sound_enabled"), List.of("body", "white_label"));
        assertThat(answer.json().get("detail").valueStream().map(fault -> fault.get("type").asString()).toList()).containsExactly(
                "string_pattern_mismatch", "literal_error", "literal_error", "string_too_short", "string_too_long", "string_too_long",
                "string_too_long", "bool_parsing", "bool_type");
        assertThat(answer.json().at("/detail/1/msg").asString()).isEqualTo("Input should be 'left' or 'right'");
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void theContractsEightFieldsAloneAreAcceptedWithTheDefaultOfflineMessage() {
        ObjectNode body = (ObjectNode) Json.read(CHANGED);
        body.remove("offline_status_message");

        Answer put = put(SETTINGS, body.toString(), org.apiKey());

        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().get("offline_status_message").asString())
                .isEqualTo(Json.read(DEFAULTS).get("offline_status_message").asString());
        assertThat(put.json().get("support_name").asString()).isEqualTo(body.get("support_name").asString());
    }

    @Test
    void anUnknownFieldIsExtraForbidden() {
        ObjectNode body = (ObjectNode) Json.read(CHANGED);
        body.put("font", "Comic Sans");

        Answer answer = put(SETTINGS, body.toString(), org.apiKey());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.json()).isEqualTo(Json.read("""
                {"detail": [{"type": "extra_forbidden", "loc": ["body", "font"], "msg": "Extra inputs are not permitted",
                  "input": "Comic Sans"}]}"""));
    }

    @Test
    void eachChangeIsPublishedKeyedByTheOrganization() {
        try (TopicReader customerTopic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.CUSTOMER)) {
            assertThat(put(SETTINGS, CHANGED, org.apiKey()).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = customerTopic.awaitMatching(
                    record -> record.key().equals(org.id() + ":settings-widget"), 1);

            JsonNode event = TopicReader.json(published.get(0));
            assertThat(event.get("type").asString()).isEqualTo("settings.widget.changed");
            assertThat(event.get("org_id").asLong()).isEqualTo(org.id());
            assertThat(event.get("data")).isEqualTo(Json.read(CHANGED));
        }
    }

    // ---- the plan and white label ----

    @Test
    void anOrganizationIsOnTheFreePlanUntilTheAdminChangesIt() {
        Answer initial = suite.admin("GET", plan(org.id()), null);
        Answer changed = suite.admin("PUT", plan(org.id()), "{\"plan\": \"premium\"}");

        assertThat(initial.status()).isEqualTo(200);
        assertThat(initial.json()).isEqualTo(Json.read("{\"organization_id\": " + org.id() + ", \"plan\": \"free\"}"));
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.json()).isEqualTo(Json.read("{\"organization_id\": " + org.id() + ", \"plan\": \"premium\"}"));
        assertThat(suite.admin("GET", plan(org.id()), null).json()).isEqualTo(changed.json());
    }

    @Test
    void anUnknownPlanIsA422AnUnknownOrganizationA404AndNoTokenA401() {
        Answer unknownPlan = suite.admin("PUT", plan(org.id()), "{\"plan\": \"gold\"}");
        Answer unknownOrganization = suite.admin("PUT", plan(999_999_999), "{\"plan\": \"premium\"}");
        Answer unknownOrganizationRead = suite.admin("GET", plan(999_999_999), null);
        Answer withoutToken = suite.put(plan(org.id()), "{\"plan\": \"premium\"}");

        assertThat(unknownPlan.status()).isEqualTo(422);
        assertThat(unknownPlan.json()).isEqualTo(Json.read("""
                {"detail": [{"type": "literal_error", "loc": ["body", "plan"], "msg": "Input should be 'free' or 'premium'",
                  "input": "gold", "ctx": {"expected": "'free' or 'premium'"}}]}"""));
        assertThat(unknownOrganization.status()).isEqualTo(404);
        assertThat(unknownOrganization.detail()).isEqualTo("Organization not found");
        assertThat(unknownOrganizationRead.status()).isEqualTo(404);
        assertThat(withoutToken.status()).isEqualTo(401);
        assertThat(suite.admin("GET", plan(org.id()), null).json().get("plan").asString()).isEqualTo("free");
    }

    /**
     * On the free plan white label is refused; once the admin sets premium it is accepted and the
     * widget shows it; after a downgrade the settings read as what is in force (so the form saves as
     * loaded), the widget no longer shows it, and an upgrade brings the stored choice back.
     */
    @Test
    void whiteLabelNeedsThePremiumPlanAndTheWidgetDropsItAfterADowngrade() {
        String whiteLabelled = ((ObjectNode) Json.read(CHANGED)).put("white_label", true).toString();

        Answer onFree = put(SETTINGS, whiteLabelled, org.apiKey());

        assertThat(onFree.status()).isEqualTo(403);
        assertThat(onFree.json()).isEqualTo(Json.read("{\"detail\": \"white label needs the premium plan\"}"));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));

        assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"premium\"}").status()).isEqualTo(200);
        Answer onPremium = put(SETTINGS, whiteLabelled, org.apiKey());

        assertThat(onPremium.status()).as(onPremium.body()).isEqualTo(200);
        assertThat(onPremium.json()).isEqualTo(Json.read(whiteLabelled));
        assertThat(config("X-Public-Key", org.publicKey()).json().get("white_label").asBoolean()).isTrue();

        assertThat(suite.get(SETTINGS + "/plan", "x-api-key", org.apiKey()).json())
                .isEqualTo(Json.read("{\"plan\": \"premium\", \"white_label_available\": true}"));

        assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"free\"}").status()).isEqualTo(200);
        assertThat(config("X-Public-Key", org.publicKey()).json().has("white_label")).isFalse();
        assertThat(suite.get(SETTINGS + "/plan", "x-api-key", org.apiKey()).json())
                .isEqualTo(Json.read("{\"plan\": \"free\", \"white_label_available\": false}"));
        Answer loaded = suite.get(SETTINGS, "x-api-key", org.apiKey());
        assertThat(loaded.json().get("white_label").asBoolean()).as("what is in force").isFalse();
        Answer savedAsLoaded = put(SETTINGS, loaded.body(), org.apiKey());
        assertThat(savedAsLoaded.status()).as(savedAsLoaded.body()).isEqualTo(200);
        assertThat(put(SETTINGS, whiteLabelled, org.apiKey()).status()).isEqualTo(403);
    }

    @Test
    void aStoredWhiteLabelComesBackWithAnUpgrade() {
        String whiteLabelled = ((ObjectNode) Json.read(CHANGED)).put("white_label", true).toString();
        assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"premium\"}").status()).isEqualTo(200);
        assertThat(put(SETTINGS, whiteLabelled, org.apiKey()).status()).isEqualTo(200);

        assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"free\"}").status()).isEqualTo(200);
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json().get("white_label").asBoolean()).isFalse();
        assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"premium\"}").status()).isEqualTo(200);
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json().get("white_label").asBoolean()).isTrue();
    }

    /** Read-your-writes: each plan change is honoured by the very next request, however quickly they alternate. */
    @Test
    void eachPlanChangeIsHonouredByTheVeryNextRequest() {
        String whiteLabelled = ((ObjectNode) Json.read(CHANGED)).put("white_label", true).toString();
        assertThat(put(SETTINGS, whiteLabelled, org.apiKey()).status()).isEqualTo(403);

        for (int round = 0; round < 3; round++) {
            assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"premium\"}").status()).isEqualTo(200);
            Answer upgraded = put(SETTINGS, whiteLabelled, org.apiKey());
            assertThat(upgraded.status()).as("round %d: %s", round, upgraded.body()).isEqualTo(200);
            assertThat(config("X-Public-Key", org.publicKey()).json().get("white_label").asBoolean()).isTrue();

            assertThat(suite.admin("PUT", plan(org.id()), "{\"plan\": \"free\"}").status()).isEqualTo(200);
            assertThat(put(SETTINGS, whiteLabelled, org.apiKey()).status()).as("round %d", round).isEqualTo(403);
            assertThat(config("X-Public-Key", org.publicKey()).json().has("white_label")).isFalse();
        }
    }

    // ---- the widget's configuration ----

    @Test
    void theWidgetReadsItsSettingsAndWhetherSupportIsOpenWithThePublicKey() {
        assertThat(put(SETTINGS, CHANGED, org.apiKey()).status()).isEqualTo(200);
        assertThat(put(SUPPORT_HOURS, ALWAYS_OPEN, org.apiKey()).status()).isEqualTo(200);

        Answer open = config("X-Public-Key", org.publicKey());

        assertThat(open.status()).as(open.body()).isEqualTo(200);
        ObjectNode expected = (ObjectNode) Json.read(CHANGED);
        // whether the widget may offer its ticket form while support is closed, from the ticketing settings
        expected.put("online", true).put("status_message", "Online now").putNull("next_change_at").put("user_tickets_enabled", true);
        expected.remove("white_label");
        assertThat(open.json()).isEqualTo(expected);

        assertThat(put(SUPPORT_HOURS, ALWAYS_CLOSED, org.apiKey()).status()).isEqualTo(200);
        Answer closed = suite.get(CONFIG + "?public_key=" + org.publicKey());

        assertThat(closed.status()).as(closed.body()).isEqualTo(200);
        assertThat(closed.json().get("online").asBoolean()).isFalse();
        assertThat(closed.json().get("status_message").asString()).isEqualTo("Back at nine");
        assertThat(closed.json().get("support_name").asString()).isEqualTo("Acme care");

        assertThat(put("/external/v1/settings/ticketing", "{\"user_tickets_enabled\": false, \"tags\": [\"Billing\"], \"auto_assign\": []}",
                org.apiKey()).status()).isEqualTo(200);
        assertThat(config("X-Public-Key", org.publicKey()).json().get("user_tickets_enabled").asBoolean()).isFalse();
    }

    @Test
    void aNewOrganizationsWidgetHasTheDefaultsAndOfficeHours() {
        Answer answer = config("X-Public-Key", org.publicKey());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("theme_color").asString()).isEqualTo("#1F6FEB");
        assertThat(answer.json().has("white_label")).as("white label is left out on the free plan").isFalse();
        assertThat(answer.json().get("online").isBoolean()).isTrue();
        assertThat(answer.json().get("status_message").asString()).isEqualTo(answer.json().get("online").asBoolean()
                ? "We typically reply in a few minutes" : "We're away right now. Leave a message and we'll get back to you.");
        assertThat(answer.json().get("next_change_at").isString()).as("office hours change within the week").isTrue();
    }

    @Test
    void theWidgetsConfigurationNeedsThePublicKeyAndTheSettingsTheDataKey() {
        Answer withDataKey = config("x-api-key", org.apiKey());
        Answer withoutKey = suite.get(CONFIG);
        Answer withUnknownKey = config("X-Public-Key", "eng_pub_unknown");
        Answer settingsWithPublicKey = suite.get(SETTINGS, "X-Public-Key", org.publicKey());
        Answer putWithPublicKey = put(SETTINGS, CHANGED, org.publicKey(), "X-Public-Key");

        assertThat(withDataKey.status()).isEqualTo(403);
        assertThat(withDataKey.detail()).isEqualTo("A data key cannot be used for this operation");
        assertThat(withoutKey.status()).isEqualTo(401);
        assertThat(withoutKey.detail()).isEqualTo("Missing API key");
        assertThat(withUnknownKey.status()).isEqualTo(401);
        assertThat(settingsWithPublicKey.status()).isEqualTo(403);
        assertThat(putWithPublicKey.status()).isEqualTo(403);
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void browsersMayReadTheConfigurationFromAnyOrigin() {
        Answer preflight = suite.send(HttpRequest.newBuilder(suite.gateway().resolve(CONFIG))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://shop.example.org")
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "x-public-key"));
        Answer read = suite.send(HttpRequest.newBuilder(suite.gateway().resolve(CONFIG)).GET()
                .header("Origin", "https://blog.example.net"), "X-Public-Key", org.publicKey());

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("https://shop.example.org");
        assertThat(preflight.header("Access-Control-Allow-Methods")).contains("GET");
        assertThat(preflight.header("Access-Control-Allow-Headers")).containsIgnoringCase("x-public-key");
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.header("Access-Control-Allow-Origin")).isEqualTo("https://blog.example.net");
    }

    private Answer config(String header, String key) {
        return suite.get(CONFIG, header, key);
    }

    private Answer put(String path, String body, String key) {
        return put(path, body, key, "x-api-key");
    }

    private Answer put(String path, String body, String key, String header) {
        return suite.put(path, body, header, key);
    }

    private static String plan(long organizationId) {
        return "/admin/v1/organizations/" + organizationId + "/plan";
    }
}
