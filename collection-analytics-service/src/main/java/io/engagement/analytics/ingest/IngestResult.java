package io.engagement.analytics.ingest;

import java.util.List;

/** The 202 answer: how many events the broker has, and what was refused. */
record IngestResult(int accepted, List<Rejection> rejected) {
}
