package io.engagement.infra.mongo;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoNamespace;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Updates;
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import org.bson.Document;
import org.bson.types.Binary;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.h2.mvstore.MVMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.ne;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BsonH2BackendTest {

    @TempDir
    Path directory;

    @Test
    void everyBsonTypeTheServicesStoreIsReadBackAfterARestart() {
        String file = directory.resolve("store.mv").toString();
        Document original = everyType(new ObjectId());

        withServer(() -> new BsonH2Backend(file), collection -> collection.insertOne(original).getInsertedId());
        Document read = withServer(() -> new BsonH2Backend(file), collection -> collection.find(eq("_id", original.get("_id"))).first());

        assertThat(read).isEqualTo(original);
    }

    /** The stored instance is what H2's background writer serializes, unlocked: changed under it, the store closes. */
    @Test
    void anUpdateNeverChangesAStoredDocumentInPlace() {
        BsonH2Backend backend = new BsonH2Backend(directory.resolve("store.mv").toString());
        withDatabase(() -> backend, database -> {
            MongoCollection<Document> collection = database.getCollection("documents");
            collection.insertOne(new Document("_id", "m1").append("status", "queued"));
            MVMap<Object, de.bwaldvogel.mongo.bson.Document> stored = backend.getMvStore().openMap("databases.store.documents");
            de.bwaldvogel.mongo.bson.Document queued = stored.get("m1");

            collection.updateOne(eq("_id", "m1"), Updates.set("status", "sending"));
            de.bwaldvogel.mongo.bson.Document sending = stored.get("m1");
            collection.findOneAndUpdate(eq("_id", "m1"), Updates.combine(Updates.set("status", "sent"), Updates.inc("attempts", 1)));
            collection.updateMany(eq("status", "sent"), Updates.set("receipt", "delivrd"));

            assertThat(queued).isEqualTo(new de.bwaldvogel.mongo.bson.Document("_id", "m1").append("status", "queued"));
            assertThat(sending).isEqualTo(new de.bwaldvogel.mongo.bson.Document("_id", "m1").append("status", "sending"));
            assertThat(collection.find(eq("_id", "m1")).first())
                    .isEqualTo(new Document("_id", "m1").append("status", "sent").append("attempts", 1).append("receipt", "delivrd"));
            return null;
        });
    }

    @Test
    void aUniqueIndexServesAQueryOfItsKeysAndOtherFieldsButNotASparseKeyAskedForNull() {
        BsonUniqueIndex ids = new BsonUniqueIndex(null, "_id_", List.of(new IndexKey("_id", true)), false);
        BsonUniqueIndex sparse = new BsonUniqueIndex(null, "key_1", List.of(new IndexKey("key", true)), true);
        var in = new de.bwaldvogel.mongo.bson.Document("$in", List.of("m1", "m2"));

        assertThat(ids.canHandle(new de.bwaldvogel.mongo.bson.Document("_id", in).append("status", "queued"))).isTrue();
        assertThat(ids.canHandle(new de.bwaldvogel.mongo.bson.Document("_id", "m1").append("status",
                new de.bwaldvogel.mongo.bson.Document("$ne", "failed")))).isTrue();
        assertThat(ids.canHandle(new de.bwaldvogel.mongo.bson.Document("_id", new de.bwaldvogel.mongo.bson.Document("$gt", "m1"))
                .append("status", "queued"))).isFalse();
        assertThat(ids.canHandle(new de.bwaldvogel.mongo.bson.Document("status", "queued"))).isFalse();
        // a sparse index holds no document without its key, so it cannot answer which have none
        assertThat(sparse.canHandle(new de.bwaldvogel.mongo.bson.Document("key", null).append("status", "queued"))).isFalse();
    }

    @Test
    void aCompoundUniqueIndexServesAListOfValuesForItsKeysButNotOtherConditions() {
        BsonUniqueIndex emails = new BsonUniqueIndex(null, "organization_email",
                List.of(new IndexKey("organization_id", true), new IndexKey("email_key", true)), false);
        var in = new de.bwaldvogel.mongo.bson.Document("$in", List.of("a@example.com", "b@example.com"));

        assertThat(emails.canHandle(new de.bwaldvogel.mongo.bson.Document("organization_id", 7L).append("email_key", in))).isTrue();
        assertThat(emails.canHandle(new de.bwaldvogel.mongo.bson.Document("organization_id",
                new de.bwaldvogel.mongo.bson.Document("$in", List.of(7L, 8L))).append("email_key", in).append("active", true))).isTrue();
        assertThat(emails.canHandle(new de.bwaldvogel.mongo.bson.Document("organization_id", 7L)
                .append("email_key", new de.bwaldvogel.mongo.bson.Document("$gt", "a")))).isFalse();
        assertThat(emails.canHandle(new de.bwaldvogel.mongo.bson.Document("organization_id", 7L)
                .append("email_key", new de.bwaldvogel.mongo.bson.Document("$in", java.util.Arrays.asList("a@example.com", null))))).isFalse();
        assertThat(emails.canHandle(new de.bwaldvogel.mongo.bson.Document("email_key", in))).isFalse();
    }

    @Test
    void aListOfValuesForACompoundIndexFindsEachCombinationOnceAndMatchesTheRest() {
        withServer(() -> new BsonH2Backend(directory.resolve("store.mv").toString()), collection -> {
            collection.createIndex(Indexes.ascending("organization_id", "email_key"), new IndexOptions().unique(true));
            collection.insertMany(List.of(new Document("_id", 1).append("organization_id", 7L).append("email_key", "a").append("active", true),
                    new Document("_id", 2).append("organization_id", 7L).append("email_key", "b").append("active", false),
                    new Document("_id", 3).append("organization_id", 8L).append("email_key", "a").append("active", true),
                    new Document("_id", 4).append("organization_id", 7L).append("email_key", "c").append("active", true)));

            assertThat(collection.find(and(eq("organization_id", 7), in("email_key", "a", "b", "a", "z"))).map(d -> d.getInteger("_id"))
                    .into(new ArrayList<>())).containsExactlyInAnyOrder(1, 2);
            assertThat(collection.find(and(in("organization_id", 7L, 8L), in("email_key", "a"), eq("active", true)))
                    .map(d -> d.getInteger("_id")).into(new ArrayList<>())).containsExactlyInAnyOrder(1, 3);
            assertThat(collection.countDocuments(and(eq("organization_id", 9L), in("email_key", "a", "b")))).isZero();
            return null;
        });
    }

    @Test
    void aQueryServedByAUniqueIndexStillMatchesItsOtherFields() {
        withServer(() -> new BsonH2Backend(directory.resolve("store.mv").toString()), collection -> {
            collection.createIndex(Indexes.ascending("key"), new IndexOptions().unique(true).sparse(true));
            collection.insertMany(List.of(new Document("_id", "m1").append("status", "queued").append("key", "a"),
                    new Document("_id", "m2").append("status", "sent").append("key", "b"),
                    new Document("_id", "m3").append("status", "queued")));

            assertThat(collection.find(and(in("_id", "m1", "m2", "m3", "m4"), eq("status", "queued"))).map(m -> m.getString("_id"))
                    .into(new ArrayList<>())).containsExactlyInAnyOrder("m1", "m3");
            assertThat(collection.updateMany(and(in("_id", "m1", "m2", "m3"), eq("status", "queued")), Updates.set("status", "sending"))
                    .getModifiedCount()).isEqualTo(2);
            assertThat(collection.updateOne(and(eq("_id", "m2"), ne("status", "sent")), Updates.set("status", "queued"))
                    .getModifiedCount()).isZero();
            assertThat(collection.find(and(eq("key", null), eq("status", "sending"))).map(m -> m.getString("_id"))
                    .into(new ArrayList<>())).containsExactly("m3");
            return null;
        });
    }

    @Test
    void aFileWrittenByThePlainH2BackendOpensWithItsDocumentsAndUniqueIndexes() {
        String file = directory.resolve("store.mv").toString();
        List<Document> customers = customers(200);
        withServer(() -> new H2Backend(file), collection -> {
            collection.createIndex(Indexes.ascending("organization_id", "email"), new IndexOptions().unique(true));
            collection.insertMany(customers);
            return null;
        });

        withServer(() -> new BsonH2Backend(file), collection -> {
            assertThat(collection.countDocuments()).isEqualTo(200);
            assertThat(collection.find(eq("email", "c17@example.com")).first()).isEqualTo(customers.get(17));
            assertThatThrownBy(() -> collection.insertOne(new Document("organization_id", 1L).append("email", "c42@example.com")))
                .isInstanceOfSatisfying(MongoWriteException.class,
                    duplicate -> assertThat(duplicate.getError().getCategory()).isEqualTo(ErrorCategory.DUPLICATE_KEY));
            collection.insertOne(new Document("organization_id", 2L).append("email", "c42@example.com"));
            collection.updateOne(eq("_id", customers.get(3).get("_id")), new Document("$set", new Document("name", "renamed")));
            return null;
        });

        withServer(() -> new BsonH2Backend(file), collection -> {
            assertThat(collection.countDocuments()).isEqualTo(201);
            assertThat(collection.find(eq("_id", customers.get(3).get("_id"))).first().getString("name")).isEqualTo("renamed");
            assertThatThrownBy(() -> collection.insertOne(new Document("organization_id", 2L).append("email", "c42@example.com")))
                .isInstanceOf(MongoWriteException.class);
            return null;
        });
    }

    @Test
    void aUniqueIndexRefusesDuplicatesAcrossRestartsAndSparseKeysMayBeMissing() {
        String file = directory.resolve("store.mv").toString();
        withServer(() -> new BsonH2Backend(file), collection -> {
            collection.createIndex(Indexes.ascending("listing_key"), new IndexOptions().unique(true).sparse(true));
            collection.insertOne(new Document("listing_key", "1:1"));
            collection.insertOne(new Document("name", "no key"));
            collection.insertOne(new Document("name", "no key either"));
            return null;
        });

        withServer(() -> new BsonH2Backend(file), collection -> {
            assertThatThrownBy(() -> collection.insertOne(new Document("listing_key", "1:1"))).isInstanceOf(MongoWriteException.class);
            collection.insertOne(new Document("listing_key", "1:2"));
            collection.deleteOne(eq("listing_key", "1:1"));
            collection.insertOne(new Document("listing_key", "1:1"));
            assertThat(collection.countDocuments()).isEqualTo(4);
            assertThat(collection.find(eq("listing_key", "1:2")).first()).isNotNull();
            return null;
        });
    }

    @Test
    void aRenamedCollectionKeepsItsDocumentsAndUniqueIndexAcrossARestart() {
        String file = directory.resolve("store.mv").toString();
        withServer(() -> new BsonH2Backend(file), collection -> {
            collection.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
            collection.insertMany(customers(3));
            collection.renameCollection(new MongoNamespace("store", "renamed"));
            return null;
        });

        withDatabase(() -> new BsonH2Backend(file), database -> {
            MongoCollection<Document> renamed = database.getCollection("renamed");
            assertThat(renamed.countDocuments()).isEqualTo(3);
            assertThatThrownBy(() -> renamed.insertOne(new Document("email", "c1@example.com"))).isInstanceOf(MongoWriteException.class);
            assertThat(database.getCollection("documents").countDocuments()).isZero();
            return null;
        });
    }

    private static Document everyType(ObjectId id) {
        return new Document("_id", id)
            .append("text", "héllo ✓")
            .append("int", 42)
            .append("long", 1L << 40)
            .append("double", 2.5)
            .append("decimal", new Decimal128(new BigDecimal("12.345")))
            .append("flag", true)
            .append("at", new Date(1_764_000_000_123L))
            .append("nothing", null)
            .append("bytes", new Binary(new byte[] {1, 2, 3}))
            .append("reference", new ObjectId())
            .append("nested", new Document("list", List.of(1, "two", new Document("three", 3.0))))
            .append("empty", new ArrayList<>());
    }

    private static List<Document> customers(int count) {
        List<Document> customers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            customers.add(new Document("_id", new ObjectId()).append("organization_id", 1L)
                .append("email", "c" + i + "@example.com").append("external", UUID.randomUUID().toString()));
        }
        return customers;
    }

    private static <T> T withServer(Supplier<MongoBackend> backend, Function<MongoCollection<Document>, T> work) {
        return withDatabase(backend, database -> work.apply(database.getCollection("documents")));
    }

    /** Starts a server on the backend, runs {@code work} against its database {@code store}, and shuts the server down. */
    private static <T> T withDatabase(Supplier<MongoBackend> backend, Function<MongoDatabase, T> work) {
        MongoServer server = new MongoServer(backend.get());
        server.bind("127.0.0.1", 0);
        try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort())) {
            return work.apply(client.getDatabase("store"));
        } finally {
            server.shutdown();
        }
    }
}
