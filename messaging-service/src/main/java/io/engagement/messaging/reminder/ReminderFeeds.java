package io.engagement.messaging.reminder;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.FollowerListener;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

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

    @KafkaListener(id = "ticket-reminders", topics = Topics.TICKET, concurrency = FollowerListener.CONCURRENCY,
            properties = {FollowerListener.FETCH_MIN_BYTES, FollowerListener.FETCH_MAX_WAIT})
    void onTicket(ConsumerRecord<String, String> record) {
        envelope(record).flatMap(TicketSnapshot::of).ifPresent(ticket -> reminders.follow(ticket).block());
    }

    @KafkaListener(id = "reminder-contacts", topics = Topics.CUSTOMER, concurrency = FollowerListener.CONCURRENCY,
            properties = {FollowerListener.FETCH_MIN_BYTES, FollowerListener.FETCH_MAX_WAIT})
    void onCustomer(ConsumerRecord<String, String> record) {
        Optional<CustomerErased.Erasure> erased = CustomerErased.of(json, record.value());
        if (erased.isPresent()) {
            CustomerErased.Erasure erasure = erased.get();
            contacts.forget(erasure.organizationId(), erasure.customer().customerId())
                    .then(tickets.forget(erasure.organizationId(), erasure.customer().customerId(), erasure.customer().email()))
                    .block();
        } else {
            envelope(record).ifPresent(this::remember);
        }
    }

    @KafkaListener(id = "reminder-schedules", topics = Topics.MESSAGING_SETTINGS, concurrency = FollowerListener.CONCURRENCY,
            properties = {FollowerListener.FETCH_MIN_BYTES, FollowerListener.FETCH_MAX_WAIT})
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

    private void remember(JsonNode envelope) {
        JsonNode data = envelope.path("data");
        String customerId = data.path("customer_id").asString(null);
        if (CUSTOMER_CREATED.equals(envelope.path("type").asString("")) && envelope.path("org_id").isNumber() && customerId != null) {
            contacts.remember(envelope.get("org_id").asLong(), new CustomerContacts.Contact(customerId,
                    data.path("email").asString(null), data.path("whatsapp_number").asString(null))).block();
        }
    }
}
