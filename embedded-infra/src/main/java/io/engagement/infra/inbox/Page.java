package io.engagement.infra.inbox;

import java.util.List;
import java.util.Map;

/** Mailpit's {@code start} and {@code limit}: a window on a list, newest first. */
record Page(int start, int limit) {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1000;

    /** @throws InvalidRequest when either is not an integer or out of range */
    static Page of(Map<String, String> query) {
        int start = integer(query, "start", 0);
        if (start < 0) {
            throw new InvalidRequest("start must be 0 or more");
        }
        int limit = integer(query, "limit", DEFAULT_LIMIT);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequest("limit must be from 1 to " + MAX_LIMIT);
        }
        return new Page(start, limit);
    }

    <T> List<T> of(List<T> items) {
        int from = Math.min(start, items.size());
        return items.subList(from, (int) Math.min((long) from + limit, items.size()));
    }

    private static int integer(Map<String, String> query, String name, int absent) {
        String value = query.get(name);
        if (value == null) {
            return absent;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new InvalidRequest(name + " must be an integer, not '" + value + "'");
        }
    }

    /** A request the dev inbox answers with 400 and this message. */
    static final class InvalidRequest extends RuntimeException {
        InvalidRequest(String message) {
            super(message, null, false, false);
        }
    }
}
