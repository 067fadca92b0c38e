package io.engagement.customer.bot;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The bot as a conversation uses it: whether the organization has knowledge to answer from, and its answer to a visitor. */
@Component
public class BotReplies {

    /** How long a replica trusts what it learnt of an organization's sources: a new source answers conversations within this. */
    static final Duration KNOWLEDGE_CACHED_FOR = Duration.ofSeconds(5);

    private final SourceStore sources;
    private final BotAnswers answers;
    // asked on every conversation message, so it is not a read of the sources each time
    private final AsyncCache<Long, Boolean> knowledge = Caffeine.newBuilder()
            .expireAfterWrite(KNOWLEDGE_CACHED_FOR)
            .maximumSize(100_000)
            .buildAsync();

    BotReplies(SourceStore sources, BotAnswers answers) {
        this.sources = sources;
        this.answers = answers;
    }

    /** Whether at least one of the organization's sources is active, so the bot answers first. */
    public Mono<Boolean> hasKnowledge(long organizationId) {
        return Mono.fromFuture(() -> knowledge.get(organizationId, (id, executor) -> sources.answering(id).hasElements().toFuture()));
    }

    /** The bot's answer with its sources; empty when it is not sure enough and a person should take over. */
    public Mono<Optional<Reply>> reply(long organizationId, String question) {
        return answers.answer(organizationId, question).map(found -> found.map(answer -> new Reply(answer.answer(), answer.confidence(),
                answer.sources().stream().map(cited -> new Source(cited.sourceId(), cited.name(), cited.excerpt())).toList())));
    }

    public record Reply(String answer, double confidence, List<Source> sources) {
    }

    public record Source(String sourceId, String name, String excerpt) {
    }
}
