package io.engagement.analytics.session;

import io.engagement.testkit.FreshDatabase;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The kept lists through the real database: newest first, totals that count each session once, pages beyond what is kept left to the collection. */
class SessionListsIT {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final Optional<String> ALL = Optional.empty();

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("session-lists");

    private SessionLists lists;

    @BeforeEach
    void connect() {
        lists = new SessionLists(database.template());
    }

    @Test
    void aListIsNewestFirstWithItsTotalAndARedeliveredSummaryCountsOnce() {
        lists.add(List.of(session("a", "cust-1", 1, true), session("b", null, 2, true), session("c", "cust-1", 3, true))).block();
        lists.add(List.of(session("a", "cust-1", 4, false), session("b", null, 2, false))).block();

        SessionLists.Slice page = lists.page(7, ALL, 0, 2).block();
        assertThat(page.keys()).containsExactly("7:a", "7:c");
        assertThat(page.total()).isEqualTo(3);
        assertThat(lists.page(7, Optional.of("cust-1"), 0, 20).block().keys()).containsExactly("7:a", "7:c");
        assertThat(lists.page(7, ALL, 40, 20).block().keys()).as("past the end of a whole list: an empty page").isEmpty();
        assertThat(lists.page(8, ALL, 0, 20).block().total()).as("another organization's").isZero();
    }

    @Test
    void aPageBeyondWhatIsKeptIsLeftToTheCollectionAndTheTotalStillCountsEverySession() {
        List<SessionLists.Listed> many = IntStream.range(0, SessionLists.KEPT + 5).mapToObj(i -> session("s" + i, null, i, true)).toList();
        lists.add(many).block();

        SessionLists.Slice first = lists.page(7, ALL, 0, 20).block();
        assertThat(first.keys()).startsWith("7:s" + (SessionLists.KEPT + 4), "7:s" + (SessionLists.KEPT + 3));
        assertThat(first.total()).isEqualTo(SessionLists.KEPT + 5);
        assertThat(lists.page(7, ALL, SessionLists.KEPT - 10, 20).blockOptional()).isEmpty();

        lists.remove(List.of(session("s0", null, 0, false), session("s" + (SessionLists.KEPT + 4), null, 0, false))).block();
        assertThat(lists.page(7, ALL, 0, 20).block().total()).isEqualTo(SessionLists.KEPT + 3);
    }

    @Test
    void aListErasureEmptiedIsGoneForItsKeyNamesTheCustomer() {
        lists.add(List.of(session("a", "cust-1", 1, true))).block();
        lists.remove(List.of(session("a", "cust-1", 1, false))).block();

        assertThat(database.template().findById("7:customer:cust-1", Document.class, SessionLists.COLLECTION).blockOptional()).isEmpty();
        assertThat(lists.page(7, ALL, 0, 20).block().keys()).isEmpty();
    }

    @Test
    void writersAtOnceLoseNoneOfEachOthersSessions() {
        Flux.range(0, 24).flatMap(i -> lists.add(List.of(session("s" + i, "cust-1", i, true))), 24).blockLast();

        assertThat(lists.page(7, ALL, 0, 100).block().keys()).hasSize(24);
        assertThat(lists.page(7, Optional.of("cust-1"), 0, 100).block().total()).isEqualTo(24);
    }

    @Test
    void listsAreMadeFromStoredSessionsOnceOnly() {
        lists.buildOnce(Flux.just(session("old", "cust-9", 1, false), session("older", null, 0, false))).block();
        lists.buildOnce(Flux.just(session("never", null, 9, false))).block();

        assertThat(lists.page(7, ALL, 0, 20).block().keys()).containsExactly("7:old", "7:older");
        assertThat(lists.page(7, Optional.of("cust-9"), 0, 20).block().total()).isEqualTo(1);
    }

    private static SessionLists.Listed session(String id, String customerId, int minutes, boolean inserted) {
        return new SessionLists.Listed(7, id, customerId, T0.plusSeconds(60L * minutes), inserted);
    }
}
