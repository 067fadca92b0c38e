package io.engagement.platform.event;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.lang.reflect.RecordComponent;
import java.lang.reflect.ParameterizedType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a visitor is shown: no field of the agents' side, wherever in the view it would sit. */
class VisitorViewTest {

    /** The agents' view's fields a visitor never gets, by their Java names. */
    private static final Set<String> AGENTS_ONLY = Set.of("email", "assigneeEmail", "tags", "waitingSince", "agentLastReadSeq",
            "ratingComment", "delivery", "visitor", "sessionId", "firstReplyAt", "snoozedUntil");

    @Test
    void noComponentOfTheVisitorsViewsIsOneOfTheAgentsSide() {
        assertThat(componentsOf(VisitorConversationView.class)).doesNotContainAnyElementsOf(AGENTS_ONLY);
        assertThat(componentsOf(VisitorMessageView.class)).doesNotContainAnyElementsOf(AGENTS_ONLY);
    }

    @Test
    void anAgentsMessageReachesTheVisitorByNameWithoutTheirAddressOrTheLedgersCopy() {
        MessageView reply = new MessageView("msg_1", "cnv_1", 2, new MessageView.Sender(MessageView.AGENT, "sam@acme.test", "Sam"), "Hi",
                false, null, Instant.parse("2026-12-06T10:00:00Z"), null, null, new MessageView.Delivery("whatsapp", "sent", "m_1"));

        JsonNode shown = EventContractTest.JSON.valueToTree(VisitorMessageView.of(reply, "Support"));

        assertThat(shown.get("sender").properties()).extracting(field -> field.getKey()).containsExactly("type", "name");
        assertThat(shown.get("sender").get("name").asString()).isEqualTo("Sam");
        assertThat(shown.toString()).doesNotContain("sam@acme.test").doesNotContain("delivery");
    }

    @Test
    void anAgentWhoseNameWasNotKeptGoesByTheSupportName() {
        MessageView reply = new MessageView("msg_1", "cnv_1", 2, new MessageView.Sender(MessageView.AGENT, "sam@acme.test", null), "Hi",
                false, null, Instant.parse("2026-12-06T10:00:00Z"), null, null, null);

        assertThat(VisitorMessageView.of(reply, "Acme support").sender()).isEqualTo(new VisitorMessageView.Sender(MessageView.AGENT, "Acme support"));
    }

    @Test
    void aPrivateNoteIsNeverMadeIntoAVisitorsMessage() {
        MessageView note = new MessageView("msg_1", "cnv_1", 2, new MessageView.Sender(MessageView.AGENT, "sam@acme.test", "Sam"),
                "They are on the old plan", true, null, Instant.parse("2026-12-06T10:00:00Z"), null, null, null);

        assertThatThrownBy(() -> VisitorMessageView.of(note, "Support")).isInstanceOf(IllegalArgumentException.class);
    }

    /** Every component name of the record and of the records it holds, as lists or directly. */
    private static List<String> componentsOf(Class<?> record) {
        List<String> names = new ArrayList<>();
        for (RecordComponent component : record.getRecordComponents()) {
            names.add(component.getName());
            Class<?> held = component.getGenericType() instanceof ParameterizedType list
                    && list.getActualTypeArguments()[0] instanceof Class<?> element ? element : component.getType();
            if (held.isRecord()) {
                names.addAll(componentsOf(held));
            }
        }
        return names;
    }
}
