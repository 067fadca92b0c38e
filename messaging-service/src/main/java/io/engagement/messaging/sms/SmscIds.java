package io.engagement.messaging.sms;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.bson.Document;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.Map;

/**
 * The SMSC's id of each submitted SMS, in {@code sms_smsc_ids}, so a delivery receipt finds its message by key. The ids
 * this replica submitted recently are also kept in memory: the SMSC sends most receipts back over the session that
 * submitted the message, and those need no read.
 */
@Component
class SmscIds {

    private static final String COLLECTION = "sms_smsc_ids";
    /** Receipts mostly come within minutes; older ones are read from the database. */
    private static final Duration REMEMBERED_FOR = Duration.ofMinutes(30);
    private static final int REMEMBERED_AT_MOST = 100_000;

    private final ReactiveMongoTemplate mongo;
    private final Cache<String, String> submitted = Caffeine.newBuilder().maximumSize(REMEMBERED_AT_MOST)
            .expireAfterWrite(REMEMBERED_FOR).build();

    SmscIds(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** At once in memory, for a receipt that overtakes the write of {@link #keep}. */
    void remember(String smscId, String messageId) {
        submitted.put(smscId, messageId);
    }

    /**
     * Writes a batch's SMSC ids ({@code smsc id → message id}) in one bulk, idempotently, before the
     * batch is recorded sent: receipts that reach another replica, or come after a restart, find
     * their message by them.
     */
    Mono<Void> keep(Map<String, String> messageIds) {
        if (messageIds.isEmpty()) {
            return Mono.empty();
        }
        return Mono.defer(() -> {
            var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, COLLECTION);
            messageIds.forEach((smscId, messageId) ->
                    bulk.upsert(Query.query(Criteria.where("_id").is(smscId)), new Update().setOnInsert("message_id", messageId)));
            return bulk.execute();
        }).then();
    }

    Mono<String> messageOf(String smscId) {
        String remembered = submitted.getIfPresent(smscId);
        if (remembered != null) {
            return Mono.just(remembered);
        }
        return mongo.findById(smscId, Document.class, COLLECTION).map(document -> document.getString("message_id"));
    }
}
