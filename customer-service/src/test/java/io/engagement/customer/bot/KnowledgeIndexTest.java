package io.engagement.customer.bot;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KnowledgeIndexTest {

    private final KnowledgeIndex index = new KnowledgeIndex(
            List.of(new KnowledgeIndex.Qna("q1", "How do I reset my password?", "Use the link on the sign-in page.")),
            List.of(new KnowledgeIndex.Passage("f1", "handbook.txt", "Refunds are paid within five working days of the return arriving."),
                    new KnowledgeIndex.Passage("f1", "handbook.txt", "Shipping is free for orders over fifty euros."),
                    new KnowledgeIndex.Passage("w1", "https://shop.test/", "Our shop opens at nine and closes at six."),
                    new KnowledgeIndex.Passage("q1", "How do I reset my password?", "How do I reset my password?\nUse the link on the sign-in page.")));

    @Test
    void anExactQuestionIsAnsweredByItsPairWithFullConfidence() {
        KnowledgeIndex.Found found = index.answer("how do I reset my password").orElseThrow();

        assertThat(found.answer()).isEqualTo("Use the link on the sign-in page.");
        assertThat(found.confidence()).isEqualTo(1.0);
        assertThat(found.sources()).singleElement().satisfies(source -> assertThat(source.sourceId()).isEqualTo("q1"));
    }

    @Test
    void aNearQuestionIsAnsweredByItsPair() {
        KnowledgeIndex.Found found = index.answer("Resetting passwords?").orElseThrow();

        assertThat(found.answer()).isEqualTo("Use the link on the sign-in page.");
        assertThat(found.confidence()).isBetween(KnowledgeIndex.NEAR_QUESTION, 1.0);
    }

    @Test
    void otherwiseTheBestPassageAnswersWithTheShareOfTheQuestionItHolds() {
        KnowledgeIndex.Found found = index.answer("When are refunds paid?").orElseThrow();

        assertThat(found.answer()).startsWith("Refunds are paid");
        assertThat(found.confidence()).isEqualTo(1.0);
        assertThat(found.sources().get(0).sourceId()).isEqualTo("f1");
        assertThat(found.sources().get(0).name()).isEqualTo("handbook.txt");
        assertThat(found.sources().get(0).excerpt()).contains("Refunds");

        // question filler is no word of the question; a word no source has weighs half a known one
        assertThat(index.answer("How long do refunds take?").orElseThrow().confidence()).isEqualTo(1.0);
        KnowledgeIndex.Found partly = index.answer("refunds for crypto wallets").orElseThrow();
        assertThat(partly.confidence()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
        KnowledgeIndex.Found lacking = index.answer("refunds shipping").orElseThrow();
        assertThat(lacking.confidence()).isGreaterThan(0).isLessThan(1.0);
    }

    @Test
    void aQuestionNothingHoldsHasNoAnswer() {
        assertThat(index.answer("quantum chromodynamics")).isEmpty();
        assertThat(index.answer("what is it")).isEmpty();
        assertThat(new KnowledgeIndex(List.of(), List.of()).answer("refunds")).isEmpty();
    }
}
