package io.engagement.customer.bot;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.net.AddressGuard;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.bson.Document;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import static io.engagement.platform.store.Documents.date;

/**
 * Adds and removes an organization's sources. A file is kept whole before the answer (202) and
 * read after it; a website is read after the answer and on its schedule; a Q&A pair answers at once.
 */
@Component
class BotLibrary {

    private final SourceStore sources;
    private final SourceFiles files;
    private final PassageStore passages;
    private final SourceReader reader;
    private final AddressGuard guard;

    BotLibrary(SourceStore sources, SourceFiles files, PassageStore passages, SourceReader reader, AddressGuard crawlerGuard) {
        this.sources = sources;
        this.files = files;
        this.passages = passages;
        this.reader = reader;
        this.guard = crawlerGuard;
    }

    Mono<BotSource> addFile(long organizationId, String name, FileType type, byte[] content) {
        String sourceId = UUID.randomUUID().toString();
        return files.write(sourceId, content)
                .flatMap(parts -> sources.insert(source(sourceId, organizationId, BotSource.FILE, name, BotSource.PROCESSING)
                        .append("file_type", type.name()).append("file_parts", parts).append("file_size", content.length)
                        .append("due_at", date(now()))))
                .map(SourceStore::view)
                .doOnNext(added -> reader.wake());
    }

    /** Refused (422) when the address is one the crawler may not reach. */
    Mono<BotSource> addWebsite(long organizationId, NewWebsite website) {
        URI url = URI.create(website.url());
        return Mono.fromCallable(() -> guard.refusalNow(url)).subscribeOn(Schedulers.boundedElastic())
                .flatMap(refused -> {
                    if (refused.isPresent()) {
                        return Mono.error(new RequestValidationException(List.of(
                                Violations.valueError(Loc.body().field("url"), website.url(), refused.get()))));
                    }
                    String sourceId = UUID.randomUUID().toString();
                    return sources.insert(source(sourceId, organizationId, BotSource.WEBSITE, website.url(), BotSource.PROCESSING)
                            .append("url", website.url()).append("refresh_frequency", website.frequency()).append("due_at", date(now())));
                })
                .map(SourceStore::view)
                .doOnNext(added -> reader.wake());
    }

    /** Active at once: its one passage is written before the source that points to it. */
    Mono<BotSource> addQna(long organizationId, NewQna qna) {
        String sourceId = UUID.randomUUID().toString();
        return passages.write(organizationId, sourceId, 1, List.of(qna.question() + "\n" + qna.answer()))
                .then(sources.insert(source(sourceId, organizationId, BotSource.QNA, qna.question(), BotSource.ACTIVE)
                        .append("question", qna.question()).append("answer", qna.answer())
                        .append("generation", 1).append("generations", 1).append("chunks", 1).append("indexed_at", date(now()))))
                .map(SourceStore::view);
    }

    Mono<Void> remove(long organizationId, String sourceId) {
        return sources.remove(organizationId, sourceId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Source")))
                .flatMap(removed -> {
                    Integer generation = removed.getInteger("generation");
                    Mono<Void> content = generation == null ? Mono.empty()
                            : passages.delete(sourceId, generation, removed.getInteger("chunks", 0));
                    Mono<Void> file = removed.get("file_parts") == null ? Mono.empty()
                            : files.delete(sourceId, removed.getInteger("file_parts"));
                    return content.then(file);
                });
    }

    private static Document source(String sourceId, long organizationId, String kind, String name, String status) {
        Instant now = now();
        return new Document("_id", sourceId)
                .append("organization_id", organizationId)
                .append("kind", kind)
                .append("name", name)
                .append("status", status)
                .append("time_created", date(now))
                .append("time_updated", date(now));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
