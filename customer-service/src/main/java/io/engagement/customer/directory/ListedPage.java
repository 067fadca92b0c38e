package io.engagement.customer.directory;

import io.engagement.platform.page.PageEnvelope;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;

import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;

/**
 * A page of the default customer list (by creation time, either way, unfiltered) read through the
 * organization's {@link CustomerListing}: the customers at the ordinals from the list's start up to
 * the page's end, fetched by their unique listing key in a few {@code $in} look-ups, which every
 * database serves from the index, where sorting the organization's customers reads them all on a
 * database that cannot sort by index (the embedded one). Ordinals of deleted customers are skipped.
 */
final class ListedPage {

    /** Pages ending deeper than this are read by sorting, which then costs about as much as walking the ordinals. */
    static final long MAX_DEPTH = 5_000;
    /** Walking this many more ordinals than the page needs means many deleted customers: sort instead. */
    private static final long MAX_SKIPPED = 5_000;
    /** Keys asked for beyond what is still needed, for the deleted customers a chunk may hold. */
    private static final int SPARE_KEYS = 8;

    private static final Comparator<Document> OLDEST_FIRST = Comparator
            .comparing((Document customer) -> instantOf(customer, "time_created"))
            .thenComparingLong(customer -> longOf(customer, "_id"));

    private final ReactiveMongoTemplate mongo;
    private final long organizationId;
    private final CustomerListing.Listing listing;
    private final CustomerQuery query;

    ListedPage(ReactiveMongoTemplate mongo, long organizationId, CustomerListing.Listing listing, CustomerQuery query) {
        this.mongo = mongo;
        this.organizationId = organizationId;
        this.listing = listing;
        this.query = query;
    }

    /** Whether the query asks for the listing's order with nothing filtered out, not too deep. */
    static boolean serves(CustomerQuery query, Optional<Long> companyId) {
        return query.sortBy().equals("time_created") && query.search().isEmpty() && query.source().isEmpty()
                && query.isActive().isEmpty() && query.companyId().isEmpty() && companyId.isEmpty()
                && query.page().offset() + query.page().pageSize() <= MAX_DEPTH;
    }

    /** Empty when too many ordinals of deleted customers lie in the way. */
    Mono<PageEnvelope<Document>> read() {
        long wanted = query.page().offset() + query.page().pageSize();
        long first = query.ascending() ? 1 : listing.allocated();
        return walk(first, wanted, new ArrayList<>()).map(this::envelope);
    }

    private Mono<Walked> walk(long next, long wanted, List<Document> found) {
        long remaining = query.ascending() ? listing.allocated() - next + 1 : next;
        if (found.size() >= wanted || remaining <= 0) {
            return Mono.just(new Walked(found, remaining <= 0));
        }
        long walked = query.ascending() ? next - 1 : listing.allocated() - next;
        if (walked - found.size() > MAX_SKIPPED) {
            return Mono.empty();
        }
        long chunk = Math.min(remaining, wanted - found.size() + SPARE_KEYS);
        List<String> keys = LongStream.range(0, chunk)
                .map(i -> query.ascending() ? next + i : next - i)
                .mapToObj(ordinal -> CustomerStore.listingKey(organizationId, ordinal))
                .toList();
        return mongo.find(Query.query(Criteria.where(CustomerStore.LISTING_KEY).in(keys)), Document.class, CustomerStore.COLLECTION)
                .sort(query.ascending() ? OLDEST_FIRST : OLDEST_FIRST.reversed())
                .collectList()
                .flatMap(customers -> {
                    found.addAll(customers);
                    return walk(query.ascending() ? next + chunk : next - chunk, wanted, found);
                });
    }

    /** A walk that reached the list's end has counted every customer, which then is the total. */
    private PageEnvelope<Document> envelope(Walked walked) {
        long offset = query.page().offset();
        List<Document> page = walked.found().subList((int) Math.min(offset, walked.found().size()),
                (int) Math.min(offset + query.page().pageSize(), walked.found().size()));
        long total = walked.reachedEnd() ? walked.found().size() : listing.count();
        return PageEnvelope.of(List.copyOf(page), total, query.page());
    }

    private record Walked(List<Document> found, boolean reachedEnd) {
    }
}
