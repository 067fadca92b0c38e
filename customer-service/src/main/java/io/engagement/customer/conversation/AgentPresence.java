package io.engagement.customer.conversation;

import io.engagement.platform.lifecycle.PollingLoop;
import org.bson.Document;
import org.slf4j.LoggerFactory;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Which agents hold a live connection on any replica: each replica writes one presence per agent it
 * holds and renews it every {@link #RENEW_EVERY}; a presence not renewed for {@link #STALE_AFTER}
 * (a replica that died) no longer counts.
 */
@Component
class AgentPresence extends PollingLoop {

    static final String COLLECTION = "agent_presence";
    static final Duration RENEW_EVERY = Duration.ofSeconds(10);
    static final Duration STALE_AFTER = Duration.ofSeconds(30);

    private final ReactiveMongoTemplate mongo;
    private final LiveHub hub;
    private final String replica = UUID.randomUUID().toString();

    AgentPresence(ReactiveMongoTemplate mongo, LiveHub hub) {
        super(RENEW_EVERY, LoggerFactory.getLogger(AgentPresence.class), "agents' presence to renew");
        this.mongo = mongo;
        this.hub = hub;
    }

    /** Renews the presence of every agent this replica holds a connection of. */
    @Override
    protected Mono<Void> poll() {
        return Flux.fromIterable(hub.agentConnections()).concatMap(agent -> online(agent.organizationId(), agent.agentKey())).then();
    }

    Mono<Void> online(long organizationId, String agentKey) {
        Document presence = new Document("_id", id(organizationId, agentKey)).append("organization_id", organizationId)
                .append("agent_key", agentKey).append("replica", replica).append("seen_at", Date.from(Instant.now()));
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(presence.get("_id"))), presence,
                FindAndReplaceOptions.options().upsert(), Document.class, COLLECTION).then();
    }

    /** This replica's presence of the agent, once it holds no connection of theirs. */
    Mono<Void> offline(long organizationId, String agentKey) {
        return mongo.remove(Query.query(Criteria.where("_id").is(id(organizationId, agentKey))), COLLECTION).then();
    }

    /** The agents (e-mail keys) of the organization connected to any replica. */
    Mono<Set<String>> onlineAgents(long organizationId) {
        Query fresh = Query.query(Criteria.where("organization_id").is(organizationId)
                .and("seen_at").gt(Date.from(Instant.now().minus(STALE_AFTER))));
        return mongo.find(fresh, Document.class, COLLECTION).map(document -> document.getString("agent_key")).collect(Collectors.toSet());
    }

    private String id(long organizationId, String agentKey) {
        return organizationId + ":" + agentKey + ":" + replica;
    }
}
