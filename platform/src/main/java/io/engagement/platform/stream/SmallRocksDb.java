package io.engagement.platform.stream;

import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;

import java.util.Map;

/**
 * Bounds the stores' native memory: one block cache shared by every store of the process instead of
 * 50 MB each (its size from {@link #BLOCK_CACHE_BYTES}, read when the first store opens), and small
 * write buffers, so a service fits next to the others on one machine.
 */
public final class SmallRocksDb implements RocksDBConfigSetter {

    /** The Streams property that sizes the shared block cache. */
    public static final String BLOCK_CACHE_BYTES = "engagement.rocksdb.block-cache-bytes";
    private static final long WRITE_BUFFER_BYTES = 4L * 1024 * 1024;
    private static Cache sharedCache;

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(sharedCache(configs));
        options.setTableFormatConfig(table);
        options.setWriteBufferSize(WRITE_BUFFER_BYTES);
        options.setMaxWriteBufferNumber(2);
    }

    @Override
    public void close(String storeName, Options options) {
        // the cache is shared by every store and lives as long as the process
    }

    private static synchronized Cache sharedCache(Map<String, Object> configs) {
        if (sharedCache == null) {
            sharedCache = new LRUCache(Long.parseLong(String.valueOf(configs.get(BLOCK_CACHE_BYTES))));
        }
        return sharedCache;
    }
}
