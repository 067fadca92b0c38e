package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Folds committed page activity into the month and day rollups of its page: a poll's records are
 * grouped by rollup, each rollup is read once (its sketches from the last write here when it was
 * this instance's), the records it has not yet seen are applied, and each changed rollup is written
 * once; then the organizations' marks move on, and the sketches written are kept for this
 * instance's queries and its next poll. Redelivered records are skipped by offset, so every
 * activity counts once. Binding {@code pageActivity-in-0}, batch; page activity is written in
 * exactly-once transactions, and the binding reads committed records only.
 */
@Configuration(proxyBeanMethods = false)
class RollupWriter {

    private final RollupStore rollups;
    private final WrittenSketches written;
    private final RollupReader reader;
    private final RollupMarks marks;
    private final ObjectMapper json;

    RollupWriter(RollupStore rollups, WrittenSketches written, RollupReader reader, RollupMarks marks, ObjectMapper json) {
        this.rollups = rollups;
        this.written = written;
        this.reader = reader;
        this.marks = marks;
        this.json = json;
    }

    @Bean
    Consumer<Message<List<String>>> pageActivity() {
        return poll -> onActivity(ReceivedRecords.batchOf(poll));
    }

    void onActivity(List<ConsumerRecord<String, String>> records) {
        PolledRecords<Counted> polled = PolledRecords.read(records, this::counted);
        Map<String, List<Counted>> byRollup = new LinkedHashMap<>();
        polled.values().forEach(counted -> {
            for (String id : Rollup.idsOf(counted.activity())) {
                byRollup.computeIfAbsent(id, first -> new ArrayList<>()).add(counted);
            }
        });
        try {
            List<Rollup> changed = apply(byRollup);
            rollups.saveAll(changed).block();
            marks.moveOn(changed.stream().map(Rollup::organizationId).collect(Collectors.toSet())).block();
            reader.remember(changed);
            written.remember(changed);
        } catch (RuntimeException | Error failed) {
            written.forget(byRollup.keySet());
            throw failed;
        }
        polled.rejectUnreadable();
    }

    /** The rollups the poll changed, each read once and given the records it has not seen. */
    private List<Rollup> apply(Map<String, List<Counted>> byRollup) {
        Map<String, Rollup> stored = written.findWhole(new ArrayList<>(byRollup.keySet())).block();
        List<Rollup> changed = new ArrayList<>();
        byRollup.forEach((id, counted) -> {
            PageActivity first = counted.get(0).activity();
            Rollup rollup = stored.containsKey(id) ? stored.get(id) : Rollup.empty(first.organizationId(), first.pageId(), id);
            boolean appliedAny = false;
            for (Counted each : counted) {
                appliedAny |= rollup.apply(each.partition(), each.offset(), each.activity());
            }
            if (appliedAny) {
                changed.add(rollup);
            }
        });
        return changed;
    }

    /** Empty for a tombstone, which carries no activity. */
    private Optional<Counted> counted(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            PageActivity activity = json.readValue(record.value(), PageActivity.class);
            return Optional.of(new Counted(record.partition(), record.offset(), activity));
        } catch (RuntimeException unreadable) {
            throw new UnreadableRecord("unreadable page activity: " + unreadable, unreadable);
        }
    }

    private record Counted(int partition, long offset, PageActivity activity) {
    }
}
