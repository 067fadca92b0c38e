package io.engagement.platform.store;

import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.function.Function;
import java.util.regex.Pattern;

/** One page of a filtered, sorted collection with its total, as the contract's envelope. */
public final class PagedFind {

    private PagedFind() {
    }

    /**
     * @param sortField the stored field to sort by; ties are broken by {@code _id} in the same direction,
     *                  so pages never overlap or skip
     */
    public static Mono<PageEnvelope<Document>> page(ReactiveMongoTemplate mongo, String collection, Criteria filter,
                                                    String sortField, boolean ascending, PageRequest page) {
        Sort.Direction direction = ascending ? Sort.Direction.ASC : Sort.Direction.DESC;
        Query rows = Query.query(filter)
                .with(Sort.by(direction, sortField).and(Sort.by(direction, "_id")))
                .skip(page.offset())
                .limit(page.pageSize());
        return mongo.find(rows, Document.class, collection).collectList()
                .flatMap(found -> totalOf(mongo, collection, filter, page, found.size())
                        .map(total -> PageEnvelope.of(found, total, page)));
    }

    /**
     * The total a page is answered with, consistent with its rows while documents are being written:
     * a page that is not full ends the collection as the find saw it, so its total needs no count
     * (a count taken beside the find could name a document the find missed, or miss one it found);
     * a full page is counted after the find, and never below what the pages up to it hold.
     */
    private static Mono<Long> totalOf(ReactiveMongoTemplate mongo, String collection, Criteria filter, PageRequest page, int found) {
        long upToThisPage = page.offset() + found;
        if (found > 0 && found < page.pageSize() || found == 0 && page.offset() == 0) {
            return Mono.just(upToThisPage);
        }
        return mongo.count(Query.query(filter), collection).map(counted -> Math.max(counted, upToThisPage));
    }

    public static <T> Function<PageEnvelope<Document>, PageEnvelope<T>> mapped(Function<Document, T> mapping) {
        return envelope -> envelope.map(mapping);
    }

    /**
     * Narrows {@code filter} to case-insensitive text in any of the fields, taken literally: the
     * client's text is quoted, never run as a pattern or an operator.
     */
    public static Criteria literalSearch(Criteria filter, String text, List<String> fields) {
        Pattern literal = Pattern.compile(literalPattern(text), Pattern.CASE_INSENSITIVE);
        return filter.orOperator(fields.stream().map(field -> Criteria.where(field).regex(literal)).toList());
    }

    /** Quoted text; a NUL, which a BSON regular expression cannot hold, is written as {@code \x00}. */
    static String literalPattern(String text) {
        return Arrays.stream(text.split("\u0000", -1))
                .map(part -> part.isEmpty() ? "" : Pattern.quote(part))
                .collect(Collectors.joining("\\x00"));
    }
}
