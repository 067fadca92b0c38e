package io.engagement.local.alert;

import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PushKeys;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Alert rules through the gateway: the contract's fields, defaults, every validation fault, and isolation. */
class AlertRulesIT {


    private final RunningSuite suite = RunningSuite.get();
    private final Alerts owner = new Alerts(suite, suite.createOrganization("Rules " + UUID.randomUUID()));
    private final Alerts stranger = new Alerts(suite, suite.createOrganization("Rules stranger " + UUID.randomUUID()));

    @Test
    void aRuleWithAWebhookIsCreatedWithItsDefaultsAndItsSecretIsShownOnlyOnce() {
        Answer created = owner.createRule("""
                {"name": "Errors", "type": "high_error_frequency", "threshold": 5, "frequency": "hourly",
                 "channels": [{"type": "dashboard"}, {"type": "webhook", "target": "http://127.0.0.1:9/hook"},
                              {"type": "email", "target": "Ops@Example.com"}],
                 "quiet_hours": {"timezone": "Africa/Lagos", "start": "22:00", "end": "07:00"}}""");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode rule = created.json();
        assertThat(rule.get("rule_id").asString()).isNotBlank();
        assertThat(rule.get("name").asString()).isEqualTo("Errors");
        assertThat(rule.get("type").asString()).isEqualTo("high_error_frequency");
        assertThat(rule.get("threshold").asDouble()).isEqualTo(5);
        assertThat(rule.get("frequency").asString()).isEqualTo("hourly");
        assertThat(rule.get("confidence_threshold").asDouble()).isEqualTo(70);
        assertThat(rule.get("enabled").asBoolean()).isTrue();
        assertThat(rule.get("time_created").asString()).isNotBlank();
        assertThat(rule.get("channels")).isEqualTo(Json.read("""
                [{"type": "dashboard", "target": null}, {"type": "webhook", "target": "http://127.0.0.1:9/hook"},
                 {"type": "email", "target": "Ops@example.com"}]"""));
        assertThat(rule.get("quiet_hours")).isEqualTo(Json.read("""
                {"timezone": "Africa/Lagos", "start": "22:00", "end": "07:00"}"""));
        assertThat(rule.get("signing_secret").asString()).matches("whsec_[A-Za-z0-9+/]{32}");

        String id = rule.get("rule_id").asString();
        Answer read = owner.get(Alerts.RULES + "/" + id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().has("signing_secret")).isFalse();
        assertThat(read.json().get("channels")).isEqualTo(rule.get("channels"));

        Answer list = owner.get(Alerts.RULES);
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().get("total").asInt()).isEqualTo(1);
        assertThat(list.json().get("page").asInt()).isEqualTo(1);
        assertThat(list.json().get("page_size").asInt()).isEqualTo(20);
        assertThat(list.json().at("/data/0/rule_id").asString()).isEqualTo(id);
        assertThat(list.json().at("/data/0").has("signing_secret")).isFalse();
    }

    @Test
    void aRuleWithoutAWebhookHasNoSecret() {
        Answer created = owner.createRule(Alerts.countRule("repeated_api_failures", 3));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().has("signing_secret")).isFalse();
        assertThat(created.json().get("channels").size()).isZero();
        assertThat(created.json().get("quiet_hours").isNull()).isTrue();
    }

    @Test
    void aRuleIsReplacedByPutAndGoneAfterDelete() {
        String id = owner.rule(Alerts.countRule("high_error_frequency", 5));

        Answer replaced = owner.put(Alerts.RULES + "/" + id, """
                {"name": "Slow", "type": "latency_spike", "threshold": 800, "frequency": "daily", "enabled": false,
                 "confidence_threshold": 50, "channels": [{"type": "webhook", "target": "http://127.0.0.1:9/x"}]}""");

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        assertThat(replaced.json().get("rule_id").asString()).isEqualTo(id);
        assertThat(replaced.json().get("type").asString()).isEqualTo("latency_spike");
        assertThat(replaced.json().get("threshold").asDouble()).isEqualTo(800);
        assertThat(replaced.json().get("frequency").asString()).isEqualTo("daily");
        assertThat(replaced.json().get("enabled").asBoolean()).isFalse();
        assertThat(replaced.json().get("confidence_threshold").asDouble()).isEqualTo(50);
        assertThat(replaced.json().get("signing_secret").asString()).startsWith("whsec_");
        assertThat(owner.get(Alerts.RULES + "/" + id).json().get("name").asString()).isEqualTo("Slow");

        Answer deleted = owner.delete(Alerts.RULES + "/" + id);
        assertThat(deleted.status()).isEqualTo(204);
        Answer gone = owner.get(Alerts.RULES + "/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.json()).isEqualTo(Json.read("{\"detail\": \"Alert rule not found\"}"));
        assertThat(owner.delete(Alerts.RULES + "/" + id).status()).isEqualTo(404);
    }

    @Test
    void anotherOrganizationsRuleIsNotFoundForReadReplaceOrDelete() {
        String id = owner.rule(Alerts.countRule("high_error_frequency", 5));
        JsonNode notFound = Json.read("{\"detail\": \"Alert rule not found\"}");

        Answer read = stranger.get(Alerts.RULES + "/" + id);
        Answer replaced = stranger.put(Alerts.RULES + "/" + id, Alerts.countRule("high_error_frequency", 1));
        Answer deleted = stranger.delete(Alerts.RULES + "/" + id);

        assertThat(read.status()).isEqualTo(404);
        assertThat(read.json()).isEqualTo(notFound);
        assertThat(replaced.status()).isEqualTo(404);
        assertThat(replaced.json()).isEqualTo(notFound);
        assertThat(deleted.status()).isEqualTo(404);
        assertThat(deleted.json()).isEqualTo(notFound);
        assertThat(stranger.get(Alerts.RULES).json().get("total").asInt()).isZero();
        assertThat(owner.get(Alerts.RULES + "/" + id).json().get("threshold").asDouble()).isEqualTo(5);
    }

    @Test
    void anEmptyBodyAnswersEveryRequiredFieldMissing() {
        Answer answer = owner.createRule("{}");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.json()).isEqualTo(Json.read("""
                {"detail": [
                  {"type": "missing", "loc": ["body", "name"], "msg": "Field required", "input": {}},
                  {"type": "missing", "loc": ["body", "type"], "msg": "Field required", "input": {}},
                  {"type": "missing", "loc": ["body", "threshold"], "msg": "Field required", "input": {}},
                  {"type": "missing", "loc": ["body", "frequency"], "msg": "Field required", "input": {}}]}"""));
    }

    @Test
    void everyFaultOfARuleIsAnsweredInOne422() {
        Answer answer = owner.createRule("""
                {"name": "", "type": "sometimes", "threshold": -1, "frequency": "monthly",
                 "channels": [{"type": "pager", "target": "x"}, {"type": "webhook"}, {"type": "webhook", "target": "ftp://host/x"},
                              {"type": "email", "target": 7}, {"type": "push", "target": "{\\"endpoint\\": \\"https://push.example.com/1\\"}"},
                              {"type": "dashboard", "colour": "red"}],
                 "quiet_hours": {"timezone": "Mars/Olympus", "start": "24:00", "end": "7:00"},
                 "confidence_threshold": 101, "enabled": "perhaps", "owner": "me"}""");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.json()).isEqualTo(Json.read("""
                {"detail": [
                  {"type": "string_too_short", "loc": ["body", "name"], "msg": "String should have at least 1 character", "input": "", "ctx": {"min_length": 1}},
                  {"type": "literal_error", "loc": ["body", "type"], "msg": "Input should be 'high_error_frequency', 'repeated_api_failures', 'latency_spike', 'interaction_drop' or 'churn_signal'", "input": "sometimes", "ctx": {"expected": "'high_error_frequency', 'repeated_api_failures', 'latency_spike', 'interaction_drop' or 'churn_signal'"}},
                  {"type": "greater_than_equal", "loc": ["body", "threshold"], "msg": "Input should be greater than or equal to 0", "input": -1, "ctx": {"ge": 0}},
                  {"type": "literal_error", "loc": ["body", "frequency"], "msg": "Input should be 'hourly', 'daily' or 'weekly'", "input": "monthly", "ctx": {"expected": "'hourly', 'daily' or 'weekly'"}},
                  {"type": "literal_error", "loc": ["body", "channels", 0, "type"], "msg": "Input should be 'dashboard', 'email', 'webhook', 'team_workspace' or 'push'", "input": "pager", "ctx": {"expected": "'dashboard', 'email', 'webhook', 'team_workspace' or 'push'"}},
                  {"type": "missing", "loc": ["body", "channels", 1, "target"], "msg": "Field required", "input": {"type": "webhook"}},
                  {"type": "value_error", "loc": ["body", "channels", 2, "target"], "msg": "Value error, target must be an absolute http or https URL", "input": "ftp://host/x", "ctx": {"error": "target must be an absolute http or https URL"}},
                  {"type": "string_type", "loc": ["body", "channels", 3, "target"], "msg": "Input should be a valid string", "input": 7},
                  {"type": "value_error", "loc": ["body", "channels", 4, "target"], "msg": "Value error, target must be a Web Push subscription {\\"endpoint\\": \\"https://...\\", \\"keys\\": {\\"p256dh\\": \\"...\\", \\"auth\\": \\"...\\"}}", "input": "{\\"endpoint\\": \\"https://push.example.com/1\\"}", "ctx": {"error": "target must be a Web Push subscription {\\"endpoint\\": \\"https://...\\", \\"keys\\": {\\"p256dh\\": \\"...\\", \\"auth\\": \\"...\\"}}"}},
                  {"type": "extra_forbidden", "loc": ["body", "channels", 5, "colour"], "msg": "Extra inputs are not permitted", "input": "red"},
                  {"type": "value_error", "loc": ["body", "quiet_hours", "timezone"], "msg": "Value error, unknown time zone, expected an IANA name such as Africa/Lagos", "input": "Mars/Olympus", "ctx": {"error": "unknown time zone, expected an IANA name such as Africa/Lagos"}},
                  {"type": "string_pattern_mismatch", "loc": ["body", "quiet_hours", "start"], "msg": "String should match pattern '^([01][0-9]|2[0-3]):[0-5][0-9]$'", "input": "24:00", "ctx": {"pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}},
                  {"type": "string_pattern_mismatch", "loc": ["body", "quiet_hours", "end"], "msg": "String should match pattern '^([01][0-9]|2[0-3]):[0-5][0-9]$'", "input": "7:00", "ctx": {"pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}},
                  {"type": "less_than_equal", "loc": ["body", "confidence_threshold"], "msg": "Input should be less than or equal to 100", "input": 101, "ctx": {"le": 100}},
                  {"type": "bool_parsing", "loc": ["body", "enabled"], "msg": "Input should be a valid boolean, unable to interpret input", "input": "perhaps"},
                  {"type": "extra_forbidden", "loc": ["body", "owner"], "msg": "Extra inputs are not permitted", "input": "me"}]}"""));
    }

    @Test
    void anInvalidEmailTargetIsAnsweredAtItsChannel() {
        Answer answer = owner.createRule("""
                {"name": "n", "type": "high_error_frequency", "threshold": 1, "frequency": "daily",
                 "channels": [{"type": "email", "target": "not-an-address"}]}""");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).isEqualTo(List.of(List.of("body", "channels", 0, "target")));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("value_error");
        assertThat(answer.json().at("/detail/0/msg").asString()).startsWith("value is not a valid email address: ");
    }

    @Test
    void theThresholdIsBoundedByTheRuleType() {
        Answer churn = owner.createRule(Alerts.countRule("churn_signal", 1.5));
        Answer drop = owner.createRule(Alerts.countRule("interaction_drop", 101));
        Answer latency = owner.createRule(Alerts.countRule("latency_spike", 100000));

        assertThat(churn.status()).isEqualTo(422);
        assertThat(churn.json()).isEqualTo(Json.read("""
                {"detail": [{"type": "less_than_equal", "loc": ["body", "threshold"], "msg": "Input should be less than or equal to 1", "input": 1.5, "ctx": {"le": 1}}]}"""));
        assertThat(drop.status()).isEqualTo(422);
        assertThat(drop.json()).isEqualTo(Json.read("""
                {"detail": [{"type": "less_than_equal", "loc": ["body", "threshold"], "msg": "Input should be less than or equal to 100", "input": 101.0, "ctx": {"le": 100}}]}"""));
        assertThat(latency.status()).isEqualTo(201);
    }

    @Test
    void outboundTargetsOnPrivateLinkLocalUnspecifiedOrMulticastAddressesAreRefused() {
        String subscription = PushKeys.generate().subscription("http://192.168.1.20/push/1").replace("\"", "\\\"");
        Answer answer = owner.createRule("""
                {"name": "n", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                 "channels": [{"type": "webhook", "target": "http://10.0.0.8/hook"},
                              {"type": "webhook", "target": "http://169.254.169.254/latest/meta-data"},
                              {"type": "team_workspace", "target": "https://[fd00::1]/slack"},
                              {"type": "webhook", "target": "http://0.0.0.0:8080/"},
                              {"type": "webhook", "target": "http://224.0.0.1/"},
                              {"type": "push", "target": "%s"},
                              {"type": "webhook", "target": "http://127.0.0.1:9/allowed-in-the-local-stack"}]}""".formatted(subscription));

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).isEqualTo(List.of(
                List.of("body", "channels", 0, "target"), List.of("body", "channels", 1, "target"),
                List.of("body", "channels", 2, "target"), List.of("body", "channels", 3, "target"),
                List.of("body", "channels", 4, "target"), List.of("body", "channels", 5, "target")));
        assertThat(answer.json().at("/detail/0/msg").asString())
                .isEqualTo("Value error, the target host 10.0.0.8 is a private address, which alerts may not reach");
        assertThat(answer.json().at("/detail/1/msg").asString()).contains("link-local address");
        assertThat(answer.json().at("/detail/2/msg").asString()).contains("private address");
        assertThat(answer.json().at("/detail/3/msg").asString()).contains("unspecified address");
        assertThat(answer.json().at("/detail/4/msg").asString()).contains("multicast address");
        assertThat(answer.json().at("/detail/5/msg").asString()).contains("192.168.1.20 is a private address");
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("value_error");
    }

    @Test
    void aRefusedTargetIsReportedWithTheBodysOtherFaultsInOneAnswer() {
        Answer answer = owner.createRule("""
                {"name": "", "type": "high_error_frequency", "threshold": 1, "frequency": "hourly",
                 "channels": [{"type": "webhook", "target": "http://10.0.0.8/hook"}]}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).isEqualTo(List.of(List.of("body", "name"), List.of("body", "channels", 0, "target")));
        assertThat(answer.json().at("/detail/1/msg").asString()).contains("private address");
    }

    @Test
    void aValidPushSubscriptionIsAcceptedAsAStringOrAnObject() {
        PushKeys keys = PushKeys.generate();
        String asObject = keys.subscription("http://127.0.0.1:9/push/1");
        Answer answer = owner.createRule("""
                {"name": "n", "type": "churn_signal", "threshold": 0.5, "frequency": "weekly",
                 "channels": [{"type": "push", "target": %s}, {"type": "push", "target": "%s"}]}"""
                .formatted(asObject, asObject.replace("\"", "\\\"")));

        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        assertThat(answer.json().at("/channels/0/target/endpoint").asString()).isEqualTo("http://127.0.0.1:9/push/1");
        assertThat(answer.json().at("/channels/1/target").asString()).isEqualTo(asObject);
    }
}
