package io.engagement.alert.detection;

import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;

import java.util.Map;

/**
 * Bounds the stores' native memory: one block cache shared by every store instead of 50 MB each,
 * and small write buffers, so the service fits next to the others on one machine.
 */
public final class SmallRocksDb implements RocksDBConfigSetter {

    private static final long BLOCK_CACHE_BYTES = 8L * 1024 * 1024;
    private static final long WRITE_BUFFER_BYTES = 4L * 1024 * 1024;
    private static final Cache SHARED_CACHE = new LRUCache(BLOCK_CACHE_BYTES);

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(SHARED_CACHE);
        options.setTableFormatConfig(table);
        options.setWriteBufferSize(WRITE_BUFFER_BYTES);
        options.setMaxWriteBufferNumber(2);
    }

    @Override
    public void close(String storeName, Options options) {
        // the cache is shared by every store and lives as long as the process
    }
}
