package io.engagement.analytics.rollup;

import java.nio.ByteBuffer;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A rollup's slots (the days of a month, the hours of a day) packed into binary values: the
 * counters of every slot in one, their unique-user sketches in another. The counters are small and
 * read by every query; the sketches grow to kilobytes per slot and are read only when they changed.
 */
final class Slots {

    /** The first byte of a value, saying which of the two it is. */
    private static final byte COUNTERS = 2;
    private static final byte USERS = 3;

    private Slots() {
    }

    static byte[] encodeCounters(SortedMap<Integer, Counters> counters) {
        ByteBuffer buffer = ByteBuffer.allocate(2 + counters.size() * (1 + Counters.BYTES)).put(COUNTERS).put((byte) counters.size());
        counters.forEach((slot, each) -> {
            buffer.put(slot.byteValue());
            each.writeTo(buffer);
        });
        return buffer.array();
    }

    static byte[] encodeUsers(SortedMap<Integer, UniqueUsers> users) {
        SortedMap<Integer, byte[]> sketches = new TreeMap<>();
        users.forEach((slot, each) -> sketches.put(slot, each.toBytes()));
        int size = 2 + sketches.values().stream().mapToInt(sketch -> 1 + Integer.BYTES + sketch.length).sum();
        ByteBuffer buffer = ByteBuffer.allocate(size).put(USERS).put((byte) sketches.size());
        sketches.forEach((slot, sketch) -> buffer.put(slot.byteValue()).putInt(sketch.length).put(sketch));
        return buffer.array();
    }

    static SortedMap<Integer, Counters> decodeCounters(byte[] packed) {
        SortedMap<Integer, Counters> counters = new TreeMap<>();
        if (packed == null) {
            return counters;
        }
        ByteBuffer buffer = ByteBuffer.wrap(packed);
        byte format = buffer.get();
        if (format != COUNTERS) {
            throw new IllegalStateException("unknown rollup counters format " + format);
        }
        int count = Byte.toUnsignedInt(buffer.get());
        for (int i = 0; i < count; i++) {
            int slot = buffer.get();
            counters.put(slot, Counters.readFrom(buffer));
        }
        return counters;
    }

    static SortedMap<Integer, UniqueUsers> decodeUsers(byte[] packed) {
        SortedMap<Integer, UniqueUsers> users = new TreeMap<>();
        if (packed == null) {
            return users;
        }
        ByteBuffer buffer = ByteBuffer.wrap(packed);
        byte format = buffer.get();
        if (format != USERS) {
            throw new IllegalStateException("unknown rollup users format " + format);
        }
        int count = Byte.toUnsignedInt(buffer.get());
        for (int i = 0; i < count; i++) {
            int slot = buffer.get();
            byte[] sketch = new byte[buffer.getInt()];
            buffer.get(sketch);
            users.put(slot, UniqueUsers.fromBytes(sketch));
        }
        return users;
    }
}
