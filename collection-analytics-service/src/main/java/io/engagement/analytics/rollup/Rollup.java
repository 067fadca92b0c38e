package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import org.bson.Document;
import org.bson.types.Binary;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * One page's activity over one period, in slots: a month's days ({@code org:page:2026-11}), or a
 * day's hours ({@code org:page:2026-11-21}). Each slot holds counters and a unique-user sketch.
 * Day-level queries read one month rollup per page and month, hourly ones one day rollup per page
 * and day. A rollup also records, per partition of the activity topic, the last offset applied to
 * it, so a redelivered record is recognised and skipped: slots and offsets are written together,
 * in one single-document replace.
 */
public final class Rollup {

    private final String id;
    private final long organizationId;
    private final String pageId;
    private final String period;
    private final Map<String, Long> offsets;
    // decoded from their packed form only when read or updated
    private byte[] packedSlots;
    private SortedMap<Integer, Slot> slots;

    private Rollup(String id, long organizationId, String pageId, String period, Map<String, Long> offsets, byte[] packedSlots) {
        this.id = id;
        this.organizationId = organizationId;
        this.pageId = pageId;
        this.period = period;
        this.offsets = offsets;
        this.packedSlots = packedSlots;
    }

    public static String monthId(long organizationId, String pageId, YearMonth month) {
        return organizationId + ":" + pageId + ":" + month;
    }

    public static String dayId(long organizationId, String pageId, LocalDate day) {
        return organizationId + ":" + pageId + ":" + day;
    }

    /** The month rollup and the day rollup an activity counts in. */
    static String[] idsOf(PageActivity activity) {
        LocalDate day = activity.at().atOffset(ZoneOffset.UTC).toLocalDate();
        return new String[] {monthId(activity.organizationId(), activity.pageId(), YearMonth.from(day)),
                dayId(activity.organizationId(), activity.pageId(), day)};
    }

    static Rollup empty(long organizationId, String pageId, String id) {
        return new Rollup(id, organizationId, pageId, id.substring(id.lastIndexOf(':') + 1), new HashMap<>(), null);
    }

    public static Rollup from(Document document) {
        Map<String, Long> offsets = new HashMap<>();
        document.get("offsets", new Document()).forEach((partition, offset) -> offsets.put(partition, ((Number) offset).longValue()));
        return new Rollup(document.getString("_id"), ((Number) document.get("organization_id")).longValue(), document.getString("page_id"),
                document.getString("period"), offsets, document.get("slots") instanceof Binary packed ? packed.getData() : null);
    }

    /** Applies the record unless this rollup has already seen it; answers whether it did. */
    boolean apply(int partition, long offset, PageActivity activity) {
        String key = Integer.toString(partition);
        if (offset <= offsets.getOrDefault(key, -1L)) {
            return false;
        }
        offsets.put(key, offset);
        Slot slot = slots().computeIfAbsent(slotOf(activity.at()), empty -> new Slot(new Counters(), UniqueUsers.empty()));
        slot.counters().add(activity);
        if (activity.user() != null) {
            slot.users().add(activity.user());
        }
        return true;
    }

    Document toDocument() {
        return new Document("_id", id)
                .append("organization_id", organizationId)
                .append("page_id", pageId)
                .append("period", period)
                .append("offsets", new Document(new HashMap<String, Object>(offsets)))
                .append("slots", new Binary(slots != null || packedSlots == null ? Slots.encode(slots()) : packedSlots));
    }

    public String id() {
        return id;
    }

    public String pageId() {
        return pageId;
    }

    public SortedMap<Integer, Slot> slots() {
        if (slots == null) {
            slots = Slots.decode(packedSlots);
            packedSlots = null;
        }
        return slots;
    }

    /** When a slot of this rollup starts: a day of the month, or an hour of the day. */
    public LocalDateTime startOf(int slot) {
        return isMonth() ? YearMonth.parse(period).atDay(slot).atStartOfDay() : LocalDate.parse(period).atTime(slot, 0);
    }

    private int slotOf(Instant at) {
        return isMonth() ? at.atOffset(ZoneOffset.UTC).getDayOfMonth() : at.atOffset(ZoneOffset.UTC).getHour();
    }

    private boolean isMonth() {
        return period.length() == "2026-11".length();
    }

    /** One day of a month, or one hour of a day. */
    public record Slot(Counters counters, UniqueUsers users) {
    }
}
