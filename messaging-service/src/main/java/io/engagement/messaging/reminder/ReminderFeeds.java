package io.engagement.messaging.reminder;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.ConversationEmailRequested;
import io.engagement.platform.event.ConversationUpdated;
import io.engagement.platform.event.CustomerCreated;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.TicketChanged;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The streams reminders follow: tickets (what waits; binding {@code reminderTickets}),
 * conversations (unread replies e-mailed, then read; {@code reminderConversations}, batch),
 * customers (how to reach them, and who was erased; {@code reminderContacts}, batch) and this
 * service's own settings changes (when reminders fall due; {@code reminderSettingsChanges}). A
 * record that is not JSON, or not the event it names, goes to its topic's dead letters; every other
 * record no reminder depends on (another event, a tombstone) is passed over.
 */
@Configuration(proxyBeanMethods = false)
class ReminderFeeds {

    private final Reminders reminders;
    private final CustomerContacts contacts;
    private final WaitingThreads threads;
    private final EventReader events;
    private final ObjectReader settingsChanges;

    ReminderFeeds(Reminders reminders, CustomerContacts contacts, WaitingThreads threads, EventReader events, ObjectMapper json) {
        this.reminders = reminders;
        this.contacts = contacts;
        this.threads = threads;
        this.events = events;
        this.settingsChanges = json.readerFor(SettingsChange.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    @Bean
    Consumer<Message<String>> reminderTickets() {
        return record -> onTicket(ReceivedRecords.of(record));
    }

    @Bean
    Consumer<Message<List<String>>> reminderConversations() {
        return poll -> onConversations(ReceivedRecords.batchOf(poll));
    }

    @Bean
    Consumer<Message<List<String>>> reminderContacts() {
        return poll -> onCustomers(ReceivedRecords.batchOf(poll));
    }

    @Bean
    Consumer<Message<String>> reminderSettingsChanges() {
        return record -> onSettings(ReceivedRecords.of(record));
    }

    void onTicket(ConsumerRecord<String, String> record) {
        events.read(record.value())
                .flatMap(envelope -> envelope.data() instanceof TicketChanged ticket
                        ? FollowedThread.of(envelope.orgId(), ticket) : Optional.empty())
                .ifPresent(ticket -> reminders.follow(ticket).block());
    }

    /**
     * A conversation whose unread replies were e-mailed waits on its visitor from the mail on; one
     * whose visitor then read through the mailed replies waits no more. Every other conversation
     * event is passed over.
     */
    void onConversations(List<ConsumerRecord<String, String>> records) {
        PolledRecords<EventEnvelope<? extends DomainEvent>> polled = PolledRecords.read(records, this::conversationChange);
        for (EventEnvelope<? extends DomainEvent> envelope : polled.values()) {
            if (envelope.data() instanceof ConversationEmailRequested mailed) {
                reminders.follow(FollowedThread.of(envelope.orgId(), mailed, envelope.occurredAt())).block();
            } else if (envelope.data() instanceof ConversationUpdated updated && updated.conversation().visitorLastReadSeq() > 0) {
                reminders.readThrough(envelope.orgId(), updated.conversation().conversationId(), updated.conversation().visitorLastReadSeq(),
                        envelope.occurredAt()).block();
            }
        }
        polled.rejectUnreadable();
    }

    /** Only the two events reminders follow are parsed: the topic's messages, the most of it, are passed over unread. */
    private Optional<EventEnvelope<? extends DomainEvent>> conversationChange(ConsumerRecord<String, String> record) {
        Optional<EventEnvelope<? extends DomainEvent>> mailed = events.read(record.value(), ConversationEmailRequested.class).map(envelope -> envelope);
        return mailed.isPresent() ? mailed : events.read(record.value(), ConversationUpdated.class).map(envelope -> envelope);
    }

    /** A poll's new contacts go to the database in one write; an erasure waits for those before it, so it removes what they kept. */
    void onCustomers(List<ConsumerRecord<String, String>> records) {
        PolledRecords<CustomerChange> polled = PolledRecords.read(records, this::customerChange);
        List<CustomerContacts.Known> created = new ArrayList<>();
        for (CustomerChange change : polled.values()) {
            if (change.erased() != null) {
                CustomerErased erased = change.erased();
                contacts.rememberAll(List.copyOf(created))
                        .then(contacts.forget(change.organizationId(), erased.customerId()))
                        .then(threads.forget(change.organizationId(), erased.customerId(), erased.email()))
                        .block();
                created.clear();
            } else {
                created.add(new CustomerContacts.Known(change.organizationId(), change.created()));
            }
        }
        contacts.rememberAll(created).block();
        polled.rejectUnreadable();
    }

    void onSettings(ConsumerRecord<String, String> record) {
        reminderSettingsChanged(record).ifPresent(organizationId -> reminders.reschedule(organizationId).block());
    }

    /** An erasure, or a customer created with how to reach them; empty for every other record. */
    private Optional<CustomerChange> customerChange(ConsumerRecord<String, String> record) {
        return events.read(record.value()).flatMap(envelope -> {
            DomainEvent event = envelope.data();
            if (event instanceof CustomerErased erased) {
                return Optional.of(new CustomerChange(envelope.orgId(), null, erased));
            }
            if (event instanceof CustomerCreated customer && customer.customerId() != null) {
                return Optional.of(new CustomerChange(envelope.orgId(),
                        new CustomerContacts.Contact(customer.customerId(), customer.email(), customer.whatsappNumber()), null));
            }
            return Optional.empty();
        });
    }

    /**
     * The organization whose reminder settings changed; empty for the topic's other settings and
     * for a tombstone. The event's data is not read: {@link Reminders#reschedule} reads the settings
     * where they are kept.
     */
    private Optional<Long> reminderSettingsChanged(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        SettingsChange change;
        try {
            change = settingsChanges.readValue(record.value());
        } catch (JacksonException unreadable) {
            throw new UnreadableRecord("a record of " + record.topic() + " that is not JSON: " + unreadable.getOriginalMessage(),
                    unreadable);
        }
        return ReminderSettingsConfiguration.KIND.changedEventType().equals(change.type())
                ? Optional.ofNullable(change.orgId()) : Optional.empty();
    }

    /** One of {@code created} and {@code erased}, of the organization. */
    private record CustomerChange(long organizationId, CustomerContacts.Contact created, CustomerErased erased) {
    }

    /** What a settings change event says of itself. */
    private record SettingsChange(String type, Long orgId) {
    }
}
