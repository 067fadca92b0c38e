package io.engagement.messaging.reminder;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.FollowerListener;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The three streams reminders follow: tickets (what waits), customers (how to reach them, and
 * who was erased) and this service's own settings changes (when reminders fall due).
 */
@Component
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

    @FollowerListener(id = "ticket-reminders", topics = Topics.TICKET)
    void onTicket(ConsumerRecord<String, String> record) {
        envelope(record).flatMap(TicketSnapshot::of).ifPresent(ticket -> reminders.follow(ticket).block());
    }

    /** A poll's new contacts go to the database in one write; an erasure waits for those before it, so it removes what they kept. */
    @FollowerListener(id = "reminder-contacts", topics = Topics.CUSTOMER, batch = "true")
    void onCustomers(List<ConsumerRecord<String, String>> records) {
        List<CustomerContacts.Known> created = new ArrayList<>();
        for (ConsumerRecord<String, String> record : records) {
            Optional<CustomerErased.Erasure> erased = CustomerErased.of(json, record.value());
            if (erased.isPresent()) {
                CustomerErased.Erasure erasure = erased.get();
                contacts.rememberAll(List.copyOf(created))
                        .then(contacts.forget(erasure.organizationId(), erasure.customer().customerId()))
                        .then(tickets.forget(erasure.organizationId(), erasure.customer().customerId(), erasure.customer().email()))
                        .block();
                created.clear();
            } else {
                envelope(record).flatMap(ReminderFeeds::createdContact).ifPresent(created::add);
            }
        }
        contacts.rememberAll(created).block();
    }

    @FollowerListener(id = "reminder-schedules", topics = Topics.MESSAGING_SETTINGS)
    void onSettings(ConsumerRecord<String, String> record) {
        envelope(record)
                .filter(envelope -> ReminderSettingsConfiguration.KIND.changedEventType().equals(envelope.path("type").asString(""))
                        && envelope.path("org_id").isNumber())
                .ifPresent(envelope -> reminders.reschedule(envelope.get("org_id").asLong()).block());
    }

    /** The record's event; empty for a tombstone or a value that is not JSON, which no reminder depends on. */
    private Optional<JsonNode> envelope(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readTree(record.value()));
        } catch (JacksonException unreadable) {
            return Optional.empty();
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
}
