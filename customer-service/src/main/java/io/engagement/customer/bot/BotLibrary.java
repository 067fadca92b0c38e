package io.engagement.customer.bot;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.net.AddressGuard;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

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
                .flatMap(parts -> sources.insert(Source.file(sourceId, organizationId, name, type, parts, content.length, now())))
                .map(Source::view)
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
                    return sources.insert(Source.website(sourceId, organizationId, website.url(), website.frequency(), now()));
                })
                .map(Source::view)
                .doOnNext(added -> reader.wake());
    }

    /** Active at once: its one passage is written before the source that points to it. */
    Mono<BotSource> addQna(long organizationId, NewQna qna) {
        String sourceId = UUID.randomUUID().toString();
        return passages.write(organizationId, sourceId, 1, List.of(qna.question() + "\n" + qna.answer()))
                .then(sources.insert(Source.qna(sourceId, organizationId, qna.question(), qna.answer(), now())))
                .map(Source::view);
    }

    Mono<Void> remove(long organizationId, String sourceId) {
        return sources.remove(organizationId, sourceId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Source")))
                .flatMap(removed -> {
                    Mono<Void> content = removed.generation() == null ? Mono.empty()
                            : passages.delete(sourceId, removed.generation(), removed.chunkCount());
                    Mono<Void> file = removed.fileParts() == null ? Mono.empty() : files.delete(sourceId, removed.fileParts());
                    return content.then(file);
                });
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
