package io.engagement.gateway.live;

import io.engagement.platform.auth.Secrets;
import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;

/**
 * Single-use tickets for agents' live connections: a browser cannot send a key header with a
 * WebSocket upgrade, so the console trades its data key for a ticket that opens one connection
 * within {@link #VALID_FOR}. Kept by the gateway, which admits the connection, and only as a hash.
 */
@Component
class LiveTickets implements StartupWork {

    static final String COLLECTION = "live_tickets";
    static final Duration VALID_FOR = Duration.ofSeconds(60);

    private final ReactiveMongoTemplate mongo;

    LiveTickets(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index().on("expires_at", Sort.Direction.ASC).expire(Duration.ZERO)).then();
    }

    Mono<Issued> issue(long organizationId, String agentEmail) {
        String ticket = Secrets.random("lt_", 32);
        Instant expiresAt = Instant.now().plus(VALID_FOR).truncatedTo(ChronoUnit.MILLIS);
        Document stored = new Document("_id", Secrets.sha256(ticket)).append("organization_id", organizationId).append("agent_email", agentEmail)
                .append("expires_at", Date.from(expiresAt));
        return mongo.insert(stored, COLLECTION).thenReturn(new Issued(ticket, expiresAt));
    }

    /** The ticket's agent, once: a redeemed or expired ticket answers empty. */
    Mono<Admitted> redeem(String ticket) {
        Query unexpired = Query.query(Criteria.where("_id").is(Secrets.sha256(ticket)));
        return mongo.findAndRemove(unexpired, Document.class, COLLECTION)
                .filter(found -> found.getDate("expires_at").toInstant().isAfter(Instant.now()))
                .map(found -> new Admitted(found.get("organization_id", Number.class).longValue(), found.getString("agent_email")));
    }


    record Issued(String ticket, Instant expiresAt) {
    }

    record Admitted(long organizationId, String agentEmail) {
    }
}
