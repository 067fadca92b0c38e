package io.engagement.analytics.rollup;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * What the analytics keep in memory to answer a collection's analytics without reading every rollup again.
 *
 * @param viewCacheSize           how many answered analytics queries are kept
 * @param viewCacheTtl            the longest an answer, or a counter read for one, is served from memory
 * @param sketchCacheBytes        the sketches kept laid out for merging, reused while their rollup is
 *                                unchanged, in bytes (a month of fifty busy pages takes about 25 MB)
 * @param counterCacheSize        how many rollups' counters are kept while their organization's rollups
 *                                are unchanged (a month rollup's are a kilobyte or two)
 * @param writtenSketchCacheBytes the sketches kept by the rollup writer, so a rollup's next write reads none, in bytes
 */
@ConfigurationProperties("engagement.analytics")
public record AnalyticsCaches(Integer viewCacheSize, Duration viewCacheTtl, Long sketchCacheBytes, Integer counterCacheSize,
                              Long writtenSketchCacheBytes) {

    public AnalyticsCaches {
        viewCacheSize = viewCacheSize == null ? 256 : viewCacheSize;
        viewCacheTtl = viewCacheTtl == null ? Duration.ofSeconds(60) : viewCacheTtl;
        sketchCacheBytes = sketchCacheBytes == null ? 64L * 1024 * 1024 : sketchCacheBytes;
        counterCacheSize = counterCacheSize == null ? 10_000 : counterCacheSize;
        writtenSketchCacheBytes = writtenSketchCacheBytes == null ? 32L * 1024 * 1024 : writtenSketchCacheBytes;
    }
}
