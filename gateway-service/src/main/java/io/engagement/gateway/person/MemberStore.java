package io.engagement.gateway.person;

import io.engagement.platform.auth.Role;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Memberships, one document per organization and person ({@code _id} {@code org:person}). Which
 * members are an organization's active admins is kept beside them in one document per organization
 * ({@code active_admins}), so "never the last admin" is a single conditional write, not a count
 * another request could race.
 */
@Component
public class MemberStore implements StartupWork {

    private static final String COLLECTION = "members";
    private static final String ADMINS = "active_admins";

    private final ReactiveMongoTemplate mongo;

    MemberStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index("person_id", Sort.Direction.ASC))
                .then(mongo.indexOps(COLLECTION).createIndex(new Index("organization_id", Sort.Direction.ASC)
                        .on("created_at", Sort.Direction.ASC).on("_id", Sort.Direction.ASC)))
                .then();
    }

    /** The new member; empty when the person already is one. */
    public Mono<Member> insert(Member member) {
        return mongo.insert(toDocument(member), COLLECTION).thenReturn(member)
                .onErrorResume(DuplicateKeyException.class, already -> Mono.empty());
    }

    public Mono<Member> find(long organizationId, String personId) {
        return mongo.findById(id(organizationId, personId), Document.class, COLLECTION).map(MemberStore::fromDocument);
    }

    /** A person's memberships, lowest organization first. */
    public Flux<Member> ofPerson(String personId) {
        Query query = Query.query(Criteria.where("person_id").is(personId)).with(Sort.by("organization_id"));
        return mongo.find(query, Document.class, COLLECTION).map(MemberStore::fromDocument);
    }

    public Flux<Member> ofOrganization(long organizationId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId)).with(Sort.by("created_at", "_id"));
        return mongo.find(query, Document.class, COLLECTION).map(MemberStore::fromDocument);
    }

    public Mono<PageEnvelope<Member>> page(long organizationId, MemberFilter filter, PageRequest page) {
        Criteria criteria = Criteria.where("organization_id").is(organizationId);
        filter.role().ifPresent(role -> criteria.and("role").is(role.wireName()));
        filter.status().ifPresent(status -> criteria.and("status").is(status.wireName()));
        filter.search().ifPresent(text -> {
            Pattern contains = Pattern.compile(Pattern.quote(text), Pattern.CASE_INSENSITIVE);
            criteria.orOperator(Criteria.where("email").regex(contains), Criteria.where("name").regex(contains));
        });
        Query query = Query.query(criteria);
        Mono<Long> total = mongo.count(query, COLLECTION);
        Mono<java.util.List<Member>> rows = mongo.find(Query.of(query).with(Sort.by("created_at", "_id"))
                        .skip(page.offset()).limit(page.pageSize()), Document.class, COLLECTION)
                .map(MemberStore::fromDocument).collectList();
        return Mono.zip(rows, total).map(found -> PageEnvelope.of(found.getT1(), found.getT2(), page));
    }

    /** The member after {@code changes}; empty when there is no such member. */
    public Mono<Member> update(long organizationId, String personId, Update changes) {
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(id(organizationId, personId))), changes,
                FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION).map(MemberStore::fromDocument);
    }

    /** The person's name in every membership, as they renamed themselves. */
    public Mono<Void> rename(String personId, String name) {
        return mongo.updateMulti(Query.query(Criteria.where("person_id").is(personId)), new Update().set("name", name), COLLECTION).then();
    }

    /** Whether the person's second factor is on, in every membership. */
    public Mono<Void> setMfa(String personId, boolean enabled) {
        return mongo.updateMulti(Query.query(Criteria.where("person_id").is(personId)), new Update().set("mfa_enabled", enabled), COLLECTION)
                .then();
    }

    public Mono<Void> signedIn(long organizationId, String personId, Instant at, boolean sso) {
        Update update = new Update().set("last_sign_in_at", Date.from(at));
        if (sso) {
            update.set("sso", true);
        }
        return update(organizationId, personId, update).then();
    }

    /** Counts the member among the organization's active admins. */
    public Mono<Void> addActiveAdmin(long organizationId, String personId) {
        return mongo.upsert(Query.query(Criteria.where("_id").is(organizationId)), new Update().addToSet("admins", personId), ADMINS).then();
    }

    /**
     * Takes the member out of the organization's active admins unless they are the last one:
     * {@code false}, and nothing changed, when they are.
     */
    public Mono<Boolean> removeActiveAdmin(long organizationId, String personId) {
        Query othersRemain = Query.query(Criteria.where("_id").is(organizationId).and("admins").is(personId).and("admins.1").exists(true));
        return mongo.updateFirst(othersRemain, new Update().pull("admins", personId), ADMINS)
                .flatMap(result -> result.getModifiedCount() == 1 ? Mono.just(true) : isActiveAdmin(organizationId, personId).map(admin -> !admin));
    }

    private Mono<Boolean> isActiveAdmin(long organizationId, String personId) {
        return mongo.exists(Query.query(Criteria.where("_id").is(organizationId).and("admins").is(personId)), ADMINS);
    }

    static String id(long organizationId, String personId) {
        return organizationId + ":" + personId;
    }

    private static Document toDocument(Member member) {
        return new Document("_id", id(member.organizationId(), member.personId()))
                .append("organization_id", member.organizationId())
                .append("person_id", member.personId())
                .append("email", member.email())
                .append("name", member.name())
                .append("role", member.role().wireName())
                .append("status", member.status().wireName())
                .append("capacity", member.capacity())
                .append("availability", member.availability().wireName())
                .append("sso", member.sso())
                .append("mfa_enabled", member.mfaEnabled())
                .append("created_at", Date.from(member.createdAt()))
                .append("last_sign_in_at", member.lastSignInAt() == null ? null : Date.from(member.lastSignInAt()));
    }

    private static Member fromDocument(Document document) {
        Date lastSignIn = document.getDate("last_sign_in_at");
        return new Member(((Number) document.get("organization_id")).longValue(), document.getString("person_id"),
                document.getString("email"), document.getString("name"),
                Role.fromWireName(document.getString("role")).orElse(Role.VIEWER),
                MemberStatus.fromWireName(document.getString("status")).orElse(MemberStatus.DEACTIVATED),
                ((Number) document.get("capacity")).intValue(),
                Availability.fromWireName(document.getString("availability")).orElse(Availability.OFFLINE),
                Boolean.TRUE.equals(document.getBoolean("sso")), Boolean.TRUE.equals(document.getBoolean("mfa_enabled")),
                document.getDate("created_at").toInstant(),
                lastSignIn == null ? null : lastSignIn.toInstant());
    }

    /** The list's filters: each absent one matches every member. */
    public record MemberFilter(Optional<Role> role, Optional<MemberStatus> status, Optional<String> search) {
    }
}
