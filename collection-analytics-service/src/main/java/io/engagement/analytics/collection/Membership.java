package io.engagement.analytics.collection;

import io.engagement.analytics.page.RegistryPage;
import io.engagement.platform.url.UrlPattern;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A collection's members: its explicit page ids that are in the registry, plus every registry
 * page whose display URL starts with one of its patterns; each with what matched it.
 */
record Membership(List<MemberPage> members, List<AnalyticsView.Warning> warnings) {

    static Membership resolve(PageCollection collection, List<RegistryPage> registry) {
        Map<String, MemberPage> members = new LinkedHashMap<>();
        List<AnalyticsView.Warning> warnings = new ArrayList<>();
        Map<String, RegistryPage> byId = registry.stream().collect(Collectors.toMap(RegistryPage::pageId, page -> page, (a, b) -> a));
        for (String pageId : collection.pageIds()) {
            RegistryPage page = byId.get(pageId);
            if (page == null) {
                warnings.add(new AnalyticsView.Warning("page_not_found", "Page " + pageId + " is not in the page registry"));
            } else {
                members.computeIfAbsent(pageId, id -> new MemberPage(page, new ArrayList<>())).matchedBy().add("page_id");
            }
        }
        for (String pattern : collection.urlPatterns()) {
            List<RegistryPage> matched = registry.stream().filter(page -> UrlPattern.matches(pattern, page.displayUrl())).toList();
            if (matched.isEmpty()) {
                warnings.add(new AnalyticsView.Warning("pattern_matches_nothing", "URL pattern " + pattern + " matches no page"));
            }
            matched.forEach(page -> members.computeIfAbsent(page.pageId(), id -> new MemberPage(page, new ArrayList<>()))
                    .matchedBy().add("pattern:" + pattern));
        }
        return new Membership(List.copyOf(members.values()), warnings);
    }

    record MemberPage(RegistryPage page, List<String> matchedBy) {
    }
}
