package io.engagement.platform.store;

import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import org.springframework.dao.TransientDataAccessException;

import java.util.List;

/**
 * Which database failures pass if the same operation is simply tried again. A write that must not
 * be given up is retried while the database is unreachable, electing a primary or too busy to
 * answer in time; an operation the database refused (a duplicate key, a malformed update, a closed
 * client) fails the same way every time, so retrying it would only hold its caller forever.
 */
public final class DatabaseFailures {

    private static final List<Class<? extends Throwable>> TRANSIENT = List.of(
            MongoSocketException.class, MongoTimeoutException.class, MongoOperationTimeoutException.class,
            MongoExecutionTimeoutException.class, MongoConnectionPoolClearedException.class, MongoNotPrimaryException.class,
            MongoNodeIsRecoveringException.class, MongoWriteConcernException.class, TransientDataAccessException.class);
    /** The labels the server and the driver put on failures they consider worth one more try. */
    private static final List<String> RETRYABLE_LABELS = List.of("RetryableWriteError", MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL);

    private DatabaseFailures() {
    }

    /** Whether the failure, or any failure it was caused by (Spring's translations wrap the driver's), may pass. */
    public static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (transientItself(cause)) {
                return true;
            }
        }
        return false;
    }

    private static boolean transientItself(Throwable failure) {
        return TRANSIENT.stream().anyMatch(type -> type.isInstance(failure))
                || failure instanceof MongoException mongo && RETRYABLE_LABELS.stream().anyMatch(mongo::hasErrorLabel);
    }
}
