package io.engagement.messaging.template;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MergeTemplateTest {

    @Test
    void htmlEscapesValuesAndPlainTextDoesNot() {
        Map<String, String> values = Map.of("name", "<b>Ann & co</b>");

        assertThat(MergeTemplate.html("Hi {{name}}").render(values).text()).isEqualTo("Hi &lt;b&gt;Ann &amp; co&lt;/b&gt;");
        assertThat(MergeTemplate.plain("Hi {{name}}").render(values).text()).isEqualTo("Hi <b>Ann & co</b>");
        assertThat(MergeTemplate.html("Hi {{{name}}}").render(values).text()).isEqualTo("Hi <b>Ann & co</b>");
    }

    @Test
    void everyPlaceholderWithoutAValueIsNamed() {
        MergeTemplate template = MergeTemplate.plain("{{greeting}} {{name}}, your code is {{otp_code}} ({{name}})");

        assertThat(template.missing(Map.of("name", "Ann"))).containsExactly("greeting", "otp_code");
    }

    @Test
    void aSectionMayBeEmptyButAVariableInsideAFilledSectionMayNotBeMissing() {
        MergeTemplate template = MergeTemplate.plain("{{#vip}}Dear {{title}}{{/vip}}done");

        assertThat(template.missing(Map.of())).isEmpty();
        assertThat(template.render(Map.of()).text()).isEqualTo("done");
        assertThat(template.render(Map.of("vip", "yes")).missing()).contains("title");
    }

    @Test
    void brokenMustacheIsRefused() {
        assertThatThrownBy(() -> MergeTemplate.html("{{#items}}unclosed"))
                .isInstanceOf(MergeTemplate.InvalidTemplate.class);
        assertThatThrownBy(() -> MergeTemplate.plain("stray {{/items}}"))
                .isInstanceOf(MergeTemplate.InvalidTemplate.class);
    }
}
