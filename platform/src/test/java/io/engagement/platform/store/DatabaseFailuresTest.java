package io.engagement.platform.store;

import com.mongodb.MongoException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteError;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;

import static org.assertj.core.api.Assertions.assertThat;

class DatabaseFailuresTest {

    private static final ServerAddress DATABASE = new ServerAddress("127.0.0.1", 27017);

    @Test
    void anUnreachableOrSlowDatabaseIsTransient() {
        assertThat(DatabaseFailures.isTransient(new MongoSocketReadException("connection reset", DATABASE))).isTrue();
        assertThat(DatabaseFailures.isTransient(new MongoTimeoutException("no server selected within 30000 ms"))).isTrue();
    }

    @Test
    void theDriversFailureIsFoundUnderSpringsTranslation() {
        var translated = new DataAccessResourceFailureException("Exception opening socket",
                new MongoSocketOpenException("Exception opening socket", DATABASE));

        assertThat(DatabaseFailures.isTransient(translated)).isTrue();
    }

    @Test
    void aFailureTheServerLabelsRetryableIsTransient() {
        MongoException labelled = new MongoException(91, "shutdown in progress");
        labelled.addLabel("RetryableWriteError");

        assertThat(DatabaseFailures.isTransient(labelled)).isTrue();
    }

    @Test
    void anOperationTheDatabaseRefusedIsNotTransient() {
        var duplicate = new MongoWriteException(new WriteError(11000, "E11000 duplicate key", new BsonDocument()), DATABASE);

        assertThat(DatabaseFailures.isTransient(duplicate)).isFalse();
        assertThat(DatabaseFailures.isTransient(new DuplicateKeyException("E11000 duplicate key", duplicate))).isFalse();
        assertThat(DatabaseFailures.isTransient(new MongoException(9, "Failed to parse: the update"))).isFalse();
        assertThat(DatabaseFailures.isTransient(new IllegalStateException("state should be: open"))).isFalse();
    }
}
