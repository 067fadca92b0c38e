package io.engagement.customer.conversation;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A conversation's session context as an agent reads it: written down, or what this replica saw itself, or nothing. */
@Component
class SessionContexts {

    private final SessionContextStore store;
    private final RecentActivity recent;

    SessionContexts(SessionContextStore store, RecentActivity recent) {
        this.store = store;
        this.recent = recent;
    }

    Mono<SessionContext> of(long organizationId, String sessionId) {
        if (sessionId == null) {
            return Mono.just(SessionContext.NONE);
        }
        return store.find(organizationId, sessionId)
                .switchIfEmpty(Mono.fromSupplier(() -> recent.of(WatchedSessions.key(organizationId, sessionId))
                        .map(seen -> new SessionContext(seen.session(), seen.pages(), seen.errors()))
                        .orElse(SessionContext.NONE)));
    }
}
