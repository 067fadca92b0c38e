package io.engagement.analytics.rollup;

import java.nio.ByteBuffer;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A day's hours packed into one binary value: per hour with activity, its number, its counters
 * and its sketch. One value instead of two dozen sub-documents keeps a rollup cheap to store and
 * to read for every query, including those that never look at hours.
 */
final class HourSlots {

    private static final byte FORMAT = 1;

    private HourSlots() {
    }

    static byte[] encode(SortedMap<Integer, PageDay.Hour> hours) {
        byte[][] sketches = new byte[24][];
        int size = 2;
        for (var hour : hours.entrySet()) {
            sketches[hour.getKey()] = hour.getValue().users().toBytes();
            size += 1 + Counters.BYTES + Integer.BYTES + sketches[hour.getKey()].length;
        }
        ByteBuffer buffer = ByteBuffer.allocate(size).put(FORMAT).put((byte) hours.size());
        hours.forEach((hour, slot) -> {
            buffer.put(hour.byteValue());
            slot.counters().writeTo(buffer);
            buffer.putInt(sketches[hour].length).put(sketches[hour]);
        });
        return buffer.array();
    }

    static SortedMap<Integer, PageDay.Hour> decode(byte[] packed) {
        SortedMap<Integer, PageDay.Hour> hours = new TreeMap<>();
        if (packed == null) {
            return hours;
        }
        ByteBuffer buffer = ByteBuffer.wrap(packed);
        if (buffer.get() != FORMAT) {
            throw new IllegalStateException("unknown hour slot format");
        }
        int count = buffer.get();
        for (int i = 0; i < count; i++) {
            int hour = buffer.get();
            Counters counters = Counters.readFrom(buffer);
            byte[] sketch = new byte[buffer.getInt()];
            buffer.get(sketch);
            hours.put(hour, new PageDay.Hour(counters, UniqueUsers.fromBytes(sketch)));
        }
        return hours;
    }
}
