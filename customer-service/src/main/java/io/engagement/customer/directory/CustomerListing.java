package io.engagement.customer.directory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Date;
import java.util.Optional;

import static io.engagement.platform.store.Documents.instantOf;

/**
 * Each organization's customers in the order of the default list, kept so a page of it is a few
 * look-ups by key instead of a sort of every customer, and its total is read instead of counted.
 * Every new customer gets the next ordinal of its organization and a creation time no earlier than
 * the customer before it: blocks of customers created together share one time, and a later block
 * gets a later millisecond, so ordinal order is exactly the order of (time created, id) that the
 * list sorts by. One document per organization, changed by single-document atomic writes.
 */
@Component
class CustomerListing {

    static final String COLLECTION = "customer_listings";

    /** Organizations whose last reservation this instance remembers; one not remembered costs a read. */
    private static final int REMEMBERED_ORGANIZATIONS = 10_000;

    private final ReactiveMongoTemplate mongo;

    /**
     * Each organization's listing as this instance last reserved from it: the next reservation
     * tries its conditional write straight away, without reading the listing first. Whoever
     * reserved since (another replica, a request that raced this one) makes that write match
     * nothing, and the listing is read as it is. Deleted customers change only what is vacant,
     * which reserving neither reads nor writes.
     */
    private final Cache<Long, Reserved> lastReserved = Caffeine.newBuilder().maximumSize(REMEMBERED_ORGANIZATIONS).build();

    CustomerListing(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /**
     * What the organization's listing holds.
     *
     * @param allocated ordinals handed out so far
     * @param count     customers that exist: the ordinals handed out less those left vacant (customers
     *                  deleted, or never written because their request failed)
     * @param complete  whether every customer of the organization has an ordinal: an organization
     *                  with customers from before the listing existed is listed by sorting instead
     */
    record Listing(long allocated, long count, boolean complete) {
    }

    /** The first of {@code count} consecutive ordinals and the creation time they share. */
    record Block(long firstOrdinal, Instant timeCreated) {
    }

    Mono<Listing> of(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION)
                .map(document -> new Listing(document.getLong("allocated"),
                        document.getLong("allocated") - document.getLong("vacant"), document.getBoolean("complete")));
    }

    /** Reserves the ordinals of {@code count} new customers, created at {@code now} or just after the last ones. */
    Mono<Block> reserve(long organizationId, int count, Instant now) {
        Reserved remembered = lastReserved.getIfPresent(organizationId);
        Mono<Block> afterRemembered = remembered == null ? Mono.empty() : advance(organizationId, remembered, count, now);
        return afterRemembered.switchIfEmpty(Mono.defer(() -> reserveAfterReading(organizationId, count, now)));
    }

    private Mono<Block> reserveAfterReading(long organizationId, int count, Instant now) {
        return mongo.findById(organizationId, Document.class, COLLECTION)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(current -> current.map(listing -> advance(organizationId, Reserved.of(listing), count, now))
                        .orElseGet(() -> begin(organizationId, count, now)))
                // another request took the ordinals first: read the listing again and try after it
                .switchIfEmpty(Mono.defer(() -> reserveAfterReading(organizationId, count, now)));
    }

    /**
     * Ordinals that hold no customer any more, or never will: deleted customers, or a request that
     * failed after its ordinals were reserved. A crash in between leaves the total that many too high;
     * a page read that walks the whole listing counts exactly (see {@link ListedPage}).
     */
    Mono<Void> vacated(long organizationId, long ordinals) {
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(organizationId)), new Update().inc("vacant", ordinals), COLLECTION)
                .then();
    }

    /** Empty when another request reserved since {@code current} was read or remembered. */
    private Mono<Block> advance(long organizationId, Reserved current, int count, Instant now) {
        Instant timeCreated = now.isAfter(current.lastCreated()) ? now : current.lastCreated().plusMillis(1);
        Query unchanged = Query.query(Criteria.where("_id").is(organizationId).and("allocated").is(current.allocated()));
        Update taken = new Update().set("allocated", current.allocated() + count).set("last_created", Date.from(timeCreated));
        return mongo.updateFirst(unchanged, taken, COLLECTION)
                .filter(result -> result.getModifiedCount() == 1)
                .doOnNext(result -> lastReserved.put(organizationId, new Reserved(current.allocated() + count, timeCreated)))
                .map(result -> new Block(current.allocated() + 1, timeCreated));
    }

    /** The organization's first listed customers; empty when another request began the listing first. */
    private Mono<Block> begin(long organizationId, int count, Instant now) {
        return mongo.exists(Query.query(Criteria.where("organization_id").is(organizationId)), CustomerStore.COLLECTION)
                .flatMap(hadCustomers -> mongo.insert(new Document("_id", organizationId)
                        .append("allocated", (long) count)
                        .append("last_created", Date.from(now))
                        .append("vacant", 0L)
                        .append("complete", !hadCustomers), COLLECTION))
                .doOnNext(inserted -> lastReserved.put(organizationId, new Reserved(count, now)))
                .map(inserted -> new Block(1, now))
                .onErrorResume(DuplicateKeyException.class, raced -> Mono.empty());
    }

    /** The ordinals handed out and the creation time of the last of them: they change together, in one write. */
    private record Reserved(long allocated, Instant lastCreated) {

        static Reserved of(Document listing) {
            return new Reserved(listing.getLong("allocated"), instantOf(listing, "last_created"));
        }
    }
}
