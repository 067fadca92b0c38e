package io.engagement.analytics.ingest;

import io.engagement.platform.error.ErrorDetail;

import java.util.List;

/** One fault of one event of a batch; the rest of the batch is still accepted. */
record Rejection(int index, List<Object> loc, String msg, String type) {

    static Rejection of(int index, ErrorDetail error) {
        return new Rejection(index, error.loc(), error.msg(), error.type());
    }
}
