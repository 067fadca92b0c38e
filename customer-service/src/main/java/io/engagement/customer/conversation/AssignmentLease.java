package io.engagement.customer.conversation;

import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One replica at a time hands out an organization's waiting conversations: it holds the
 * organization's lease, one conditional write, for at most {@link #HELD_FOR}. With one assigner per
 * organization no agent is given more than their capacity by two replicas counting at once; the
 * conversation's own guarded write keeps an agent's reply or a person's choice from being undone.
 * The lease also keeps when each agent was last given a conversation, for "idle longest".
 */
@Component
class AssignmentLease {

    static final String COLLECTION = "assignment_leases";
    static final Duration HELD_FOR = Duration.ofSeconds(30);

    private final ReactiveMongoTemplate mongo;

    AssignmentLease(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The lease with each agent's last assignment, or empty while another holds it. */
    Mono<Held> acquire(long organizationId) {
        String holder = UUID.randomUUID().toString();
        Instant now = Instant.now();
        Query free = Query.query(Criteria.where("_id").is(organizationId).and("until").lt(Date.from(now)));
        Update take = new Update().set("holder", holder).set("until", Date.from(now.plus(HELD_FOR)));
        return mongo.findAndModify(free, take, FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .switchIfEmpty(Mono.defer(() -> mongo.insert(new Document("_id", organizationId).append("holder", holder)
                                .append("until", Date.from(now.plus(HELD_FOR))).append("last_assigned", List.of()), COLLECTION))
                        .onErrorResume(DuplicateKeyException.class, held -> Mono.empty()))
                .map(lease -> new Held(organizationId, holder, lastAssigned(lease)));
    }

    /** Gives the lease back with the agents' last assignments as they are now. */
    Mono<Void> release(Held lease) {
        List<Document> last = lease.lastAssigned().entrySet().stream()
                .map(agent -> new Document("agent", agent.getKey()).append("at", Date.from(agent.getValue()))).toList();
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(lease.organizationId()).and("holder").is(lease.holder())),
                new Update().set("until", new Date(0)).set("last_assigned", last), COLLECTION).then();
    }

    private static Map<String, Instant> lastAssigned(Document lease) {
        Map<String, Instant> last = new HashMap<>();
        for (Document agent : lease.getList("last_assigned", Document.class, List.of())) {
            last.put(agent.getString("agent"), agent.getDate("at").toInstant());
        }
        return last;
    }

    /** A held lease; {@code lastAssigned} is changed while it is held and written back on release. */
    record Held(long organizationId, String holder, Map<String, Instant> lastAssigned) {
    }
}
