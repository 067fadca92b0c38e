package io.engagement.customer.bot;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Answers a question from the organization's own active sources, never another's, when the answer's
 * confidence reaches the organization's threshold ({@link BotAnswerSettings}). Each replica
 * keeps an organization's index while its sources' generations stay the same; the sources are
 * read with every question, so a new or refreshed source answers from the next question on.
 */
@Component
class BotAnswers {

    /** Characters of passages kept in memory across organizations, about 128 MB of text at most. */
    private static final long CHARACTERS_KEPT = 64L * 1024 * 1024;

    private final SourceStore sources;
    private final PassageStore passages;
    private final OrganizationSettings<BotAnswerSettings> settings;
    private final Cache<Long, Built> built = Caffeine.newBuilder().maximumWeight(CHARACTERS_KEPT)
            .weigher((Long organizationId, Built kept) -> kept.index().characters()).build();

    BotAnswers(SourceStore sources, PassageStore passages, OrganizationSettings<BotAnswerSettings> settings) {
        this.sources = sources;
        this.passages = passages;
        this.settings = settings;
    }

    /** The answer and its sources, or empty when the bot is not sure enough and hands over to a person. */
    Mono<Optional<KnowledgeIndex.Found>> answer(long organizationId, String question) {
        return Mono.zip(sources.answering(organizationId).collectList().flatMap(answering -> indexOf(organizationId, answering)),
                        settings.read(organizationId))
                .map(read -> read.getT1().answer(question).filter(found -> found.confidence() >= read.getT2().answerThreshold()));
    }

    private Mono<KnowledgeIndex> indexOf(long organizationId, List<Source> answering) {
        answering.sort(Comparator.comparing(Source::sourceId));
        String signature = signatureOf(answering);
        Built kept = built.getIfPresent(organizationId);
        if (kept != null && kept.signature().equals(signature)) {
            return Mono.just(kept.index()).publishOn(Schedulers.parallel());
        }
        return build(answering).doOnNext(index -> built.put(organizationId, new Built(signature, index)));
    }

    private Mono<KnowledgeIndex> build(List<Source> answering) {
        List<KnowledgeIndex.Qna> pairs = new ArrayList<>();
        Map<String, String> names = new HashMap<>();
        List<String> ids = new ArrayList<>();
        for (Source source : answering) {
            names.put(source.sourceId(), source.name());
            if (source.isQna()) {
                pairs.add(new KnowledgeIndex.Qna(source.sourceId(), source.question(), source.answer()));
            }
            ids.addAll(PassageStore.ids(source.sourceId(), source.generation(), source.chunkCount()));
        }
        // ranking the passages is CPU work, kept off the database driver's threads
        return passages.read(ids).collectMap(SourcePassage::passageId)
                .publishOn(Schedulers.parallel())
                .map(byId -> {
                    List<KnowledgeIndex.Passage> texts = new ArrayList<>();
                    for (String id : ids) {
                        SourcePassage passage = byId.get(id);
                        if (passage != null) {
                            texts.add(new KnowledgeIndex.Passage(passage.sourceId(), names.get(passage.sourceId()), passage.text()));
                        }
                    }
                    return new KnowledgeIndex(pairs, texts);
                });
    }

    private static String signatureOf(List<Source> answering) {
        StringBuilder signature = new StringBuilder();
        answering.forEach(source -> signature.append(source.sourceId()).append(':').append(source.generation()).append(';'));
        return signature.toString();
    }

    private record Built(String signature, KnowledgeIndex index) {
    }
}
