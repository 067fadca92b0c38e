package io.engagement.messaging.sms;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.messaging.RetentionSweep;
import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * The status of every SMS, in {@code sms_messages} until it expires by its organization's retention, and the SMSC's id of each submitted one in
 * {@code sms_smsc_ids}, so a delivery receipt finds its message by key. The ids this replica submitted recently are also kept in
 * memory: the SMSC sends most receipts back over the session that submitted the message, and those need no read.
 */
@Component
class SmsLedger implements StartupWork, DisposableBean {

    private static final String SMSC_IDS = "sms_smsc_ids";
    /** Receipts mostly come within minutes; older ones are read from the database. */
    private static final Duration REMEMBERED_FOR = Duration.ofMinutes(30);
    private static final int REMEMBERED_AT_MOST = 100_000;

    private final ReactiveMongoTemplate mongo;
    private final MessageLedger ledger;
    private final Duration sweepInterval;
    private final Cache<String, String> submitted = Caffeine.newBuilder().maximumSize(REMEMBERED_AT_MOST)
            .expireAfterWrite(REMEMBERED_FOR).build();
    private volatile Disposable sweeps;

    SmsLedger(ReactiveMongoTemplate mongo, OrganizationPolicies policies,
              RetentionSweep retention) {
        this.mongo = mongo;
        this.ledger = new MessageLedger(mongo, "sms_messages", Clock.systemUTC(), policies);
        this.sweepInterval = retention.sweepInterval();
    }

    /** The expiry index, then a sweep every interval for databases without TTL indexes. */
    @Override
    public Mono<Void> prepare() {
        return ledger.prepare().doOnSuccess(prepared -> sweeps = ledger.sweepEvery(sweepInterval));
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    MessageLedger ledger() {
        return ledger;
    }

    /** At once in memory, for a receipt that overtakes the write of {@link #keepSmscIds}. */
    void rememberSmscId(String smscId, String messageId) {
        submitted.put(smscId, messageId);
    }

    /**
     * Writes a batch's SMSC ids ({@code smsc id → message id}) in one bulk, idempotently, before the
     * batch is recorded sent: receipts that reach another replica, or come after a restart, find
     * their message by them.
     */
    Mono<Void> keepSmscIds(Map<String, String> messageIds) {
        if (messageIds.isEmpty()) {
            return Mono.empty();
        }
        return Mono.defer(() -> {
            var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, SMSC_IDS);
            messageIds.forEach((smscId, messageId) ->
                    bulk.upsert(Query.query(Criteria.where("_id").is(smscId)), new Update().setOnInsert("message_id", messageId)));
            return bulk.execute();
        }).then();
    }

    Mono<String> messageOfSmscId(String smscId) {
        String remembered = submitted.getIfPresent(smscId);
        if (remembered != null) {
            return Mono.just(remembered);
        }
        return mongo.findById(smscId, Document.class, SMSC_IDS).map(document -> document.getString("message_id"));
    }
}
