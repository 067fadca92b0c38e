package io.engagement.customer.conversation;

import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.lifecycle.PollingLoop;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.store.EmailKey;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands waiting conversations (open, nobody's) to online agents of the agents settings who are under
 * their capacity: the one with the fewest open conversations, then the one idle longest. Waiting
 * conversations go first come, first served ({@code waiting_since}, then creation). It runs when a
 * conversation starts waiting, when an agent connects or frees capacity (any replica's event), and
 * every {@link #SWEEP_EVERY} for what a lost trigger left. Triggers are gathered per organization
 * and served together, one poll at a time: a burst of messages in waiting conversations asks once,
 * not once per message.
 */
@Component
class Assignment extends PollingLoop {

    static final Duration SWEEP_EVERY = Duration.ofSeconds(15);
    /** How soon a trigger that came during a poll is served at the latest. */
    private static final Duration TICK = Duration.ofSeconds(1);
    private static final int WAITING_PER_ROUND = 200;
    private static final Logger log = LoggerFactory.getLogger(Assignment.class);

    private final ReactiveMongoTemplate mongo;
    private final ConversationStore conversations;
    private final OrganizationSettings<AgentSettings> agents;
    private final AgentPresence presence;
    private final AssignmentLease lease;
    private final Set<Long> triggered = ConcurrentHashMap.newKeySet();
    private volatile Instant nextSweep = Instant.now().plus(SWEEP_EVERY);

    static final String ASSIGNED = "conversation.assigned";
    private static final AuditRecorded.Actor SYSTEM = new AuditRecorded.Actor("system", null, null, null);

    private final AuditTrail audit;
    private final AgentMembers members;

    Assignment(ReactiveMongoTemplate mongo, ConversationStore conversations, OrganizationSettings<AgentSettings> agents, AgentPresence presence,
               AssignmentLease lease, AuditTrail audit, AgentMembers members) {
        super(TICK, log, "waiting conversations to assign");
        this.audit = audit;
        this.members = members;
        this.mongo = mongo;
        this.conversations = conversations;
        this.agents = agents;
        this.presence = presence;
        this.lease = lease;
    }

    /** The organizations triggered since the last poll, and every organization with a waiting conversation when a sweep is due. */
    @Override
    protected Mono<Void> poll() {
        Set<Long> due = new HashSet<>(triggered);
        triggered.removeAll(due);
        Flux<Long> organizations = Flux.fromIterable(due);
        if (!Instant.now().isBefore(nextSweep)) {
            nextSweep = Instant.now().plus(SWEEP_EVERY);
            organizations = organizations.concatWith(organizationsWaiting().filter(organization -> !due.contains(organization)));
        }
        return organizations.concatMap(organization -> serve(organization).onErrorResume(failure -> {
            log.debug("Assigning the conversations of organization {} failed: {}", organization, failure.toString());
            return Mono.empty();
        })).then();
    }

    /** Serves the organization's queue at the next poll, soon. */
    void trigger(long organizationId) {
        triggered.add(organizationId);
        wake();
    }

    /**
     * Hands out what it can of the organization's queue; nothing while none of its agents is online
     * (no lease is taken then), or when another replica is doing it now.
     */
    Mono<Void> serve(long organizationId) {
        return Mono.zip(agents.read(organizationId), members.of(organizationId), presence.onlineAgents(organizationId))
                .map(known -> candidates(known.getT1(), known.getT2()).stream()
                        .filter(agent -> known.getT3().contains(EmailKey.of(agent.email()))).toList())
                .filter(available -> !available.isEmpty())
                .flatMap(available -> lease.acquire(organizationId).flatMap(held -> openLoads(organizationId)
                        .flatMap(known -> {
                            Map<String, Integer> loads = new HashMap<>(known);
                            return waiting(organizationId)
                                    .concatMap(conversation -> pick(available, loads, held)
                                            .map(agent -> assign(conversation, agent, loads, held))
                                            .orElse(Mono.empty()))
                                    .then();
                        })
                        .then(Mono.defer(() -> lease.release(held)))
                        .onErrorResume(failure -> lease.release(held).then(Mono.error(failure)))));
    }

    private Mono<Void> assign(ConversationState waiting, AgentSettings.Agent agent, Map<String, Integer> loads, AssignmentLease.Held held) {
        String key = EmailKey.of(agent.email());
        // counted before the write, so the next conversation of this round sees the agent's new load
        loads.merge(key, 1, Integer::sum);
        held.lastAssigned().put(key, Instant.now());
        return conversations.update(waiting, current -> current.assignedTo(agent.email(), agent.name()))
                .doOnNext(written -> {
                    if (!written.changed()) {
                        loads.merge(key, -1, Integer::sum);
                    }
                })
                .flatMap(written -> written.changed()
                        ? audit.record(waiting.organizationId(), ASSIGNED, SYSTEM, new AuditRecorded.Target("conversation", waiting.conversationId()),
                                null, Map.of("assignee_email", agent.email()))
                        : Mono.empty())
                .then();
    }

    /**
     * Who may take a conversation: the members who take conversations (active agents and admins who
     * are online), with their own capacity, and the agents of the settings who are no member at all.
     */
    static List<AgentSettings.Agent> candidates(AgentSettings settings, Map<String, AgentMembers.Member> members) {
        List<AgentSettings.Agent> candidates = new ArrayList<>();
        members.values().stream().filter(AgentMembers.Member::takesConversations).map(AgentMembers.Member::asAgent).forEach(candidates::add);
        settings.agents().stream().filter(agent -> !members.containsKey(EmailKey.of(agent.email()))).forEach(candidates::add);
        return candidates;
    }

    /** The agent with the fewest open conversations under their capacity, then the one idle longest. */
    private static Optional<AgentSettings.Agent> pick(List<AgentSettings.Agent> available, Map<String, Integer> loads, AssignmentLease.Held held) {
        return available.stream()
                .filter(agent -> loads.getOrDefault(EmailKey.of(agent.email()), 0) < agent.capacity())
                .min(Comparator.<AgentSettings.Agent>comparingInt(agent -> loads.getOrDefault(EmailKey.of(agent.email()), 0))
                        .thenComparing(agent -> held.lastAssigned().getOrDefault(EmailKey.of(agent.email()), Instant.EPOCH)));
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
