package io.engagement.customer.conversation;

import io.engagement.platform.validation.ParamReader;

import java.util.List;

/**
 * {@code GET .../messages?after=&limit=}: messages after a seq, ascending, and whether more follow;
 * as the agents see them, or as the visitor does.
 */
record MessagePage<T>(List<T> data, boolean hasMore) {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 200;

    static <T> MessagePage<T> of(List<T> fetched, int limit) {
        return fetched.size() > limit ? new MessagePage<>(fetched.subList(0, limit), true) : new MessagePage<>(fetched, false);
    }

    /** The query's {@code after} (default 0) and {@code limit} (1-200, default 50). */
    record Request(long after, int limit) {

        static Request from(ParamReader query) {
            Integer after = query.integer("after", 0, 0, null);
            Integer limit = query.integer("limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
            query.validate();
            return new Request(after, limit);
        }
    }
}
