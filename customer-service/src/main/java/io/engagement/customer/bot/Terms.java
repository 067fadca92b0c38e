package io.engagement.customer.bot;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The words a question and a passage are compared by: lower-cased, accents folded, common words left out. */
final class Terms {

    /** Common English words, and the filler of questions ("how long does it take", "can you tell me"). */
    private static final Set<String> STOPWORDS = Set.of(
            "a", "about", "am", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by", "can", "could", "did",
            "do", "does", "for", "from", "get", "had", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its",
            "just", "know", "like", "long", "many", "me", "much", "my", "need", "of", "on", "or", "our", "please",
            "should", "so", "some", "take", "takes", "tell", "than", "that", "the", "their", "them", "then", "there",
            "these", "they", "this", "to", "want", "was", "we", "were", "what", "when", "where", "which", "who", "why",
            "will", "with", "would", "you", "your");

    private Terms() {
    }

    /** The content words of {@code text}, in order, repeats kept. */
    static List<String> of(String text) {
        List<String> terms = new ArrayList<>();
        for (String word : words(text)) {
            if (!STOPWORDS.contains(word)) {
                terms.add(stem(word));
            }
        }
        return terms;
    }

    /** Every word of {@code text}, common ones included, joined by single spaces: how two questions are compared exactly. */
    static String normalized(String text) {
        return String.join(" ", words(text));
    }

    private static List<String> words(String text) {
        String folded = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}+", "").toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>();
        for (String word : folded.split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    /** Plural and a few verb endings, enough that "refunds" finds "refund" and "shipping" finds "shipped" no worse than "ship". */
    private static String stem(String word) {
        if (word.length() > 5 && word.endsWith("ing")) {
            return undoubled(word.substring(0, word.length() - 3));
        }
        if (word.length() > 4 && word.endsWith("ed")) {
            return undoubled(word.substring(0, word.length() - 2));
        }
        if (word.length() > 4 && word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.length() > 3 && word.endsWith("s") && !word.endsWith("ss")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    /** "shipp" (of shipping) is "ship"; "call" (of called) keeps its l, as Porter's stemmer does. */
    private static String undoubled(String stem) {
        int n = stem.length();
        char last = stem.charAt(n - 1);
        boolean doubled = n > 2 && last == stem.charAt(n - 2) && "lsz".indexOf(last) < 0 && "aeiou".indexOf(last) < 0;
        return doubled ? stem.substring(0, n - 1) : stem;
    }
}
