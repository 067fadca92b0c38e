package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.BinData;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import de.bwaldvogel.mongo.wire.BsonConstants;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;

/**
 * How the embedded database writes documents, object ids and unique-index keys into its H2 file:
 * as BSON behind a tag byte of its own. H2 writes any object it has no type for with Java
 * serialization, and compares such keys by serializing both; under load that was about half of
 * the database's CPU. Everything else is written as H2's {@link ObjectDataType} writes it, and
 * values written by that type (files from before) are read as they always were.
 *
 * <p>Index keys compare by MongoDB's value order ({@code 1} and {@code 1.0} are the same key, as
 * in a MongoDB unique index), not by their serialized bytes; {@link BsonH2Database} therefore keeps
 * index maps under names of their own and rebuilds any older one in this order.
 */
final class BsonStoreType extends BasicDataType<Object> {

    // ObjectDataType's own tags end at 119 (byte arrays of 0-15 bytes); these come after them
    private static final byte DOCUMENT = 120;
    private static final byte OBJECT_ID = 121;
    private static final byte INDEX_KEY = 122;
    private static final int OBJECT_ID_LENGTH = 12;

    private static final Comparator<Object> VALUE_ORDER = ValueComparator.ascWithoutListHandling();

    // keeps per-instance state while it writes and compares: one per map, as H2 itself makes them
    private final ObjectDataType others = new ObjectDataType();

    @Override
    public int compare(Object a, Object b) {
        if (a instanceof KeyValue first && b instanceof KeyValue second) {
            return compareKeys(first, second);
        }
        if (a instanceof ObjectId first && b instanceof ObjectId second) {
            return first.compareTo(second);
        }
        return others.compare(a, b);
    }

    private static int compareKeys(KeyValue first, KeyValue second) {
        int common = Math.min(first.size(), second.size());
        for (int i = 0; i < common; i++) {
            int order = compareValues(first.get(i), second.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(first.size(), second.size());
    }

    /**
     * MongoDB's order of values. Values it ranks alike that are not equal (arrays inside embedded
     * documents, which it compares by their smallest element; values it cannot compare at all) are
     * ordered by their BSON bytes, so that only equal values are the same index key.
     */
    static int compareValues(Object a, Object b) {
        if (Objects.equals(a, b)) {
            return 0;
        }
        int order;
        try {
            order = VALUE_ORDER.compare(a, b);
        } catch (RuntimeException incomparable) {
            order = 0;
        }
        return order != 0 ? order : Arrays.compare(bytesOf(a), bytesOf(b));
    }

    private static byte[] bytesOf(Object value) {
        byte[] bson = encoded(new Document("v", value));
        return bson != null ? bson : (value.getClass().getName() + ":" + value).getBytes(StandardCharsets.UTF_8);
    }

    /** The document's BSON, or null where BSON cannot hold one of its values. */
    private static byte[] encoded(Document document) {
        ByteBuf bson = Unpooled.buffer(256);
        try {
            BsonEncoder.encodeDocument(document, bson);
            byte[] bytes = new byte[bson.readableBytes()];
            bson.readBytes(bytes);
            return bytes;
        } catch (IllegalArgumentException | ClassCastException notBson) {
            return null;
        } finally {
            bson.release();
        }
    }

    /**
     * What H2 weighs its pages and its cache by. H2's own estimate for objects it serializes learns
     * from what it writes; it no longer writes these, so they are estimated here.
     */
    @Override
    public int getMemory(Object value) {
        if (value instanceof ObjectId || value instanceof Document || value instanceof KeyValue) {
            return (int) Math.min(Integer.MAX_VALUE, footprint(value));
        }
        return others.getMemory(value);
    }

    private static long footprint(Object value) {
        if (value instanceof String text) {
            return 40 + 2L * text.length();
        }
        if (value instanceof Map<?, ?> map) {
            long size = 64;
            for (Map.Entry<?, ?> field : map.entrySet()) {
                size += 32 + footprint(field.getKey()) + footprint(field.getValue());
            }
            return size;
        }
        if (value instanceof Iterable<?> values) {
            long size = 40;
            for (Object element : values) {
                size += 8 + footprint(element);
            }
            return size;
        }
        if (value instanceof BinData data) {
            return 32 + data.getData().length;
        }
        return 24;
    }

    @Override
    public Object[] createStorage(int size) {
        return new Object[size];
    }

    @Override
    public void write(WriteBuffer buffer, Object value) {
        if (value instanceof ObjectId id) {
            buffer.put(OBJECT_ID).put(id.toByteArray());
        } else if (value instanceof Document document) {
            writeBson(buffer, DOCUMENT, document, value);
        } else if (value instanceof KeyValue key) {
            writeBson(buffer, INDEX_KEY, asDocument(key), value);
        } else {
            others.write(buffer, value);
        }
    }

    /**
     * A value BSON cannot hold as it is (an index key of a missing field, a time finer than a
     * millisecond, a document over BSON's 16 MB) is written as H2 would.
     */
    private void writeBson(WriteBuffer buffer, byte tag, Document document, Object value) {
        byte[] bson = keepsItsTimes(document) ? encoded(document) : null;
        if (bson == null || bson.length > BsonConstants.MAX_BSON_OBJECT_SIZE) {
            others.write(buffer, value);
        } else {
            buffer.put(tag).put(bson);
        }
    }

    /** BSON keeps milliseconds: an instant finer than that ($currentDate, $$NOW) would come back changed. */
    private static boolean keepsItsTimes(Object value) {
        if (value instanceof Instant instant) {
            return instant.getNano() % 1_000_000 == 0;
        }
        if (value instanceof Map<?, ?> map) {
            for (Object field : map.values()) {
                if (!keepsItsTimes(field)) {
                    return false;
                }
            }
        } else if (value instanceof Collection<?> values) {
            for (Object element : values) {
                if (!keepsItsTimes(element)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Document asDocument(KeyValue key) {
        Document values = new Document();
        for (int i = 0; i < key.size(); i++) {
            values.put(String.valueOf(i), key.get(i));
        }
        return values;
    }

    @Override
    public Object read(ByteBuffer buffer) {
        byte tag = buffer.get(buffer.position());
        return switch (tag) {
            case OBJECT_ID -> readObjectId(buffer);
            case DOCUMENT -> readBson(buffer);
            case INDEX_KEY -> new KeyValue(readBson(buffer).values());
            default -> others.read(buffer);
        };
    }

    private static ObjectId readObjectId(ByteBuffer buffer) {
        byte[] bytes = new byte[OBJECT_ID_LENGTH];
        buffer.get();
        buffer.get(bytes);
        return new ObjectId(bytes);
    }

    private static Document readBson(ByteBuffer buffer) {
        buffer.get();
        ByteBuf bson = Unpooled.wrappedBuffer(buffer.duplicate());
        Document document = BsonDecoder.decodeBson(bson);
        buffer.position(buffer.position() + bson.readerIndex());
        return document;
    }
}
