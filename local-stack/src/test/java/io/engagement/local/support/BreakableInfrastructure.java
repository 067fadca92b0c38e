package io.engagement.local.support;

import io.engagement.infra.EmbeddedKafka;
import io.engagement.infra.EmbeddedMongo;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.TcpProxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real Kafka broker and MongoDB server of this JVM's own, for the fault tests: the broker can be
 * stopped and started again on the same port with its log intact, and the database can be cut off
 * from every client (behind a {@link TcpProxy}) and given back with its data intact. Always the
 * in-process ones, since the tests must control their lifecycle.
 */
public final class BreakableInfrastructure {

    private final Path kafkaDirectory;
    private final int kafkaPort;
    private final EmbeddedMongo mongo;
    private final TcpProxy mongoLink;
    private EmbeddedKafka kafka;

    private BreakableInfrastructure(Path kafkaDirectory, EmbeddedKafka kafka, EmbeddedMongo mongo, TcpProxy mongoLink) {
        this.kafkaDirectory = kafkaDirectory;
        this.kafka = kafka;
        this.kafkaPort = kafka.port();
        this.mongo = mongo;
        this.mongoLink = mongoLink;
    }

    public static BreakableInfrastructure start() {
        try {
            Path kafkaDirectory = Files.createTempDirectory("engagement-fault-kafka");
            EmbeddedKafka kafka = EmbeddedKafka.start(kafkaDirectory, 0);
            EmbeddedMongo mongo = EmbeddedMongo.inMemory(0);
            TcpProxy mongoLink = TcpProxy.start("127.0.0.1", mongo.port());
            BreakableInfrastructure infrastructure = new BreakableInfrastructure(kafkaDirectory, kafka, mongo, mongoLink);
            Runtime.getRuntime().addShutdownHook(new Thread(infrastructure::close, "fault-infrastructure-stop"));
            return infrastructure;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the services are given: the broker itself, and the database through the link that can be cut. */
    public Infrastructure infrastructure() {
        return new Infrastructure("127.0.0.1:" + kafkaPort, "mongodb://127.0.0.1:" + mongoLink.port(),
                "in-process Kafka (KRaft) and MongoDB wire-protocol server behind a TCP link");
    }

    public EmbeddedKafka kafka() {
        return kafka;
    }

    /** Stops the broker as an outage would: every client loses it until {@link #startKafka()}. */
    public synchronized void stopKafka() {
        kafka.close();
    }

    /** The same broker again: same port, same log, same cluster. */
    public synchronized void startKafka() {
        kafka = EmbeddedKafka.start(kafkaDirectory, kafkaPort);
    }

    public void cutMongo() {
        mongoLink.cut();
    }

    public void restoreMongo() {
        mongoLink.restore();
    }

    private synchronized void close() {
        mongoLink.close();
        kafka.close();
        mongo.close();
    }
}
