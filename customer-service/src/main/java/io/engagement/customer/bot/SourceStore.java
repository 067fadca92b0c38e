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
import java.util.Optional;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;

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

    Mono<Source> insert(Source source) {
        return mongo.insert(document(source), COLLECTION).map(SourceStore::source);
    }

    Mono<Source> find(long organizationId, String sourceId) {
        return mongo.findOne(byId(organizationId, sourceId), Document.class, COLLECTION).map(SourceStore::source);
    }

    Mono<PageEnvelope<BotSource>> page(long organizationId, PageRequest page) {
        return PagedFind.page(mongo, COLLECTION, Criteria.where("organization_id").is(organizationId), "time_created", false, page)
                .map(PagedFind.mapped(stored -> source(stored).view()));
    }

    /** The sources with indexed passages, which answer questions. */
    Flux<Source> answering(long organizationId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("generation").ne(null));
        query.fields().include("_id", "organization_id", "kind", "name", "generation", "chunks", "question", "answer");
        return mongo.find(query, Document.class, COLLECTION).map(SourceStore::source);
    }

    Mono<Source> remove(long organizationId, String sourceId) {
        return mongo.findAndRemove(byId(organizationId, sourceId), Document.class, COLLECTION).map(SourceStore::source);
    }

    /**
     * Takes over the source due longest, if any, for {@code lease}; it shows {@code Processing} while
     * read. Each take-over counts a new generation, so passages an interrupted reader left behind are
     * never written over.
     */
    Mono<Source> claimDue(Instant now, Instant leaseUntil) {
        Query due = Query.query(Criteria.where("due_at").lte(date(now))
                        .orOperator(Criteria.where("lease_until").is(null), Criteria.where("lease_until").lt(date(now))))
                .with(Sort.by(Sort.Direction.ASC, "due_at"));
        Update claim = new Update().set("lease_until", date(leaseUntil)).set("status", BotSource.PROCESSING)
                .inc("generations", 1).inc("attempts", 1).set("time_updated", date(now));
        return mongo.findAndModify(due, claim, FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .map(SourceStore::source);
    }

    /**
     * Switches the claimed source to the {@code count} passages of {@code generation}, due again at
     * {@code nextDue} (never, when empty); false when the lease is no longer this reader's.
     */
    Mono<Boolean> activate(Source claimed, int generation, int count, Instant now, Optional<Instant> nextDue) {
        Update active = new Update().set("status", BotSource.ACTIVE).set("chunks", count).set("indexed_at", date(now))
                .set("generation", generation).unset("error").unset("attempts").set("time_updated", date(now));
        return settle(claimed, dueAgain(active, nextDue));
    }

    /** Records why the claimed source could not be read, with the {@code status} it keeps; false as for {@link #activate}. */
    Mono<Boolean> fail(Source claimed, String status, String error, Instant now, Optional<Instant> nextDue) {
        Update failed = new Update().set("status", status).set("error", error).unset("attempts").set("time_updated", date(now));
        return settle(claimed, dueAgain(failed, nextDue));
    }

    private static Update dueAgain(Update outcome, Optional<Instant> nextDue) {
        nextDue.ifPresentOrElse(due -> outcome.set("due_at", date(due)), () -> outcome.unset("due_at"));
        return outcome;
    }

    /** Writes what reading the source came to, if the lease is still this reader's; false when it is not (or the source is gone). */
    private Mono<Boolean> settle(Source claimed, Update outcome) {
        Query stillOurs = Query.query(Criteria.where("_id").is(claimed.sourceId()).and("lease_until").is(date(claimed.leaseUntil())));
        return mongo.updateFirst(stillOurs, outcome.unset("lease_until"), COLLECTION).map(result -> result.getMatchedCount() == 1);
    }

    /** A new source's fields, in the order they have always been written, each only when it has a value. */
    private static Document document(Source source) {
        Document document = new Document("_id", source.sourceId())
                .append("organization_id", source.organizationId())
                .append("kind", source.kind())
                .append("name", source.name())
                .append("status", source.status())
                .append("time_created", date(source.timeCreated()))
                .append("time_updated", date(source.timeUpdated()));
        appendPresent(document, "file_type", source.fileType() == null ? null : source.fileType().name());
        appendPresent(document, "file_parts", source.fileParts());
        appendPresent(document, "file_size", source.fileSize());
        appendPresent(document, "url", source.url());
        appendPresent(document, "refresh_frequency", source.refreshFrequency());
        appendPresent(document, "question", source.question());
        appendPresent(document, "answer", source.answer());
        appendPresent(document, "generation", source.generation());
        appendPresent(document, "generations", source.generations());
        appendPresent(document, "chunks", source.chunks());
        appendPresent(document, "indexed_at", date(source.indexedAt()));
        appendPresent(document, "due_at", date(source.dueAt()));
        return document;
    }

    private static void appendPresent(Document document, String field, Object value) {
        if (value != null) {
            document.append(field, value);
        }
    }

    private static Source source(Document stored) {
        String fileType = stored.getString("file_type");
        return new Source(stored.getString("_id"), longOf(stored, "organization_id"), stored.getString("kind"), stored.getString("name"),
                stored.getString("status"), fileType == null ? null : FileType.valueOf(fileType),
                stored.getInteger("file_parts"), stored.getInteger("file_size"), stored.getString("url"),
                stored.getString("refresh_frequency"), stored.getString("question"), stored.getString("answer"),
                stored.getInteger("generation"), stored.getInteger("generations"), stored.getInteger("chunks"),
                instantOf(stored, "indexed_at"), stored.getString("error"), stored.getInteger("attempts"),
                instantOf(stored, "due_at"), instantOf(stored, "lease_until"),
                instantOf(stored, "time_created"), instantOf(stored, "time_updated"));
    }

    private static Query byId(long organizationId, String sourceId) {
        return Query.query(Criteria.where("_id").is(sourceId).and("organization_id").is(organizationId));
    }
}
