package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.settings.OrganizationSettings;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Hands waiting conversations (open, nobody's) to online agents of the agents settings who are under
 * their capacity: the one with the fewest open conversations, then the one idle longest. Waiting
 * conversations go first come, first served ({@code waiting_since}, then creation). It runs when a
 * conversation starts waiting, when an agent connects or frees capacity (any replica's event), and
 * every {@link #SWEEP_EVERY} for what a lost trigger left.
 */
@Component
class Assignment implements StartupWork, DisposableBean {

    static final Duration SWEEP_EVERY = Duration.ofSeconds(15);
    private static final int WAITING_PER_ROUND = 200;
    private static final Logger log = LoggerFactory.getLogger(Assignment.class);

    private final ReactiveMongoTemplate mongo;
    private final ConversationStore conversations;
    private final EntityOutbox<ConversationChanged> events;
    private final OrganizationSettings<AgentSettings> agents;
    private final AgentPresence presence;
    private final AssignmentLease lease;
    private volatile Disposable sweeps;

    Assignment(ReactiveMongoTemplate mongo, ConversationStore conversations, EntityOutbox<ConversationChanged> events,
               OrganizationSettings<AgentSettings> agents, AgentPresence presence, AssignmentLease lease) {
        this.mongo = mongo;
        this.conversations = conversations;
        this.events = events;
        this.agents = agents;
        this.presence = presence;
        this.lease = lease;
    }

    @Override
    public Mono<Void> prepare() {
        sweeps = Flux.interval(SWEEP_EVERY, SWEEP_EVERY)
                .onBackpressureDrop()
                .concatMap(tick -> organizationsWaiting().concatMap(this::serve).onErrorResume(failure -> {
                    log.warn("An assignment sweep failed; trying again in {}: {}", SWEEP_EVERY, failure.toString());
                    return Mono.empty();
                }))
                .subscribe();
        return Mono.empty();
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    /** Starts serving the organization's queue without waiting for it; a failure waits for the next trigger or sweep. */
    void trigger(long organizationId) {
        serve(organizationId).onErrorResume(failure -> {
            log.debug("Assigning the conversations of organization {} failed: {}", organizationId, failure.toString());
            return Mono.empty();
        }).subscribe();
    }

    /** Hands out what it can of the organization's queue; nothing when another replica is doing it now. */
    Mono<Void> serve(long organizationId) {
        return lease.acquire(organizationId).flatMap(held -> Mono.zip(agents.read(organizationId), presence.onlineAgents(organizationId),
                                openLoads(organizationId))
                        .flatMap(known -> {
                            Map<String, Integer> loads = new HashMap<>(known.getT3());
                            List<AgentSettings.Agent> available = known.getT1().agents().stream()
                                    .filter(agent -> known.getT2().contains(Conversations.emailKey(agent.email()))).toList();
                            if (available.isEmpty()) {
                                return Mono.<Void>empty();
                            }
                            return waiting(organizationId)
                                    .concatMap(conversation -> pick(available, loads, held)
                                            .map(agent -> assign(conversation, agent, loads, held))
                                            .orElse(Mono.empty()))
                                    .then();
                        })
                        .then(Mono.defer(() -> lease.release(held)))
                        .onErrorResume(failure -> lease.release(held).then(Mono.error(failure))));
    }

    private Mono<Void> assign(ConversationState waiting, AgentSettings.Agent agent, Map<String, Integer> loads, AssignmentLease.Held held) {
        String key = Conversations.emailKey(agent.email());
        // counted before the write, so the next conversation of this round sees the agent's new load
        loads.merge(key, 1, Integer::sum);
        held.lastAssigned().put(key, Instant.now());
        return conversations.update(waiting.organizationId(), waiting.conversationId(), current -> current.assignedTo(agent.email()))
                .doOnNext(written -> {
                    if (written.changed()) {
                        events.publish(List.of(written.document()));
                    } else {
                        loads.merge(key, -1, Integer::sum);
                    }
                })
                .then();
    }

    /** The agent with the fewest open conversations under their capacity, then the one idle longest. */
    private static Optional<AgentSettings.Agent> pick(List<AgentSettings.Agent> available, Map<String, Integer> loads, AssignmentLease.Held held) {
        return available.stream()
                .filter(agent -> loads.getOrDefault(Conversations.emailKey(agent.email()), 0) < agent.capacity())
                .min(Comparator.<AgentSettings.Agent>comparingInt(agent -> loads.getOrDefault(Conversations.emailKey(agent.email()), 0))
                        .thenComparing(agent -> held.lastAssigned().getOrDefault(Conversations.emailKey(agent.email()), Instant.EPOCH)));
    }

    /** Each agent's open conversations, by e-mail key. */
    private Mono<Map<String, Integer>> openLoads(long organizationId) {
        Query open = Query.query(Criteria.where("organization_id").is(organizationId).and("status").is(ConversationView.OPEN)
                .and("assignee_key").ne(null));
        open.fields().include("assignee_key");
        return mongo.find(open, Document.class, ConversationStore.COLLECTION)
                .collect(HashMap::new, (loads, conversation) -> loads.merge(conversation.getString("assignee_key"), 1, Integer::sum));
    }

    /** The organization's waiting conversations, first come first served. */
    private Flux<ConversationState> waiting(long organizationId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("status").is(ConversationView.OPEN)
                        .and("assignee_key").is(null))
                .with(Sort.by(Sort.Order.asc("waiting_since"), Sort.Order.asc("created_at"))).limit(WAITING_PER_ROUND);
        return mongo.find(query, Document.class, ConversationStore.COLLECTION).map(ConversationStore::fromDocument)
                .filter(ConversationState::isWaiting);
    }

    private Flux<Long> organizationsWaiting() {
        Query query = Query.query(Criteria.where("status").is(ConversationView.OPEN).and("assignee_key").is(null));
        query.fields().include("organization_id");
        return mongo.find(query, Document.class, ConversationStore.COLLECTION)
                .map(conversation -> conversation.get("organization_id", Number.class).longValue())
                .distinct();
    }

    /**
     * Whether a conversation as written may change what assignment can do: it waits (open, nobody's),
     * or it is someone's and no longer open, which may have freed them.
     */
    static boolean mayServe(ConversationView conversation) {
        return conversation.assigneeEmail() == null ? ConversationView.OPEN.equals(conversation.status())
                : !ConversationView.OPEN.equals(conversation.status());
    }
}
