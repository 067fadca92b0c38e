package io.engagement.customer.bot;

import java.util.ArrayList;
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
        List<String> passages = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String paragraph : text.split("\\n\\s*\\n")) {
            String clean = paragraph.replaceAll("\\s+", " ").strip();
            if (clean.isEmpty()) {
                continue;
            }
            for (String piece : pieces(clean)) {
                if (current.length() > 0 && current.length() + 1 + piece.length() > TARGET) {
                    passages.add(current.toString());
                    current.setLength(0);
                }
                current.append(current.length() == 0 ? "" : "\n").append(piece);
            }
        }
        if (current.length() > 0) {
            passages.add(current.toString());
        }
        return passages;
    }

    /** A paragraph as it is, or cut into sentences (and a sentence into words) where it is too long for one passage. */
    private static List<String> pieces(String paragraph) {
        if (paragraph.length() <= MAX) {
            return List.of(paragraph);
        }
        List<String> pieces = new ArrayList<>();
        StringBuilder sentences = new StringBuilder();
        for (String sentence : paragraph.split("(?<=[.!?])\\s+")) {
            for (String part : wrapped(sentence)) {
                if (sentences.length() > 0 && sentences.length() + 1 + part.length() > TARGET) {
                    pieces.add(sentences.toString());
                    sentences.setLength(0);
                }
                sentences.append(sentences.length() == 0 ? "" : " ").append(part);
            }
        }
        if (sentences.length() > 0) {
            pieces.add(sentences.toString());
        }
        return pieces;
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
