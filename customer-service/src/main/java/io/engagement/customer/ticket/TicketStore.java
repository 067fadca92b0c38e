package io.engagement.customer.ticket;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.TicketChanged;
import io.engagement.platform.event.TicketCreated;
import io.engagement.platform.event.TicketUpdated;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.EmailKey;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.List;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * Tickets in this service's database. {@code _id} counts up, so tickets opened within the same
 * millisecond still list newest first; {@code ticket_id} is the random public id. Tags and e-mails are also
 * kept lower-cased ({@code tag_keys}, {@code assignee_key}, {@code email_key}) so the filters and the
 * erasure match them whatever their case. Every query starts from the organization, and so does
 * every index: one per list filter, each ending with the list's order.
 */
@Component
class TicketStore implements StartupWork {

    static final String COLLECTION = "tickets";

    private final ReactiveMongoTemplate mongo;
    private final EntityOutbox<TicketChanged> events;

    TicketStore(ReactiveMongoTemplate mongo, EntityOutbox<TicketChanged> events) {
        this.mongo = mongo;
        this.events = events;
    }

    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("organization_id", Sort.Direction.ASC).on("ticket_id", Sort.Direction.ASC).unique(),
                newestFirst(),
                newestFirst("status"),
                newestFirst("tag_keys"),
                newestFirst("assignee_key"),
                newestFirst("customer_id"),
                new Index().on("organization_id", Sort.Direction.ASC).on("email_key", Sort.Direction.ASC));
    }

    /** Stores a new ticket marked for its {@link TicketCreated} event, which goes out once it is written. */
    Mono<Ticket> insert(long id, long organizationId, Ticket ticket) {
        return mongo.insert(toDocument(id, organizationId, ticket).append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(TicketCreated.class)),
                        COLLECTION)
                .doOnNext(written -> events.publish(List.of(written)))
                .thenReturn(ticket);
    }

    Mono<Ticket> find(long organizationId, String ticketId) {
        return mongo.findOne(byId(organizationId, ticketId), Document.class, COLLECTION).map(TicketStore::fromDocument);
    }

    /**
     * Writes the fields the update changes, marked for its {@link TicketUpdated} event, which goes out
     * once it is written; empty if the ticket is gone meanwhile.
     */
    Mono<Ticket> update(long organizationId, String ticketId, TicketUpdate change) {
        Update update = new Update()
                .set("time_updated", date(change.at()))
                .set(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(TicketUpdated.class));
        if (change.status() != null) {
            update.set("status", change.status());
        }
        if (change.tags() != null) {
            update.set("tags", change.tags()).set("tag_keys", keys(change.tags()));
        }
        if (change.setsAssignee()) {
            update.set("assignee_email", change.assigneeEmail()).set("assignee_key", EmailKey.of(change.assigneeEmail()));
        }
        return mongo.findAndModify(byId(organizationId, ticketId), update, FindAndModifyOptions.options().returnNew(true),
                        Document.class, COLLECTION)
                .doOnNext(written -> events.publish(List.of(written)))
                .map(TicketStore::fromDocument);
    }

    Mono<PageEnvelope<Ticket>> page(long organizationId, TicketQuery query) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        query.status().ifPresent(status -> filter.and("status").is(status));
        query.tag().ifPresent(tag -> filter.and("tag_keys").is(TicketingSettings.tagKey(tag)));
        query.assigneeEmail().ifPresent(email -> filter.and("assignee_key").is(EmailKey.of(email)));
        query.customerId().ifPresent(customerId -> filter.and("customer_id").is(customerId));
        return PagedFind.page(mongo, COLLECTION, filter, "time_created", false, query.page())
                .map(PagedFind.mapped(TicketStore::fromDocument));
    }

    /** Every ticket that names the customer, by id or by e-mail; safe to repeat. */
    Mono<Void> deleteOf(long organizationId, String customerId, String email) {
        Mono<Void> byCustomer = mongo.remove(Query.query(Criteria.where("organization_id").is(organizationId).and("customer_id").is(customerId)),
                COLLECTION).then();
        Mono<Void> byEmail = email == null ? Mono.empty()
                : mongo.remove(Query.query(Criteria.where("organization_id").is(organizationId).and("email_key").is(EmailKey.of(email))), COLLECTION).then();
        return byCustomer.then(byEmail);
    }

    static Document toDocument(long id, long organizationId, Ticket ticket) {
        return new Document("_id", id)
                .append("organization_id", organizationId)
                .append("ticket_id", ticket.ticketId())
                .append("status", ticket.status())
                .append("subject", ticket.subject())
                .append("description", ticket.description())
                .append("customer_id", ticket.customerId())
                .append("email", ticket.email())
                .append("email_key", EmailKey.of(ticket.email()))
                .append("tags", ticket.tags())
                .append("tag_keys", keys(ticket.tags()))
                .append("assignee_email", ticket.assigneeEmail())
                .append("assignee_key", EmailKey.of(ticket.assigneeEmail()))
                .append("time_created", date(ticket.timeCreated()))
                .append("time_updated", date(ticket.timeUpdated()))
                .append("conversation_id", ticket.conversationId());
    }

    static Ticket fromDocument(Document document) {
        return new Ticket(
                document.getString("ticket_id"),
                document.getString("status"),
                document.getString("subject"),
                document.getString("description"),
                document.getString("customer_id"),
                document.getString("email"),
                document.getList("tags", String.class, List.of()),
                document.getString("assignee_email"),
                instantOf(document, "time_created"),
                instantOf(document, "time_updated"),
                document.getString("conversation_id"));
    }

    private static Index newestFirst(String... filtered) {
        Index index = new Index().on("organization_id", Sort.Direction.ASC);
        for (String field : filtered) {
            index.on(field, Sort.Direction.ASC);
        }
        return index.on("time_created", Sort.Direction.DESC).on("_id", Sort.Direction.DESC);
    }

    private static Query byId(long organizationId, String ticketId) {
        return Query.query(Criteria.where("organization_id").is(organizationId).and("ticket_id").is(ticketId));
    }


    private static List<String> keys(List<String> tags) {
        return tags.stream().map(TicketingSettings::tagKey).toList();
    }

    static Instant now() {
        return Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    }
}
