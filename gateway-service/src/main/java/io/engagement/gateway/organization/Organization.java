package io.engagement.gateway.organization;

import java.time.Instant;

record Organization(long organizationId, String name, Instant createdAt) {
}
