package io.engagement.messaging.reminder;

import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.ConversationEmailRequested;
import io.engagement.platform.event.ConversationUpdated;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.TicketUpdated;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** The ticket, conversation and settings feeds; the customer feed runs against the broker in {@link ReminderContactsIT}. */
class ReminderFeedsTest {

    /** As the services' mapper writes and reads events: snake_case fields. */
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final long ORG = 7;
    private static final Instant UPDATED = Instant.parse("2026-11-27T11:30:00Z");

    private final Reminders reminders = mock(Reminders.class);
    private final ReminderFeeds feeds = new ReminderFeeds(reminders, mock(CustomerContacts.class), mock(WaitingThreads.class),
            new EventReader(JSON), JSON);

    ReminderFeedsTest() {
        when(reminders.follow(any())).thenReturn(Mono.empty());
        when(reminders.reschedule(anyLong())).thenReturn(Mono.empty());
        when(reminders.readThrough(anyLong(), any(), anyLong(), any())).thenReturn(Mono.empty());
    }

    @Test
    void aConversationsMailedRepliesAreFollowedUntilItsVisitorReadsThem() {
        ConversationEmailRequested mailed = new ConversationEmailRequested("cnv_1:4", "cnv_1", "ada@example.com", "New reply", "Hi", 4, "cus-42");
        ConversationView read = new ConversationView("cnv_1", "widget", "open", null, null, null, List.of(), UPDATED, UPDATED, null, null,
                0, 4, 4, null, null, null);
        ConversationView unread = new ConversationView("cnv_2", "widget", "open", null, null, null, List.of(), UPDATED, UPDATED, null, null,
                0, 0, 0, null, null, null);

        feeds.onConversations(List.of(
                record(Topics.CONVERSATION_EMAIL, JSON.writeValueAsString(EventEnvelope.of(UUID.randomUUID(), ORG, UPDATED, mailed))),
                record(Topics.CONVERSATION, JSON.writeValueAsString(EventEnvelope.of(UUID.randomUUID(), ORG, UPDATED.plusSeconds(5),
                        new ConversationUpdated(read, null, null)))),
                record(Topics.CONVERSATION, JSON.writeValueAsString(EventEnvelope.of(UUID.randomUUID(), ORG, UPDATED.plusSeconds(6),
                        new ConversationUpdated(unread, null, null))))));

        verify(reminders).follow(new FollowedThread(ORG, "cnv_1", FollowedThread.Kind.CONVERSATION, "pending", null, "ada@example.com", "cus-42",
                UPDATED, 4));
        verify(reminders).readThrough(ORG, "cnv_1", 4, UPDATED.plusSeconds(5));
        verify(reminders, never()).readThrough(ORG, "cnv_2", 0, UPDATED.plusSeconds(6));
    }

    @Test
    void aTicketEventIsFollowedWithWhatRemindersNeedOfIt() {
        TicketUpdated updated = new TicketUpdated("tkt_9", "pending", "Cannot export", "The button does nothing", " ", "ada@example.com",
                List.of("export"), null, UPDATED.minusSeconds(600), UPDATED, null);

        feeds.onTicket(record(Topics.TICKET, JSON.writeValueAsString(EventEnvelope.of(UUID.randomUUID(), ORG, UPDATED, updated))));

        verify(reminders).follow(FollowedThread.ticket(ORG, "tkt_9", "pending", "Cannot export", "ada@example.com", null, UPDATED));
    }

    @Test
    void nothingIsFollowedForTheTicketingSettingsATicketWithoutStatusOrATombstone() {
        TicketUpdated statusless = new TicketUpdated("tkt_9", null, "Cannot export", null, null, null, List.of(), null, UPDATED, UPDATED, null);

        feeds.onTicket(record(Topics.TICKET, envelope("settings.ticketing.changed", Map.of("tags", List.of()))));
        feeds.onTicket(record(Topics.TICKET, JSON.writeValueAsString(EventEnvelope.of(UUID.randomUUID(), ORG, UPDATED, statusless))));
        feeds.onTicket(record(Topics.TICKET, null));

        verify(reminders, never()).follow(any());
    }

    @Test
    void aChangeOfTheReminderSettingsReschedulesTheOrganizationsReminders() {
        feeds.onSettings(record(Topics.MESSAGING_SETTINGS, envelope(ReminderSettingsConfiguration.KIND.changedEventType(),
                Map.of("enabled", true, "intervals_minutes", List.of(60), "channels", List.of("email")))));

        verify(reminders).reschedule(ORG);
    }

    @Test
    void anotherSettingsChangeAndATombstoneRescheduleNothing() {
        feeds.onSettings(record(Topics.MESSAGING_SETTINGS, envelope("settings.whatsapp.changed", Map.of("connected", false))));
        feeds.onSettings(record(Topics.MESSAGING_SETTINGS, null));

        verify(reminders, never()).reschedule(anyLong());
    }

    @Test
    void aRecordThatIsNotJsonIsUnreadableOnEitherFeed() {
        assertThatThrownBy(() -> feeds.onTicket(record(Topics.TICKET, "{not json"))).isInstanceOf(UnreadableRecord.class);
        assertThatThrownBy(() -> feeds.onSettings(record(Topics.MESSAGING_SETTINGS, "{not json"))).isInstanceOf(UnreadableRecord.class)
                .hasMessageContaining("not JSON");
    }

    private static String envelope(String type, Map<String, Object> data) {
        return JSON.writeValueAsString(new EventEnvelope<>(UUID.randomUUID(), type, 1, ORG, UPDATED, data));
    }

    private static ConsumerRecord<String, String> record(String topic, String value) {
        return new ConsumerRecord<>(topic, 0, 0, ORG + ":any", value);
    }
}
