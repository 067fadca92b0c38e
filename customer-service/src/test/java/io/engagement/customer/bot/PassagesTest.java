package io.engagement.customer.bot;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PassagesTest {

    @Test
    void shortParagraphsShareAPassageUpToItsSize() {
        List<String> passages = Passages.of("First paragraph.\n\nSecond   paragraph.\n\n\n" + "x ".repeat(600));

        assertThat(passages).hasSize(2);
        assertThat(passages.get(0)).isEqualTo("First paragraph.\nSecond paragraph.");
        assertThat(passages.get(1)).hasSize(1_199);
    }

    @Test
    void aLongParagraphIsCutAtSentencesAndALongSentenceAtSpaces() {
        String sentence = "This sentence has exactly some words in it. ";
        List<String> passages = Passages.of(sentence.repeat(100) + "\n\n" + "word ".repeat(1000));

        assertThat(passages).allSatisfy(passage -> assertThat(passage.length()).isLessThanOrEqualTo(1_400));
        assertThat(String.join(" ", passages).replaceAll("\\s+", " ").strip())
                .isEqualTo((sentence.repeat(100) + "word ".repeat(1000)).replaceAll("\\s+", " ").strip());
        assertThat(passages.get(0)).endsWith(".");
    }

    @Test
    void blankTextHasNoPassages() {
        assertThat(Passages.of(" \n\n \t")).isEmpty();
    }
}
