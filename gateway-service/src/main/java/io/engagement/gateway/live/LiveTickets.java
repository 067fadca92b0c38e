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
 * Single-use tickets for live connections: a browser cannot send a key header with a WebSocket
 * upgrade, so the console trades its data key for a ticket that opens one agent's connection within
 * {@link #VALID_FOR}, and the widget its visitor token for one that opens the visitor's, so that no
 * long-lived credential travels in a URL (where proxies log it and browsers print it). Kept by the
 * gateway, which admits the connection, and only as a hash; a ticket opens only its own kind.
 */
@Component
class LiveTickets implements StartupWork {

    static final String COLLECTION = "live_tickets";
    static final Duration VALID_FOR = Duration.ofSeconds(60);
    private static final String AGENT = "agent_email";
    private static final String VISITOR = "visitor_id";

    private final ReactiveMongoTemplate mongo;

    LiveTickets(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index().on("expires_at", Sort.Direction.ASC).expire(Duration.ZERO)).then();
    }

    Mono<Issued> issue(long organizationId, String agentEmail) {
        return issue(organizationId, AGENT, agentEmail);
    }

    Mono<Issued> issueForVisitor(long organizationId, String visitorId) {
        return issue(organizationId, VISITOR, visitorId);
    }

    /** The ticket's agent, once: a redeemed, expired or visitor's ticket answers empty. */
    Mono<Admitted> redeem(String ticket) {
        return redeem(ticket, AGENT);
    }

    /** The ticket's visitor, once, if the ticket is the organization's; empty otherwise. */
    Mono<Admitted> redeemVisitor(String ticket, long organizationId) {
        return redeem(ticket, VISITOR).filter(admitted -> admitted.organizationId() == organizationId);
    }

    private Mono<Issued> issue(long organizationId, String kind, String who) {
        String ticket = Secrets.random("lt_", 32);
        Instant expiresAt = Instant.now().plus(VALID_FOR).truncatedTo(ChronoUnit.MILLIS);
        Document stored = new Document("_id", Secrets.sha256(ticket)).append("organization_id", organizationId).append(kind, who)
                .append("expires_at", Date.from(expiresAt));
        return mongo.insert(stored, COLLECTION).thenReturn(new Issued(ticket, expiresAt));
    }

    /** Removed on the first try whatever it opens: a ticket offered at the wrong door is spent too. */
    private Mono<Admitted> redeem(String ticket, String kind) {
        Query byHash = Query.query(Criteria.where("_id").is(Secrets.sha256(ticket)));
        return mongo.findAndRemove(byHash, Document.class, COLLECTION)
                .filter(found -> found.getDate("expires_at").toInstant().isAfter(Instant.now()) && found.getString(kind) != null)
                .map(found -> new Admitted(found.get("organization_id", Number.class).longValue(), found.getString(kind)));
    }

    record Issued(String ticket, Instant expiresAt) {
    }

    /** Who the ticket lets in: the agent's e-mail, or the visitor's id. */
    record Admitted(long organizationId, String who) {
    }
}
