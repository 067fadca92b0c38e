package io.engagement.analytics.rollup;

import java.nio.ByteBuffer;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A rollup's slots (the days of a month, the hours of a day) packed into one binary value: per
 * slot with activity, its number, its counters and its sketch. One value instead of dozens of
 * sub-documents keeps a rollup cheap to store and to read.
 */
final class Slots {

    private static final byte FORMAT = 1;

    private Slots() {
    }

    static byte[] encode(SortedMap<Integer, Rollup.Slot> slots) {
        byte[][] sketches = new byte[slots.size()][];
        int size = 2;
        int i = 0;
        for (Rollup.Slot slot : slots.values()) {
            sketches[i] = slot.users().toBytes();
            size += 1 + Counters.BYTES + Integer.BYTES + sketches[i++].length;
        }
        ByteBuffer buffer = ByteBuffer.allocate(size).put(FORMAT).put((byte) slots.size());
        i = 0;
        for (var slot : slots.entrySet()) {
            buffer.put(slot.getKey().byteValue());
            slot.getValue().counters().writeTo(buffer);
            buffer.putInt(sketches[i].length).put(sketches[i++]);
        }
        return buffer.array();
    }

    static SortedMap<Integer, Rollup.Slot> decode(byte[] packed) {
        SortedMap<Integer, Rollup.Slot> slots = new TreeMap<>();
        if (packed == null) {
            return slots;
        }
        ByteBuffer buffer = ByteBuffer.wrap(packed);
        if (buffer.get() != FORMAT) {
            throw new IllegalStateException("unknown rollup slot format");
        }
        int count = Byte.toUnsignedInt(buffer.get());
        for (int i = 0; i < count; i++) {
            int key = buffer.get();
            Counters counters = Counters.readFrom(buffer);
            byte[] sketch = new byte[buffer.getInt()];
            buffer.get(sketch);
            slots.put(key, new Rollup.Slot(counters, UniqueUsers.fromBytes(sketch)));
        }
        return slots;
    }
}
