package io.engagement.customer.bot;

import io.engagement.platform.lifecycle.PollingLoop;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.engagement.platform.store.Documents.date;

/**
 * Reads the sources that are due, one at a time per replica: a new file's text, a website's pages
 * when it is new and again on its schedule. Each becomes passages of a new generation; the source
 * switches to them ({@code Active}) only once they are all written, so a refresh keeps the old
 * content answering until then. A file that gives no text, or a website whose first page cannot be
 * read, is {@code Failed} with the reason; a refresh that fails keeps the content it had.
 */
@Component
class SourceReader extends PollingLoop {

    private static final Logger log = LoggerFactory.getLogger(SourceReader.class);
    private static final int MAX_ATTEMPTS = 3;

    private final SourceStore sources;
    private final SourceFiles files;
    private final PassageStore passages;
    private final BotSettings settings;
    private final WebsiteCrawler crawler;

    SourceReader(SourceStore sources, SourceFiles files, PassageStore passages, WebsiteCrawler crawler, BotSettings settings) {
        super(settings.pollEvery(), log, "the bot's due sources");
        this.sources = sources;
        this.files = files;
        this.passages = passages;
        this.settings = settings;
        this.crawler = crawler;
    }

    /** One source at a time, each claimed only once the one before is read, so no lease runs out while it waits. */
    @Override
    protected Mono<Void> poll() {
        return claim().flatMap(claimed -> read(claimed).then(Mono.defer(this::poll)));
    }

    private Mono<Document> claim() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return sources.claimDue(now, now.plus(settings.lease()));
    }

    /**
     * An unreadable source fails at once. Anything else (the database, a bug) leaves it to be taken
     * over again when its lease runs out, up to {@link #MAX_ATTEMPTS} times, and then fails it.
     */
    private Mono<Void> read(Document claimed) {
        int generation = claimed.getInteger("generations");
        return passagesOf(claimed)
                .flatMap(texts -> passages.write(claimed.getLong("organization_id"), claimed.getString("_id"), generation, texts)
                        .then(settled(claimed, generation, texts.size())))
                .onErrorResume(TextExtraction.Unreadable.class, unreadable -> failed(claimed, unreadable.getMessage()))
                .onErrorResume(RuntimeException.class, failure -> {
                    log.warn("Bot source {} could not be read (attempt {}): {}", claimed.getString("_id"), claimed.getInteger("attempts"),
                            failure.toString());
                    return claimed.getInteger("attempts", 1) >= MAX_ATTEMPTS
                            ? failed(claimed, "could not be read after " + MAX_ATTEMPTS + " attempts").onErrorResume(again -> Mono.empty())
                            : Mono.empty();
                });
    }

    private Mono<List<String>> passagesOf(Document claimed) {
        if (BotSource.FILE.equals(claimed.getString("kind"))) {
            FileType type = FileType.valueOf(claimed.getString("file_type"));
            return files.read(claimed.getString("_id"), claimed.getInteger("file_parts"))
                    .publishOn(Schedulers.boundedElastic())
                    .map(content -> Passages.of(TextExtraction.text(type, content)));
        }
        return Mono.fromCallable(() -> crawler.crawl(URI.create(claimed.getString("url")), crawlTime()))
                .subscribeOn(Schedulers.boundedElastic())
                .map(pages -> {
                    List<String> texts = new ArrayList<>();
                    pages.forEach(page -> texts.addAll(Passages.of(page.text())));
                    if (texts.isEmpty()) {
                        throw new TextExtraction.Unreadable("the website holds no text");
                    }
                    return texts;
                });
    }

    /** Half the lease: a crawl ends with what it has read well before another replica could take the source over. */
    private Duration crawlTime() {
        return settings.lease().dividedBy(2);
    }

    /** Switches the source to its new passages, then lets the old ones go; if it was removed meanwhile, the new ones go. */
    private Mono<Void> settled(Document claimed, int generation, int count) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Update active = new Update().set("status", BotSource.ACTIVE).set("chunks", count).set("indexed_at", date(now))
                .set("generation", generation).unset("error").unset("attempts").set("time_updated", date(now));
        nextRefresh(claimed, now).ifPresentOrElse(due -> active.set("due_at", date(due)), () -> active.unset("due_at"));
        String sourceId = claimed.getString("_id");
        return sources.settle(claimed, active).flatMap(switched -> switched
                ? forgetPrevious(claimed).then(forgetFile(claimed))
                : passages.delete(sourceId, generation, count));
    }

    private Mono<Void> failed(Document claimed, String reason) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        boolean keepsContent = claimed.get("generation") != null;
        Update failed = new Update()
                .set("status", keepsContent ? BotSource.ACTIVE : BotSource.FAILED)
                .set("error", keepsContent ? "the last refresh failed: " + reason : reason)
                .unset("attempts")
                .set("time_updated", date(now));
        nextRefresh(claimed, now).ifPresentOrElse(due -> failed.set("due_at", date(due)), () -> failed.unset("due_at"));
        log.info("Bot source {} could not be read: {}", claimed.getString("_id"), reason);
        return sources.settle(claimed, failed).flatMap(settled -> settled ? forgetFile(claimed) : Mono.empty());
    }

    /** When a website is read again; a file never is. */
    private static Optional<Instant> nextRefresh(Document claimed, Instant now) {
        return RefreshFrequency.of(claimed.getString("refresh_frequency")).map(now::plus);
    }

    private Mono<Void> forgetPrevious(Document claimed) {
        Integer previous = claimed.getInteger("generation");
        return previous == null ? Mono.empty() : passages.delete(claimed.getString("_id"), previous, claimed.getInteger("chunks", 0));
    }

    private Mono<Void> forgetFile(Document claimed) {
        return BotSource.FILE.equals(claimed.getString("kind"))
                ? files.delete(claimed.getString("_id"), claimed.getInteger("file_parts", 0))
                : Mono.empty();
    }
}
