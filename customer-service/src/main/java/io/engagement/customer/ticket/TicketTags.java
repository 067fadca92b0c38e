package io.engagement.customer.ticket;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.validation.Loc;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.List;

/** The ticketing tags as other features use them: conversations are tagged from the same vocabulary. */
@Component
public class TicketTags {

    private final OrganizationSettings<TicketingSettings> settings;

    TicketTags(OrganizationSettings<TicketingSettings> settings) {
        this.settings = settings;
    }

    /** The tags in the ticketing tags' spelling, each once; a tag that is not one of them is a fault at its index under {@code at}. */
    public Mono<List<String>> spelled(long organizationId, List<String> requested, Loc at, List<ErrorDetail> faults) {
        return settings.read(organizationId).map(ticketing -> ticketing.ticketTags(requested, at, faults));
    }
}
