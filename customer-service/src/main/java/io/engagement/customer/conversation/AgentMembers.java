package io.engagement.customer.conversation;

import io.engagement.platform.event.MemberChanged;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.store.EmailKey;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The organizations' members as the gateway last announced them ({@code agent_members}, one document
 * per organization and e-mail key), for assignment: a member takes conversations only while active,
 * an agent or admin, and online; their capacity is theirs. Agents of the agents settings who are no
 * member (a key's integration) are assigned as before.
 */
@Component
class AgentMembers implements StartupWork {

    static final String COLLECTION = "agent_members";

    private final ReactiveMongoTemplate mongo;

    AgentMembers(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index("organization_id", Sort.Direction.ASC)).then();
    }

    Mono<Void> record(long organizationId, MemberChanged member) {
        String key = EmailKey.of(member.email());
        Document document = new Document("_id", organizationId + ":" + key)
                .append("organization_id", organizationId)
                .append("email_key", key)
                .append("email", member.email())
                .append("name", member.name())
                .append("capacity", member.capacity())
                .append("takes_conversations", member.takesConversations())
                .append("active", member.active());
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(document.get("_id"))), document,
                FindAndReplaceOptions.options().upsert(), Document.class, COLLECTION).then();
    }

    /** The organization's members by e-mail key. */
    Mono<Map<String, Member>> of(long organizationId) {
        return mongo.find(Query.query(Criteria.where("organization_id").is(organizationId)), Document.class, COLLECTION)
                .map(document -> new Member(document.getString("email"), document.getString("name"),
                        ((Number) document.get("capacity")).intValue(), Boolean.TRUE.equals(document.getBoolean("takes_conversations"))))
                .collect(Collectors.toMap(member -> EmailKey.of(member.email()), member -> member));
    }

    /** A member as assignment weighs them. */
    record Member(String email, String name, int capacity, boolean takesConversations) {

        AgentSettings.Agent asAgent() {
            return new AgentSettings.Agent(email, name, capacity);
        }
    }
}
