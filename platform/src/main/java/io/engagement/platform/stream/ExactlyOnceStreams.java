package io.engagement.platform.stream;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

import java.time.Duration;
import java.util.Properties;

/**
 * How the suite runs a Kafka Streams topology: exactly-once, small RocksDB stores, and a stopped
 * instance's partitions moved on within seconds.
 *
 * @param stateDir        the local stores' directory; one per instance, so two instances on one
 *                        machine never contend for a store
 * @param blockCacheBytes the stores' one shared block cache
 * @param lingerMs        how long the producer waits to fill a batch
 */
public record ExactlyOnceStreams(String applicationId, String bootstrapServers, Duration commitInterval, String stateDir,
                                 int replicationFactor, long blockCacheBytes, int lingerMs) {

    public Properties properties() {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, commitInterval.toMillis());
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        p.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, replicationFactor);
        p.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, SmallRocksDb.class);
        p.put(SmallRocksDb.BLOCK_CACHE_BYTES, blockCacheBytes);
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        // a stopped instance does not leave the group; its partitions move on after this long, not 45 s
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 10_000);
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), 3_000);
        p.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "lz4");
        p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), lingerMs);
        return p;
    }
}
