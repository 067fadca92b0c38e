package io.engagement.platform.store;

import org.bson.Document;

import java.time.Instant;
import java.util.Date;

/** Reading stored fields without repeating null and number-width checks in every store. */
public final class Documents {

    private Documents() {
    }

    public static long longOf(Document document, String field) {
        return ((Number) document.get(field)).longValue();
    }

    public static long longOf(Document document, String field, long absent) {
        Object value = document.get(field);
        return value == null ? absent : ((Number) value).longValue();
    }

    public static Long optionalLong(Document document, String field) {
        Object value = document.get(field);
        return value == null ? null : ((Number) value).longValue();
    }

    public static Instant instantOf(Document document, String field) {
        Date date = document.getDate(field);
        return date == null ? null : date.toInstant();
    }

    public static Date date(Instant instant) {
        return instant == null ? null : Date.from(instant);
    }
}
