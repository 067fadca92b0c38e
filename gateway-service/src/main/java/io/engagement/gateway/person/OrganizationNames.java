package io.engagement.gateway.person;

import reactor.core.publisher.Mono;

/** What people need of organizations: their names, for the mail that invites to one. */
public interface OrganizationNames {

    /** Empty for an organization that does not exist. */
    Mono<String> nameOf(long organizationId);
}
