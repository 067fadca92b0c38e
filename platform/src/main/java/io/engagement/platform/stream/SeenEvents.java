package io.engagement.platform.stream;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

import java.time.Duration;

/**
 * Remembers which event ids a processor has seen, so that a resent batch or a redelivered record
 * counts once: an id is a duplicate when it was first seen no further than the window from the
 * time it is seen now, either side (events arrive out of order). Kept in a persistent window
 * store, which commits with the processor's output and input offsets under exactly-once processing.
 *
 * <p>Each first sighting is stored at the start of its window-long bucket, with its own time as the
 * value. A look-up is then three point reads (its bucket and the two beside it, which hold every
 * sighting within the window, one each at most) instead of a range scan, which opened a RocksDB
 * iterator per segment and was most of what de-duplication cost. The store keeps three windows, so
 * the bucket before is still there for an event up to a window late.
 */
public final class SeenEvents {

    private final WindowStore<String, Long> store;
    private final long window;

    private SeenEvents(WindowStore<String, Long> store, Duration window) {
        this.store = store;
        this.window = window.toMillis();
    }

    /** The store to add to the topology and connect to the processor, by its name. */
    public static StoreBuilder<WindowStore<String, Long>> store(String name, Duration window) {
        return Stores.windowStoreBuilder(Stores.persistentWindowStore(name, window.multipliedBy(3), Duration.ofMillis(1), false),
                Serdes.String(), Serdes.Long());
    }

    /** The processor's view of its store, from its {@code init}. */
    public static SeenEvents of(ProcessingContext context, String name, Duration window) {
        return new SeenEvents(context.getStateStore(name), window);
    }

    /** Remembers the event id at the given time; false when it was seen within the window of that time. */
    public boolean firstSighting(String eventKey, long at) {
        long bucket = Math.floorDiv(at, window) * window;
        for (long nearby = bucket - window; nearby <= bucket + window; nearby += window) {
            Long seenAt = store.fetch(eventKey, nearby);
            if (seenAt != null && Math.abs(seenAt - at) <= window) {
                return false;
            }
        }
        store.put(eventKey, at, bucket);
        return true;
    }
}
