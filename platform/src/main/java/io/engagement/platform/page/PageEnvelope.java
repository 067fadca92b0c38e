package io.engagement.platform.page;

import java.util.List;
import java.util.function.Function;

/**
 * The contract's list page: {@code data, total, page, page_size, total_pages, has_next, has_previous}.
 */
public record PageEnvelope<T>(
        List<T> data, long total, int page, int pageSize, int totalPages, boolean hasNext, boolean hasPrevious) {

    public static <T> PageEnvelope<T> of(List<T> data, long total, PageRequest request) {
        int totalPages = (int) ((total + request.pageSize() - 1) / request.pageSize());
        return new PageEnvelope<>(List.copyOf(data), total, request.page(), request.pageSize(), totalPages,
                request.page() < totalPages, request.page() > 1);
    }

    public <R> PageEnvelope<R> map(Function<T, R> mapping) {
        return new PageEnvelope<>(data.stream().map(mapping).toList(), total, page, pageSize, totalPages,
                hasNext, hasPrevious);
    }

    /** The same page holding {@code rows} in place of its data (as many, in the same order: the data made another way). */
    public <R> PageEnvelope<R> withData(List<R> rows) {
        if (rows.size() != data.size()) {
            throw new IllegalArgumentException("a page of " + data.size() + " rows given " + rows.size());
        }
        return new PageEnvelope<>(List.copyOf(rows), total, page, pageSize, totalPages, hasNext, hasPrevious);
    }
}
