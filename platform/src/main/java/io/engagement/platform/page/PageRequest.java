package io.engagement.platform.page;

import io.engagement.platform.validation.ParamReader;

/** {@code page} (from 1) and {@code page_size} (1 to 100, default 20) as the contract bounds them. */
public record PageRequest(int page, int pageSize) {

    public static final int DEFAULT_PAGE_SIZE = 20;
    public static final int MAX_PAGE_SIZE = 100;

    public static PageRequest from(ParamReader query) {
        return new PageRequest(
                query.integer("page", 1, 1, null),
                query.integer("page_size", DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE));
    }

    public long offset() {
        return (long) (page - 1) * pageSize;
    }
}
