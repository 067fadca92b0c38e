package io.engagement.gateway.organization;

/** A new organization with its first key of each kind, shown once. */
record CreatedOrganization(long organizationId, String name, String apiKey, String transactionalKey, String publicKey) {
}
