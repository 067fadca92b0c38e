package io.engagement.customer.ticket;

import io.engagement.customer.directory.CustomerDirectory;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.validation.CheckedBody;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Opens and changes tickets: tags are checked against the organization's ticketing tags (and kept
 * in their spelling), a customer id against its customers, and a new ticket is assigned by the
 * first auto-assignment rule whose tag it has.
 *
 * <p>The public key is public (it is in the widget's web pages), so what it is told must not say
 * which customer ids the organization has. With it, a {@code customer_id} that is not one of the
 * organization's customers is not refused but dropped (the ticket is stored without one), and its
 * answer carries {@code customer_id} {@code null} whether or not the id was kept: the answer is the
 * same for a known and an unknown id. Only the (secret) data key is told that an id is unknown (422)
 * and sees the customer a ticket names.
 */
@Component
class TicketDesk {

    private final TicketStore store;
    private final OrganizationSettings<TicketingSettings> settings;
    private final CustomerDirectory customers;
    private final IdSequences ids;

    TicketDesk(TicketStore store, OrganizationSettings<TicketingSettings> settings, CustomerDirectory customers, IdSequences ids) {
        this.store = store;
        this.settings = settings;
        this.customers = customers;
        this.ids = ids;
    }

    /** A data key may always open a ticket; the public key (the chat widget) only while the organization allows it. */
    Mono<Void> mayOpen(OrgContext context) {
        return switch (context.keyKind()) {
            case DATA -> Mono.empty();
            case PUBLIC -> settings.read(context.organizationId())
                    .flatMap(ticketing -> ticketing.userTicketsEnabled() ? Mono.<Void>empty()
                            : Mono.error(ApiException.forbidden("User tickets are disabled for this organization")));
            default -> Mono.error(ApiException.keyKindRefused(context.keyKind().wireName()));
        };
    }

    /**
     * Opens the ticket and answers it as the key may see it. With the data key an unknown
     * {@code customer_id} is a 422; with the public key it is dropped, and the answer never names
     * the customer (see the class comment). Unknown tags and an unknown customer are reported with
     * the body's own faults, in one answer.
     */
    Mono<Ticket> open(OrgContext context, CheckedBody body) {
        long organizationId = context.organizationId();
        boolean publicKey = context.keyKind() == KeyKind.PUBLIC;
        NewTicket valid = body.partial(NewTicket.class);
        return settings.read(organizationId).flatMap(ticketing -> {
            List<ErrorDetail> faults = new ArrayList<>();
            List<String> tags = ticketing.ticketTags(valid.tagsOrNone(), Loc.body().field("tags"), faults);
            Mono<String> customerId = publicKey ? knownCustomerOrNone(organizationId, valid.customerId())
                    : customerFaults(organizationId, valid.customerId(), faults).then(Mono.justOrEmpty(valid.customerId()));
            return customerId.map(Optional::of).defaultIfEmpty(Optional.empty())
                    .flatMap(known -> write(organizationId, body.withFaults(faults).bind(NewTicket.class), known.orElse(null), tags, ticketing));
        }).map(written -> publicKey ? withoutCustomer(written) : written);
    }

    Mono<Ticket> find(long organizationId, String ticketId) {
        return store.find(organizationId, ticketId).switchIfEmpty(Mono.error(TicketDesk::notFound));
    }

    /**
     * Applies the change. New tags assign the ticket by the rules only when it has no assignee and
     * the change does not name one: a person's choice, or the assignment the ticket was opened with,
     * is never undone by retagging. Unknown tags are reported with the body's own faults; a body that
     * breaks its schema is a 422 before the ticket is looked for, as it always was.
     */
    Mono<Ticket> change(long organizationId, String ticketId, CheckedBody body) {
        return store.find(organizationId, ticketId)
                .switchIfEmpty(Mono.error(() -> body.isValid() ? notFound() : body.failure()))
                .flatMap(current -> settings.read(organizationId).flatMap(ticketing -> {
                    List<ErrorDetail> faults = new ArrayList<>();
                    List<String> tags = TicketChange.tagsOf(body.acceptedFields())
                            .map(given -> ticketing.ticketTags(given, Loc.body().field("tags"), faults))
                            .orElse(current.tags());
                    TicketChange change = body.withFaults(faults).bind(TicketChange::of);
                    return change.isEmpty() ? Mono.just(current) : update(organizationId, current, change, tags, ticketing);
                }));
    }

    private Mono<Ticket> update(long organizationId, Ticket current, TicketChange change, List<String> tags, TicketingSettings ticketing) {
        boolean autoAssigned = !change.assigneeGiven() && current.assigneeEmail() == null && change.tags().isPresent();
        // only what the request changes is written, so two requests changing different fields both count
        TicketUpdate update = new TicketUpdate(change.status().orElse(null), change.tags().isPresent() ? tags : null,
                change.assigneeGiven() || autoAssigned,
                change.assigneeGiven() ? change.assigneeEmail() : autoAssigned ? ticketing.assigneeFor(tags).orElse(null) : null,
                TicketStore.now());
        return store.update(organizationId, current.ticketId(), update).switchIfEmpty(Mono.error(TicketDesk::notFound));
    }

    /** The customer id when the organization has that customer; else empty, saying nothing of why. */
    private Mono<String> knownCustomerOrNone(long organizationId, String customerId) {
        return customerId == null ? Mono.empty() : customers.exists(organizationId, customerId)
                .flatMap(known -> known ? Mono.just(customerId) : Mono.empty());
    }

    private static Ticket withoutCustomer(Ticket ticket) {
        return new Ticket(ticket.ticketId(), ticket.status(), ticket.subject(), ticket.description(), null, ticket.email(), ticket.tags(),
                ticket.assigneeEmail(), ticket.timeCreated(), ticket.timeUpdated(), ticket.conversationId());
    }

    private Mono<Void> customerFaults(long organizationId, String customerId, List<ErrorDetail> faults) {
        return customerId == null ? Mono.empty() : customers.exists(organizationId, customerId)
                .doOnNext(known -> {
                    if (!known) {
                        faults.add(Violations.valueError(Loc.body().field("customer_id"), customerId, "customer not found"));
                    }
                })
                .then();
    }

    private Mono<Ticket> write(long organizationId, NewTicket request, String customerId, List<String> tags, TicketingSettings ticketing) {
        Instant now = TicketStore.now();
        Ticket ticket = new Ticket(IdSequences.publicId(), Ticket.OPEN, request.subject(), request.description(), customerId,
                request.email(), tags, ticketing.assigneeFor(tags).orElse(null), now, now, request.conversationId());
        return ids.next(TicketStore.COLLECTION)
                .flatMap(id -> store.insert(id, organizationId, ticket));
    }

    private static ApiException notFound() {
        return ApiException.notFound("Ticket");
    }
}
