package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import org.bson.Document;
import org.bson.types.Binary;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One page's rollup for one UTC day, with its hours packed inside: counters and a unique-user sketch for
 * the day and for each hour that had activity. It also records, per partition of the activity
 * topic, the last offset applied to it, so a redelivered record is recognised and skipped: the
 * document and its offsets are written together, in one single-document replace.
 */
public final class PageDay {

    private final String id;
    private final long organizationId;
    private final String pageId;
    private final LocalDate day;
    private final Map<String, Long> offsets;
    private final Counters totals;
    private final UniqueUsers users;
    // decoded from their packed form only when an hourly query or the writer needs them
    private byte[] packedHours;
    private SortedMap<Integer, Hour> hours;

    private PageDay(String id, long organizationId, String pageId, LocalDate day, Map<String, Long> offsets,
                    Counters totals, UniqueUsers users, byte[] packedHours) {
        this.id = id;
        this.organizationId = organizationId;
        this.pageId = pageId;
        this.day = day;
        this.offsets = offsets;
        this.totals = totals;
        this.users = users;
        this.packedHours = packedHours;
    }

    public static String idOf(long organizationId, String pageId, LocalDate day) {
        return organizationId + ":" + pageId + ":" + day;
    }

    static LocalDate dayOf(PageActivity activity) {
        return activity.at().atOffset(ZoneOffset.UTC).toLocalDate();
    }

    static PageDay empty(long organizationId, String pageId, LocalDate day) {
        return new PageDay(idOf(organizationId, pageId, day), organizationId, pageId, day, new HashMap<>(), new Counters(),
                UniqueUsers.empty(), null);
    }

    public static PageDay from(Document document) {
        Map<String, Long> offsets = new HashMap<>();
        document.get("offsets", new Document()).forEach((partition, offset) -> offsets.put(partition, ((Number) offset).longValue()));
        return new PageDay(document.getString("_id"), ((Number) document.get("organization_id")).longValue(), document.getString("page_id"),
                LocalDate.parse(document.getString("day")), offsets, Counters.from(document.get("totals", new Document())),
                UniqueUsers.from(document.get("users")), document.get("hours") instanceof Binary packed ? packed.getData() : null);
    }

    /** Applies the record unless this day has already seen it; answers whether it did. */
    boolean apply(int partition, long offset, PageActivity activity) {
        String key = Integer.toString(partition);
        if (offset <= offsets.getOrDefault(key, -1L)) {
            return false;
        }
        offsets.put(key, offset);
        int hour = activity.at().atOffset(ZoneOffset.UTC).getHour();
        Hour slot = hours().computeIfAbsent(hour, empty -> new Hour(new Counters(), UniqueUsers.empty()));
        totals.add(activity);
        slot.counters().add(activity);
        if (activity.user() != null) {
            users.add(activity.user());
            slot.users().add(activity.user());
        }
        return true;
    }

    Document toDocument() {
        return new Document("_id", id)
                .append("organization_id", organizationId)
                .append("page_id", pageId)
                .append("day", day.toString())
                .append("offsets", new Document(new HashMap<String, Object>(offsets)))
                .append("totals", totals.toDocument())
                .append("users", users.toBinary())
                .append("hours", new Binary(hours != null || packedHours == null ? HourSlots.encode(hours()) : packedHours));
    }

    public String id() {
        return id;
    }

    public String pageId() {
        return pageId;
    }

    public LocalDate day() {
        return day;
    }

    public Counters totals() {
        return totals;
    }

    public UniqueUsers users() {
        return users;
    }

    public SortedMap<Integer, Hour> hours() {
        if (hours == null) {
            hours = HourSlots.decode(packedHours);
            packedHours = null;
        }
        return hours;
    }

    /** One hour of the day. */
    public record Hour(Counters counters, UniqueUsers users) {
    }
}
