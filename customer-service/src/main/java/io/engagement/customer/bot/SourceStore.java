package io.engagement.customer.bot;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
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

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * The sources in this service's database, one document each ({@code _id} is the public source
 * id). A source to read (a new file, a website due) carries {@code due_at}; the replica that takes
 * it over writes {@code lease_until}, and its result counts only while that lease is still the
 * one written. {@code generation} names the passages that answer for the source: a refresh writes
 * the next generation's passages beside them and switches over once they are all written.
 */
@Component
class SourceStore implements StartupWork {

    static final String COLLECTION = "bot_sources";

    private final ReactiveMongoTemplate mongo;

    SourceStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("organization_id", Sort.Direction.ASC)
                        .on("time_created", Sort.Direction.DESC).on("_id", Sort.Direction.DESC),
                new Index().on("due_at", Sort.Direction.ASC));
    }

    Mono<Document> insert(Document source) {
        return mongo.insert(source, COLLECTION);
    }

    Mono<Document> find(long organizationId, String sourceId) {
        return mongo.findOne(byId(organizationId, sourceId), Document.class, COLLECTION);
    }

    Mono<PageEnvelope<BotSource>> page(long organizationId, PageRequest page) {
        return PagedFind.page(mongo, COLLECTION, Criteria.where("organization_id").is(organizationId), "time_created", false, page)
                .map(PagedFind.mapped(SourceStore::view));
    }

    /** The sources with indexed passages, which answer questions. */
    Flux<Document> answering(long organizationId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("generation").ne(null));
        query.fields().include("_id", "kind", "name", "generation", "chunks", "question", "answer");
        return mongo.find(query, Document.class, COLLECTION);
    }

    Mono<Document> remove(long organizationId, String sourceId) {
        return mongo.findAndRemove(byId(organizationId, sourceId), Document.class, COLLECTION);
    }

    /**
     * Takes over the source due longest, if any, for {@code lease}; it shows {@code Processing} while
     * read. Each take-over counts a new generation, so passages an interrupted reader left behind are
     * never written over.
     */
    Mono<Document> claimDue(Instant now, Instant leaseUntil) {
        Query due = Query.query(Criteria.where("due_at").lte(date(now))
                        .orOperator(Criteria.where("lease_until").is(null), Criteria.where("lease_until").lt(date(now))))
                .with(Sort.by(Sort.Direction.ASC, "due_at"));
        Update claim = new Update().set("lease_until", date(leaseUntil)).set("status", BotSource.PROCESSING)
                .inc("generations", 1).inc("attempts", 1).set("time_updated", date(now));
        return mongo.findAndModify(due, claim, FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION);
    }

    /** Writes what reading the source came to, if the lease is still this reader's; false when it is not (or the source is gone). */
    Mono<Boolean> settle(Document claimed, Update outcome) {
        Query stillOurs = Query.query(Criteria.where("_id").is(claimed.getString("_id")).and("lease_until").is(claimed.get("lease_until")));
        return mongo.updateFirst(stillOurs, outcome.unset("lease_until"), COLLECTION).map(result -> result.getMatchedCount() == 1);
    }

    static BotSource view(Document source) {
        return new BotSource(source.getString("_id"), source.getString("kind"), source.getString("name"), source.getString("status"),
                source.getInteger("chunks"), source.get("indexed_at") == null ? null : instantOf(source, "indexed_at"),
                source.getString("error"), source.getString("url"), source.getString("refresh_frequency"),
                source.getString("question"), source.getString("answer"),
                instantOf(source, "time_created"), instantOf(source, "time_updated"));
    }

    private static Query byId(long organizationId, String sourceId) {
        return Query.query(Criteria.where("_id").is(sourceId).and("organization_id").is(organizationId));
    }
}
