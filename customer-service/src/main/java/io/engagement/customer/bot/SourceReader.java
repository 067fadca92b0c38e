package io.engagement.customer.bot;

import io.engagement.platform.lifecycle.PollingLoop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

    private Mono<Source> claim() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return sources.claimDue(now, now.plus(settings.lease()));
    }

    /**
     * An unreadable source fails at once. Anything else (the database, a bug) leaves it to be taken
     * over again when its lease runs out, up to {@link #MAX_ATTEMPTS} times, and then fails it.
     */
    private Mono<Void> read(Source claimed) {
        int generation = claimed.generations();
        return passagesOf(claimed)
                .flatMap(texts -> passages.write(claimed.organizationId(), claimed.sourceId(), generation, texts)
                        .then(settled(claimed, generation, texts.size())))
                .onErrorResume(TextExtraction.Unreadable.class, unreadable -> failed(claimed, unreadable.getMessage()))
                .onErrorResume(RuntimeException.class, failure -> {
                    log.warn("Bot source {} could not be read (attempt {}): {}", claimed.sourceId(), claimed.attempts(),
                            failure.toString());
                    return attemptsOf(claimed) >= MAX_ATTEMPTS
                            ? failed(claimed, "could not be read after " + MAX_ATTEMPTS + " attempts").onErrorResume(again -> Mono.empty())
                            : Mono.empty();
                });
    }

    private static int attemptsOf(Source claimed) {
        return claimed.attempts() == null ? 1 : claimed.attempts();
    }

    private Mono<List<String>> passagesOf(Source claimed) {
        if (claimed.isFile()) {
            FileType type = claimed.fileType();
            return files.read(claimed.sourceId(), claimed.fileParts())
                    .publishOn(Schedulers.boundedElastic())
                    .map(content -> Passages.of(TextExtraction.text(type, content)));
        }
        return Mono.fromCallable(() -> crawler.crawl(URI.create(claimed.url()), crawlTime()))
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
    private Mono<Void> settled(Source claimed, int generation, int count) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return sources.activate(claimed, generation, count, now, nextRefresh(claimed, now)).flatMap(switched -> switched
                ? forgetPrevious(claimed).then(forgetFile(claimed))
                : passages.delete(claimed.sourceId(), generation, count));
    }

    private Mono<Void> failed(Source claimed, String reason) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        boolean keepsContent = claimed.generation() != null;
        String status = keepsContent ? BotSource.ACTIVE : BotSource.FAILED;
        String error = keepsContent ? "the last refresh failed: " + reason : reason;
        log.info("Bot source {} could not be read: {}", claimed.sourceId(), reason);
        return sources.fail(claimed, status, error, now, nextRefresh(claimed, now))
                .flatMap(settled -> settled ? forgetFile(claimed) : Mono.empty());
    }

    /** When a website is read again; a file never is. */
    private static Optional<Instant> nextRefresh(Source claimed, Instant now) {
        return RefreshFrequency.of(claimed.refreshFrequency()).map(now::plus);
    }

    private Mono<Void> forgetPrevious(Source claimed) {
        Integer previous = claimed.generation();
        return previous == null ? Mono.empty() : passages.delete(claimed.sourceId(), previous, claimed.chunkCount());
    }

    private Mono<Void> forgetFile(Source claimed) {
        return claimed.isFile()
                ? files.delete(claimed.sourceId(), claimed.fileParts() == null ? 0 : claimed.fileParts())
                : Mono.empty();
    }
}
