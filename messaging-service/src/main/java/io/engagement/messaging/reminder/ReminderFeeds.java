package io.engagement.messaging.reminder;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.CustomerErased;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The three streams reminders follow: tickets (what waits; binding {@code reminderTickets}),
 * customers (how to reach them, and who was erased; {@code reminderContacts}, batch) and this
 * service's own settings changes (when reminders fall due; {@code reminderSettingsChanges}). A
 * record that is not JSON goes to its topic's dead letters; every other record no reminder depends
 * on (another event, a tombstone) is passed over.
 */
@Configuration(proxyBeanMethods = false)
class ReminderFeeds {

    private static final String CUSTOMER_CREATED = "customer.created";

    private final Reminders reminders;
    private final CustomerContacts contacts;
    private final WaitingTickets tickets;
    private final ObjectMapper json;

    ReminderFeeds(Reminders reminders, CustomerContacts contacts, WaitingTickets tickets, ObjectMapper json) {
        this.reminders = reminders;
        this.contacts = contacts;
        this.tickets = tickets;
        this.json = json;
    }

    @Bean
    Consumer<Message<String>> reminderTickets() {
        return record -> onTicket(ReceivedRecords.of(record));
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
        envelope(record).flatMap(TicketSnapshot::of).ifPresent(ticket -> reminders.follow(ticket).block());
    }

    /** A poll's new contacts go to the database in one write; an erasure waits for those before it, so it removes what they kept. */
    void onCustomers(List<ConsumerRecord<String, String>> records) {
        PolledRecords<CustomerChange> polled = PolledRecords.read(records, this::customerChange);
        List<CustomerContacts.Known> created = new ArrayList<>();
        for (CustomerChange change : polled.values()) {
            if (change.erasure() != null) {
                CustomerErased.Erasure erasure = change.erasure();
                contacts.rememberAll(List.copyOf(created))
                        .then(contacts.forget(erasure.organizationId(), erasure.customer().customerId()))
                        .then(tickets.forget(erasure.organizationId(), erasure.customer().customerId(), erasure.customer().email()))
                        .block();
                created.clear();
            } else {
                created.add(change.created());
            }
        }
        contacts.rememberAll(created).block();
        polled.rejectUnreadable();
    }

    void onSettings(ConsumerRecord<String, String> record) {
        envelope(record)
                .filter(envelope -> ReminderSettingsConfiguration.KIND.changedEventType().equals(envelope.path("type").asString(""))
                        && envelope.path("org_id").isNumber())
                .ifPresent(envelope -> reminders.reschedule(envelope.get("org_id").asLong()).block());
    }

    /** An erasure, or a customer created with how to reach them; empty for every other record. */
    private Optional<CustomerChange> customerChange(ConsumerRecord<String, String> record) {
        Optional<CustomerErased.Erasure> erased = CustomerErased.of(json, record.value());
        if (erased.isPresent()) {
            return Optional.of(new CustomerChange(null, erased.get()));
        }
        return envelope(record).flatMap(ReminderFeeds::createdContact).map(known -> new CustomerChange(known, null));
    }

    /** The record's event; empty for a tombstone. */
    private Optional<JsonNode> envelope(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readTree(record.value()));
        } catch (JacksonException unreadable) {
            throw new UnreadableRecord("a record of " + record.topic() + " that is not JSON: " + unreadable.getOriginalMessage(),
                    unreadable);
        }
    }

    private static Optional<CustomerContacts.Known> createdContact(JsonNode envelope) {
        JsonNode data = envelope.path("data");
        String customerId = data.path("customer_id").asString(null);
        if (!CUSTOMER_CREATED.equals(envelope.path("type").asString("")) || !envelope.path("org_id").isNumber() || customerId == null) {
            return Optional.empty();
        }
        return Optional.of(new CustomerContacts.Known(envelope.get("org_id").asLong(), new CustomerContacts.Contact(customerId,
                data.path("email").asString(null), data.path("whatsapp_number").asString(null))));
    }

    /** One of {@code created} and {@code erasure}. */
    private record CustomerChange(CustomerContacts.Known created, CustomerErased.Erasure erasure) {
    }
}
