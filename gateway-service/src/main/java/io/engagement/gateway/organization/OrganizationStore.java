package io.engagement.gateway.organization;

import io.engagement.gateway.person.OrganizationNames;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.store.Documents;
import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.Date;
import java.util.List;

@Component
public class OrganizationStore implements OrganizationNames {

    static final String COLLECTION = "organizations";
    private static final String RETENTION = "retention";
    private static final String REDACTION_OPT_OUT = "redaction_opt_out";
    private static final String PLAN = "plan";
    private static final String POLICY_VERSION = "policy_version";

    private final ReactiveMongoTemplate mongo;
    private final IdSequences ids;
    private final EntityOutbox<OrganizationPolicy> policyEvents;
    private final Clock clock = Clock.systemUTC();

    OrganizationStore(ReactiveMongoTemplate mongo, IdSequences ids, EntityOutbox<OrganizationPolicy> policyEvents) {
        this.mongo = mongo;
        this.ids = ids;
        this.policyEvents = policyEvents;
    }

    Mono<Organization> create(String name) {
        return ids.next(COLLECTION)
                .map(id -> new Organization(id, name, clock.instant()))
                .flatMap(organization -> mongo.insert(new Document("_id", organization.organizationId())
                                .append("name", organization.name())
                                .append("created_at", Date.from(organization.createdAt())), COLLECTION)
                        .thenReturn(organization));
    }

    /** Empty for an organization that does not exist. */
    public Mono<OrganizationPolicy> policyOf(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION).map(OrganizationStore::policyOf);
    }

    /**
     * Applies one setting's change and marks the organization's policy event pending in the same
     * single-document write, then publishes that event; answers the policy as changed, or empty when
     * the organization does not exist.
     */
    Mono<OrganizationPolicy> changePolicy(long organizationId, Update change) {
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(organizationId)),
                        change.set(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(OrganizationPolicy.class)).inc(POLICY_VERSION, 1),
                        FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .doOnNext(changed -> policyEvents.publish(List.of(changed)))
                .map(OrganizationStore::policyOf);
    }

    static Update retentionChange(OrganizationPolicy.Retention retention) {
        return new Update().set(RETENTION, new Document("raw_event_days", retention.rawEventDays())
                .append("replay_days", retention.replayDays()).append("message_body_days", retention.messageBodyDays()));
    }

    static Update redactionChange(List<String> optOut) {
        return new Update().set(REDACTION_OPT_OUT, optOut);
    }

    static Update planChange(String plan) {
        return new Update().set(PLAN, plan);
    }

    /** The policy an organization document holds: the defaults for what it never set. */
    static OrganizationPolicy policyOf(Document organization) {
        Document retention = organization.get(RETENTION, Document.class);
        OrganizationPolicy.Retention defaults = OrganizationPolicy.Retention.DEFAULT;
        return new OrganizationPolicy(retention == null ? defaults : new OrganizationPolicy.Retention(
                retention.getInteger("raw_event_days", defaults.rawEventDays()),
                retention.getInteger("replay_days", defaults.replayDays()),
                retention.getInteger("message_body_days", defaults.messageBodyDays())),
                organization.getList(REDACTION_OPT_OUT, String.class, List.of()), organization.getString(PLAN),
                Documents.longOf(organization, POLICY_VERSION, 0));
    }

    @Override
    public Mono<String> nameOf(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION).mapNotNull(organization -> organization.getString("name"));
    }

    public Mono<Boolean> exists(long organizationId) {
        return mongo.exists(Query.query(Criteria.where("_id").is(organizationId)), COLLECTION);
    }

    /** Completes when the organization exists; the admin API's 404 otherwise. */
    public Mono<Void> requireExisting(long organizationId) {
        return exists(organizationId)
                .flatMap(exists -> exists ? Mono.<Void>empty() : Mono.error(ApiException.notFound("Organization")));
    }
}
