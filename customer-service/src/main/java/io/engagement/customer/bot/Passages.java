package io.engagement.customer.bot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a source's text into passages of about {@link #TARGET} characters: whole paragraphs where
 * they fit, a long paragraph at sentence ends, a sentence longer than a passage at a space.
 * A passage is what an answer quotes and what a question is matched against.
 */
final class Passages {

    static final int TARGET = 900;
    private static final int MAX = 1_400;

    private Passages() {
    }

    static List<String> of(String text) {
        List<String> pieces = new ArrayList<>();
        for (String paragraph : text.split("\\n\\s*\\n")) {
            String clean = paragraph.replaceAll("\\s+", " ").strip();
            if (!clean.isEmpty()) {
                pieces.addAll(pieces(clean));
            }
        }
        return packed(pieces, "\n");
    }

    /** A paragraph as it is, or cut into sentences (and a sentence into words) where it is too long for one passage. */
    private static List<String> pieces(String paragraph) {
        if (paragraph.length() <= MAX) {
            return List.of(paragraph);
        }
        List<String> parts = Arrays.stream(paragraph.split("(?<=[.!?])\\s+")).flatMap(sentence -> wrapped(sentence).stream()).toList();
        return packed(parts, " ");
    }

    /** Consecutive parts joined by {@code separator} into runs of at most about {@link #TARGET} characters. */
    private static List<String> packed(List<String> parts, String separator) {
        List<String> runs = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        for (String part : parts) {
            if (run.length() > 0 && run.length() + separator.length() + part.length() > TARGET) {
                runs.add(run.toString());
                run.setLength(0);
            }
            run.append(run.length() == 0 ? "" : separator).append(part);
        }
        if (run.length() > 0) {
            runs.add(run.toString());
        }
        return runs;
    }

    private static List<String> wrapped(String sentence) {
        List<String> parts = new ArrayList<>();
        String rest = sentence;
        while (rest.length() > MAX) {
            int cut = rest.lastIndexOf(' ', TARGET);
            cut = cut <= 0 ? TARGET : cut;
            parts.add(rest.substring(0, cut).strip());
            rest = rest.substring(cut).strip();
        }
        if (!rest.isEmpty()) {
            parts.add(rest);
        }
        return parts;
    }
}
