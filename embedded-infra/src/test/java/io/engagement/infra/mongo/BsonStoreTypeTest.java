package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import org.h2.mvstore.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BsonStoreTypeTest {

    private final BsonStoreType type = new BsonStoreType();

    @Test
    void whatIsWrittenIsReadBackWholeAndNothingMore() {
        Document document = new Document("_id", new ObjectId()).append("n", 1).append("big", 1L << 40)
            .append("nested", new Document("list", List.of(1.5, "two")));
        KeyValue key = new KeyValue(1L, "c1@example.com");
        WriteBuffer buffer = new WriteBuffer();

        type.write(buffer, document);
        type.write(buffer, key);
        type.write(buffer, "a string H2 writes itself");
        ByteBuffer written = buffer.getBuffer().flip();

        assertThat(type.read(written)).isEqualTo(document);
        assertThat(type.read(written)).isEqualTo(key);
        assertThat(type.read(written)).isEqualTo("a string H2 writes itself");
        assertThat(written.hasRemaining()).isFalse();
    }

    @Test
    void anInstantFinerThanAMillisecondComesBackExactly() {
        Document stamped = new Document("at", Instant.ofEpochSecond(1_764_000_000L, 123_456_789));
        WriteBuffer buffer = new WriteBuffer();

        type.write(buffer, stamped);

        assertThat(type.read(buffer.getBuffer().flip())).isEqualTo(stamped);
    }

    @Test
    void indexKeysMongoRanksAlikeButThatDifferAreDifferentKeys() {
        KeyValue first = new KeyValue(new Document("a", List.of(1.0, 2.0)));
        KeyValue second = new KeyValue(new Document("a", List.of(1.0, 3.0)));

        assertThat(type.compare(first, second)).isNotZero().isEqualTo(-type.compare(second, first));
        assertThat(type.compare(first, new KeyValue(new Document("a", List.of(1.0, 2.0))))).isZero();
        assertThat(type.compare(new KeyValue(1.0, "x"), new KeyValue(2.0, "a"))).isNegative();
    }

    @Test
    void documentsAreWeighedByWhatTheyHold() {
        int small = type.getMemory(new Document("a", 1));
        int larger = type.getMemory(new Document("a", 1).append("text", "x".repeat(2_000)));

        assertThat(small).isLessThan(500);
        assertThat(larger).isGreaterThan(4_000).isLessThan(10_000);
    }
}
