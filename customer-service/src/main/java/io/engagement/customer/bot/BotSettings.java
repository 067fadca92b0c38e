package io.engagement.customer.bot;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * The bot's knowledge sources.
 *
 * @param answerThreshold the threshold an organization's bot settings start from, until it sets its own
 *                        (below it the bot hands the question over)
 * @param maxFileSize     the largest file accepted
 * @param maxPages        the most pages read of one website
 * @param maxPageSize     the most read of one page
 * @param fetchTimeout    how long one page may take
 * @param pollEvery       how often a replica looks for sources to read (new files, websites due)
 * @param lease           how long a replica may take over one source before another may take it over
 * @param allowLoopback   crawl 127.0.0.0/8 and ::1 ({@code ./run.sh} and the system tests allow it)
 * @param allowPrivate    crawl RFC 1918, 100.64.0.0/10 and fc00::/7 (an intranet)
 */
@ConfigurationProperties("engagement.bot")
record BotSettings(Double answerThreshold, DataSize maxFileSize, Integer maxPages, DataSize maxPageSize,
                   Duration fetchTimeout, Duration pollEvery, Duration lease, boolean allowLoopback, boolean allowPrivate) {

    BotSettings {
        answerThreshold = answerThreshold == null ? 0.5 : answerThreshold;
        maxFileSize = maxFileSize == null ? DataSize.ofMegabytes(20) : maxFileSize;
        maxPages = maxPages == null ? 200 : maxPages;
        maxPageSize = maxPageSize == null ? DataSize.ofMegabytes(2) : maxPageSize;
        fetchTimeout = fetchTimeout == null ? Duration.ofSeconds(10) : fetchTimeout;
        pollEvery = pollEvery == null ? Duration.ofSeconds(2) : pollEvery;
        lease = lease == null ? Duration.ofMinutes(10) : lease;
    }
}
