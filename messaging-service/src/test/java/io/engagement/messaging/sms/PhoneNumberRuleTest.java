package io.engagement.messaging.sms;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PhoneNumberRuleTest {

    private final PhoneNumberRule rule = new PhoneNumberRule();
    private final List<ErrorDetail> errors = new ArrayList<>();

    @Test
    void aValidE164NumberIsAcceptedNormalized() {
        JsonNode accepted = rule.apply(JsonNodeFactory.instance.stringNode(" +44 20 7946 0958 "), Loc.body().field("to"), errors);

        assertThat(errors).isEmpty();
        assertThat(accepted.asString()).isEqualTo("+442079460958");
    }

    @Test
    void aNumberWithoutCountryCodeIsRefused() {
        assertThat(rule.apply(JsonNodeFactory.instance.stringNode("07946 0958"), Loc.body().field("to"), errors)).isNull();

        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.loc()).containsExactly("body", "to");
            assertThat(error.type()).isEqualTo("value_error");
        });
    }

    @Test
    void aNumberNoCountryHasIsRefused() {
        assertThat(rule.apply(JsonNodeFactory.instance.stringNode("+1 555 0100"), Loc.body().field("to"), errors)).isNull();
        assertThat(rule.apply(JsonNodeFactory.instance.stringNode("+not-a-number"), Loc.body().field("to"), errors)).isNull();

        assertThat(errors).hasSize(2);
    }

    @Test
    void aNonStringIsAStringTypeError() {
        assertThat(rule.apply(JsonNodeFactory.instance.numberNode(447946), Loc.body().field("to"), errors)).isNull();

        assertThat(errors).singleElement().extracting(ErrorDetail::type).isEqualTo("string_type");
    }
}
