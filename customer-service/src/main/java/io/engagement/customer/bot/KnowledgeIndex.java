package io.engagement.customer.bot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An organization's active knowledge, ready to answer: its Q&A pairs, matched first, and the
 * passages of every source ranked by BM25. A passage answer's confidence is the share of the
 * question's weight (each content word weighted by its rarity among the passages) that the best
 * passage holds: 1 when it holds every word of the question, 0 when none.
 */
final class KnowledgeIndex {

    /** A near Q&A match needs this much of the two questions' content words in common (Dice). */
    static final double NEAR_QUESTION = 0.8;
    /** A question's word that no source has, weighed against the mean weight of those the sources have. */
    static final double UNKNOWN_WORD_SHARE = 0.5;
    private static final double K1 = 1.2;
    private static final double B = 0.75;
    private static final int SOURCES_SHOWN = 3;
    private static final int ANSWER_CHARACTERS = 600;
    private static final int EXCERPT_CHARACTERS = 200;

    private final List<ReadyPair> pairs;
    private final List<Passage> passages;
    /** Each passage's words, counted once when the index is built rather than with every question. */
    private final List<Counted> counted = new ArrayList<>();
    private final Map<String, Integer> documentFrequency = new HashMap<>();
    private final double averageLength;
    private final int characters;

    KnowledgeIndex(List<Qna> pairs, List<Passage> passages) {
        this.pairs = pairs.stream().map(pair -> new ReadyPair(pair, Terms.normalized(pair.question()), Set.copyOf(Terms.of(pair.question()))))
                .toList();
        this.passages = passages;
        long words = 0;
        for (Passage passage : passages) {
            Map<String, Integer> counts = new HashMap<>();
            List<String> terms = Terms.of(passage.text());
            terms.forEach(term -> counts.merge(term, 1, Integer::sum));
            counts.keySet().forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
            counted.add(new Counted(counts, terms.size()));
            words += terms.size();
        }
        this.averageLength = passages.isEmpty() ? 1 : Math.max(1, (double) words / passages.size());
        this.characters = passages.stream().mapToInt(passage -> passage.text().length()).sum()
                + pairs.stream().mapToInt(pair -> pair.question().length() + pair.answer().length()).sum();
    }

    /** How much text the index holds, for the memory it keeps. */
    int characters() {
        return characters;
    }

    /** A question and its answer, as the organization wrote them. */
    record Qna(String sourceId, String question, String answer) {
    }

    /** A piece of a source's text. */
    record Passage(String sourceId, String sourceName, String text) {
    }

    /** What the bot says, with how sure it is and where it comes from. */
    record Found(String answer, double confidence, List<Cited> sources) {
    }

    record Cited(String sourceId, String name, String excerpt) {
    }

    Optional<Found> answer(String question) {
        Optional<Found> pair = bestPair(question);
        if (pair.isPresent()) {
            return pair;
        }
        return bestPassages(question);
    }

    private Optional<Found> bestPair(String question) {
        String exact = Terms.normalized(question);
        Set<String> asked = new HashSet<>(Terms.of(question));
        Qna best = null;
        double bestSimilarity = 0;
        for (ReadyPair ready : pairs) {
            double similarity = ready.normalized().equals(exact) ? 1 : dice(asked, ready.terms());
            if (similarity > bestSimilarity) {
                best = ready.pair();
                bestSimilarity = similarity;
            }
        }
        if (best == null || bestSimilarity < NEAR_QUESTION) {
            return Optional.empty();
        }
        return Optional.of(new Found(best.answer(), bestSimilarity,
                List.of(new Cited(best.sourceId(), best.question(), cut(best.answer(), EXCERPT_CHARACTERS)))));
    }

    private Optional<Found> bestPassages(String question) {
        Set<String> asked = new LinkedHashSet<>(Terms.of(question));
        if (asked.isEmpty() || passages.isEmpty()) {
            return Optional.empty();
        }
        List<Scored> ranked = new ArrayList<>();
        for (int i = 0; i < passages.size(); i++) {
            double score = score(asked, counted.get(i));
            if (score > 0) {
                ranked.add(new Scored(i, score));
            }
        }
        if (ranked.isEmpty()) {
            return Optional.empty();
        }
        ranked.sort(Comparator.comparingDouble(Scored::score).reversed());
        Passage best = passages.get(ranked.get(0).index());
        List<Cited> cited = new ArrayList<>();
        Set<String> citedSources = new HashSet<>();
        for (Scored scored : ranked) {
            Passage passage = passages.get(scored.index());
            if (cited.size() < SOURCES_SHOWN && citedSources.add(passage.sourceId())) {
                cited.add(new Cited(passage.sourceId(), passage.sourceName(), excerpt(passage.text(), asked)));
            }
        }
        return Optional.of(new Found(cut(best.text(), ANSWER_CHARACTERS), coverage(asked, counted.get(ranked.get(0).index()).counts()), cited));
    }

    private double score(Set<String> asked, Counted passage) {
        double score = 0;
        for (String term : asked) {
            Integer frequency = passage.counts().get(term);
            if (frequency != null) {
                double tf = frequency * (K1 + 1) / (frequency + K1 * (1 - B + B * passage.length() / averageLength));
                score += idf(term) * tf;
            }
        }
        return score;
    }

    /**
     * The share of the question's weight the passage holds. A word of the sources weighs its idf; a
     * word no source has weighs half the mean of those, since no passage could hold it and it is
     * often a question's own wording ("cost" of a page that says "free").
     */
    private double coverage(Set<String> asked, Map<String, Integer> counts) {
        double held = 0;
        double known = 0;
        int knownTerms = 0;
        for (String term : asked) {
            if (documentFrequency.containsKey(term)) {
                double weight = idf(term);
                known += weight;
                knownTerms++;
                if (counts.containsKey(term)) {
                    held += weight;
                }
            }
        }
        if (knownTerms == 0) {
            return 0;
        }
        double unknown = (asked.size() - knownTerms) * UNKNOWN_WORD_SHARE * known / knownTerms;
        return held / (known + unknown);
    }

    private double idf(String term) {
        int n = passages.size();
        int df = documentFrequency.getOrDefault(term, 0);
        return Math.log(1 + (n - df + 0.5) / (df + 0.5));
    }

    private static double dice(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        long common = a.stream().filter(b::contains).count();
        return 2.0 * common / (a.size() + b.size());
    }

    /** Around the first word of the question the passage holds. */
    private static String excerpt(String text, Set<String> asked) {
        int start = 0;
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        for (String term : asked) {
            int at = lower.indexOf(term);
            if (at >= 0) {
                start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 40)) + 1);
                break;
            }
        }
        return cut(text.substring(start), EXCERPT_CHARACTERS);
    }

    /** At most {@code limit} characters, ending at a sentence or a word where one is near. */
    private static String cut(String text, int limit) {
        if (text.length() <= limit) {
            return text;
        }
        String head = text.substring(0, limit);
        int sentence = Math.max(head.lastIndexOf(". "), Math.max(head.lastIndexOf("! "), head.lastIndexOf("? ")));
        if (sentence > limit / 2) {
            return head.substring(0, sentence + 1);
        }
        int word = head.lastIndexOf(' ');
        return (word > limit / 2 ? head.substring(0, word) : head) + "…";
    }

    private record Scored(int index, double score) {
    }

    /** A pair with its question as the comparisons take it. */
    private record ReadyPair(Qna pair, String normalized, Set<String> terms) {
    }

    /** A passage's content words with their counts, and how many there are. */
    private record Counted(Map<String, Integer> counts, int length) {
    }
}
