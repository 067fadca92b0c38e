package io.engagement.platform.page;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PageEnvelopeTest {

    @ParameterizedTest(name = "total {0}, page {1}: {2} pages, next {3}, previous {4}")
    @CsvSource({
            "0,  1, 0, false, false",
            "0,  2, 0, false, true",
            "0,  3, 0, false, true",
            "1,  1, 1, false, false",
            "1,  2, 1, false, true",
            "1,  3, 1, false, true",
            "20, 1, 1, false, false",
            "20, 2, 1, false, true",
            "20, 3, 1, false, true",
            "21, 1, 2, true,  false",
            "21, 2, 2, false, true",
            "21, 3, 2, false, true"})
    void computesPagesAndNeighboursForPagesOfTwenty(long total, int page, int totalPages, boolean hasNext,
                                                    boolean hasPrevious) {
        PageEnvelope<String> envelope = PageEnvelope.of(List.of(), total, new PageRequest(page, 20));
        assertThat(envelope.totalPages()).isEqualTo(totalPages);
        assertThat(envelope.hasNext()).isEqualTo(hasNext);
        assertThat(envelope.hasPrevious()).isEqualTo(hasPrevious);
        assertThat(envelope.page()).isEqualTo(page);
        assertThat(envelope.pageSize()).isEqualTo(20);
        assertThat(envelope.total()).isEqualTo(total);
    }

    @Test
    void hasBothNeighboursInTheMiddle() {
        PageEnvelope<String> envelope = PageEnvelope.of(List.of("x"), 41, new PageRequest(2, 20));
        assertThat(envelope.totalPages()).isEqualTo(3);
        assertThat(envelope.hasNext()).isTrue();
        assertThat(envelope.hasPrevious()).isTrue();
    }

    @Test
    void mapKeepsTheCountsAndConvertsTheData() {
        PageEnvelope<Integer> envelope = PageEnvelope.of(List.of(1, 2), 21, new PageRequest(1, 20));
        PageEnvelope<String> mapped = envelope.map(n -> "#" + n);
        assertThat(mapped.data()).containsExactly("#1", "#2");
        assertThat(mapped).usingRecursiveComparison().ignoringFields("data").isEqualTo(envelope);
    }

    @Test
    void copiesTheData() {
        List<String> data = new java.util.ArrayList<>(List.of("a"));
        PageEnvelope<String> envelope = PageEnvelope.of(data, 1, new PageRequest(1, 20));
        data.add("b");
        assertThat(envelope.data()).containsExactly("a");
    }

    @Test
    void serializesWithTheContractsSnakeCaseNames() {
        JsonMapper json = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
        PageEnvelope<String> envelope = PageEnvelope.of(List.of("a"), 21, new PageRequest(2, 20));
        assertThat(json.readTree(json.writeValueAsString(envelope))).isEqualTo(json.readTree("""
                {"data":["a"],"total":21,"page":2,"page_size":20,"total_pages":2,"has_next":false,"has_previous":true}"""));
    }

    @Test
    void offsetSkipsThePreviousPages() {
        assertThat(new PageRequest(1, 20).offset()).isZero();
        assertThat(new PageRequest(3, 20).offset()).isEqualTo(40L);
        assertThat(new PageRequest(3, 100).offset()).isEqualTo(200L);
    }

    @Test
    void boundsThePageSizeAsTheContractDoes() {
        assertThat(PageRequest.DEFAULT_PAGE_SIZE).isEqualTo(20);
        assertThat(PageRequest.MAX_PAGE_SIZE).isEqualTo(100);
    }
}
