package io.engagement.analytics.page;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.validation.ParamReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;

/** {@code GET /external/v1/page-collections/pages}: the organization's registry pages. */
@RestController
class PageResource {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 200;

    private final PageStore pages;

    PageResource(PageStore pages) {
        this.pages = pages;
    }

    @GetMapping("/external/v1/page-collections/pages")
    Mono<PageList> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        ParamReader query = ParamReader.query(exchange);
        String search = query.string("search").filter(text -> !text.isBlank()).orElse(null);
        int page = query.integer("page", 1, 1, null);
        int limit = query.integer("limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
        query.validate();
        return Mono.zip(pages.count(organizationId, search), pages.list(organizationId, search, page, limit).collectList())
                .map(totalAndPages -> new PageList(totalAndPages.getT2(),
                        new PageList.Pagination(page, limit, totalAndPages.getT1()), search == null ? "" : search));
    }

    /** The contract's page-list shape. */
    record PageList(List<RegistryPage> pages, Pagination pagination, String search) {

        record Pagination(int page, int limit, long total) {
        }
    }
}
