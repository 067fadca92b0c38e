package io.engagement.infra;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.engagement.infra.mongo.BsonH2Backend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A MongoDB wire-protocol server in process. It keeps data in memory (tests) or in one H2 MVStore
 * file (the local stack; documents stored as BSON, see {@link BsonH2Backend}), and speaks to the
 * ordinary MongoDB drivers.
 */
public final class EmbeddedMongo implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMongo.class);
    private static final String HOST = "127.0.0.1";

    private final MongoServer server;
    private final InetSocketAddress address;

    private EmbeddedMongo(MongoServer server, InetSocketAddress address) {
        this.server = server;
        this.address = address;
    }

    /** Data lives as long as the process; port 0 picks a free port. */
    public static EmbeddedMongo inMemory(int port) {
        return start(new MemoryBackend(), port);
    }

    /** Data is kept in {@code file} and found again on the next start. */
    public static EmbeddedMongo persistent(Path file, int port) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return start(new BsonH2Backend(file.toAbsolutePath().toString()), port);
    }

    private static EmbeddedMongo start(MongoBackend backend, int port) {
        MongoServer server = new MongoServer(backend);
        server.bind(HOST, port);
        InetSocketAddress address = server.getLocalAddress();
        log.info("Embedded MongoDB listening on {}:{}", HOST, address.getPort());
        return new EmbeddedMongo(server, address);
    }

    /** A connection string without a database: every service names its own. */
    public String connectionString() {
        return "mongodb://" + HOST + ":" + address.getPort();
    }

    public int port() {
        return address.getPort();
    }

    @Override
    public void close() {
        server.shutdown();
    }
}
