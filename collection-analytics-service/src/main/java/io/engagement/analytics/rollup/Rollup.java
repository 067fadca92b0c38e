package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import io.engagement.platform.store.Documents;
import org.bson.Document;
import org.bson.types.Binary;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One page's activity over one period, in slots: a month's days ({@code org:page:2026-11}), or a
 * day's hours ({@code org:page:2026-11-21}). Each slot holds counters and a unique-user sketch.
 * Day-level queries read one month rollup per page and month, hourly ones one day rollup per page
 * and day.
 *
 * <p>A rollup is stored as two documents with its id: the counters, with the last offset applied
 * per partition of the activity topic (so a redelivered record is recognised and skipped) and a
 * version that grows with every change; and the sketches, in a collection of their own, tagged with
 * the version they belong to. The sketches are written first: if the counters' write is lost, the
 * records are applied again, and adding a user to a sketch twice changes nothing.
 *
 * <p>Besides a sketch per slot, a rollup with visitors in more than one slot keeps one of everyone
 * it counted over its whole period, so a query spanning the period merges one sketch instead of one
 * per slot.
 */
public final class Rollup {

    /** The key, among the slots' sketches, of the whole period's; no slot has it (days start at 1, hours at 0). */
    static final int WHOLE_PERIOD = -1;

    private final String id;
    private final long organizationId;
    private final String pageId;
    private final String period;
    private final Map<String, Long> offsets;
    private final SortedMap<Integer, Counters> counters;
    private SortedMap<Integer, UniqueUsers> users;
    private final Set<Integer> usersChanged = new HashSet<>();
    private long version;
    private boolean changed;

    private Rollup(String id, long organizationId, String pageId, String period, Map<String, Long> offsets, long version,
                   SortedMap<Integer, Counters> counters, SortedMap<Integer, UniqueUsers> users) {
        this.id = id;
        this.organizationId = organizationId;
        this.pageId = pageId;
        this.period = period;
        this.offsets = offsets;
        this.version = version;
        this.counters = counters;
        this.users = users;
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
        return new Rollup(id, organizationId, pageId, id.substring(id.lastIndexOf(':') + 1), new HashMap<>(), 0,
                new TreeMap<>(), new TreeMap<>());
    }

    /** A rollup from its counters document; its sketches are unknown until {@link #withUsers}. */
    static Rollup from(Document stored) {
        Map<String, Long> offsets = new HashMap<>();
        stored.get("offsets", new Document()).forEach((partition, offset) -> offsets.put(partition, ((Number) offset).longValue()));
        return new Rollup(stored.getString("_id"), Documents.longOf(stored, "organization_id"), stored.getString("page_id"),
                stored.getString("period"), offsets, versionOf(stored), Slots.decodeCounters(bytesOf(stored.get("slots"))), null);
    }

    /** The sketches of a users document. */
    static SortedMap<Integer, UniqueUsers> usersOf(Document users) {
        return Slots.decodeUsers(bytesOf(users.get("slots")));
    }

    static long versionOf(Document stored) {
        return Documents.longOf(stored, "version");
    }

    private static byte[] bytesOf(Object value) {
        return value instanceof Binary binary ? binary.getData() : null;
    }

    /** Applies the record unless this rollup has already seen it; answers whether it did. */
    boolean apply(int partition, long offset, PageActivity activity) {
        String key = Integer.toString(partition);
        if (offset <= offsets.getOrDefault(key, -1L)) {
            return false;
        }
        if (!changed) {
            changed = true;
            version++;
        }
        offsets.put(key, offset);
        int slot = slotOf(activity.at());
        counters.computeIfAbsent(slot, empty -> new Counters()).add(activity);
        if (activity.user() != null) {
            users().computeIfAbsent(slot, empty -> UniqueUsers.empty()).add(activity.user());
            usersChanged.add(slot);
            countForWholePeriod(activity.user());
        }
        return true;
    }

    /**
     * The whole period's sketch is kept once a second slot has users, starting from the two slots'
     * sketches (until then the one slot's sketch is the period's).
     */
    private void countForWholePeriod(String user) {
        UniqueUsers whole = users().get(WHOLE_PERIOD);
        if (whole != null) {
            whole.add(user);
            usersChanged.add(WHOLE_PERIOD);
        } else if (users().size() > 1) {
            users().put(WHOLE_PERIOD, UniqueUsers.unionOf(users().values()));
            usersChanged.add(WHOLE_PERIOD);
        }
    }

    /** The slots whose sketches the records applied to this rollup changed. */
    Set<Integer> usersChanged() {
        return usersChanged;
    }

    Document toDocument() {
        return new Document("_id", id)
                .append("organization_id", organizationId)
                .append("page_id", pageId)
                .append("period", period)
                .append("version", version)
                .append("offsets", new Document(new HashMap<String, Object>(offsets)))
                .append("slots", new Binary(Slots.encodeCounters(counters)));
    }

    Document usersDocument() {
        return new Document("_id", id).append("version", version)
                .append("slots", new Binary(Slots.encodeUsers(users())));
    }

    /** Gives the rollup the sketches read apart from its counters. */
    Rollup withUsers(SortedMap<Integer, UniqueUsers> users) {
        this.users = users;
        return this;
    }

    boolean hasUsers() {
        return users != null;
    }

    SortedMap<Integer, UniqueUsers> users() {
        if (users == null) {
            throw new IllegalStateException("the sketches of rollup " + id + " were not read");
        }
        return users;
    }

    public String id() {
        return id;
    }

    public long organizationId() {
        return organizationId;
    }

    public String pageId() {
        return pageId;
    }

    public long version() {
        return version;
    }

    /** Every slot with activity, with its counters and its unique users. */
    public SortedMap<Integer, Slot> slots() {
        SortedMap<Integer, UniqueUsers> sketches = users();
        SortedMap<Integer, Slot> slots = new TreeMap<>();
        counters.forEach((slot, each) -> slots.put(slot, new Slot(each, sketches.getOrDefault(slot, UniqueUsers.empty()))));
        return slots;
    }

    /** Everyone counted over the whole period; empty when nobody was. */
    public Optional<UniqueUsers> periodUsers() {
        SortedMap<Integer, UniqueUsers> sketches = users();
        if (sketches.containsKey(WHOLE_PERIOD)) {
            return Optional.of(sketches.get(WHOLE_PERIOD));
        }
        // until a second slot has users, the one slot's sketch is the period's
        return sketches.isEmpty() ? Optional.empty() : Optional.of(sketches.get(sketches.firstKey()));
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
