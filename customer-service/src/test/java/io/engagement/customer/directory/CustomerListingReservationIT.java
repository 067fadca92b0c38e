package io.engagement.customer.directory;

import io.engagement.testkit.FreshDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reservations against the real database from two instances, as two replicas of the service make
 * them: each remembers only its own last reservation, and the listing must still hand out every
 * ordinal once, in order, with a later block never created earlier than the one before it.
 */
class CustomerListingReservationIT {

    private static final long ORG = 42;

    @RegisterExtension
    final FreshDatabase database = new FreshDatabase("listing");

    @Test
    void twoInstancesTakingTurnsHandOutEveryOrdinalOnceAndInOrder() {
        CustomerListing first = new CustomerListing(database.template());
        CustomerListing second = new CustomerListing(database.template());
        Instant now = Instant.parse("2026-11-27T10:00:00Z");

        CustomerListing.Block a = first.reserve(ORG, 3, now).block();
        CustomerListing.Block b = first.reserve(ORG, 2, now).block();
        // the second instance has never seen the listing; the first one's memory is now out of date
        CustomerListing.Block c = second.reserve(ORG, 4, now).block();
        CustomerListing.Block d = first.reserve(ORG, 1, now).block();
        CustomerListing.Block e = second.reserve(ORG, 1, now.minus(1, ChronoUnit.HOURS)).block();

        assertThat(a.firstOrdinal()).isEqualTo(1);
        assertThat(b.firstOrdinal()).isEqualTo(4);
        assertThat(c.firstOrdinal()).isEqualTo(6);
        assertThat(d.firstOrdinal()).isEqualTo(10);
        assertThat(e.firstOrdinal()).isEqualTo(11);
        assertThat(a.timeCreated()).isEqualTo(now);
        assertThat(b.timeCreated()).isEqualTo(now.plusMillis(1));
        assertThat(c.timeCreated()).isEqualTo(now.plusMillis(2));
        assertThat(d.timeCreated()).isEqualTo(now.plusMillis(3));
        // a clock behind the listing's still gets the next millisecond
        assertThat(e.timeCreated()).isEqualTo(now.plusMillis(4));
        assertThat(second.of(ORG).block()).isEqualTo(new CustomerListing.Listing(11, 11, true));
    }

    @Test
    void ordinalsLeftVacantAreNotCountedAndDoNotDisturbTheNextReservation() {
        CustomerListing listing = new CustomerListing(database.template());
        Instant now = Instant.parse("2026-11-27T10:00:00Z");

        listing.reserve(ORG, 5, now).block();
        listing.vacated(ORG, 2).block();
        CustomerListing.Block next = listing.reserve(ORG, 1, now.plusSeconds(1)).block();

        assertThat(next.firstOrdinal()).isEqualTo(6);
        assertThat(next.timeCreated()).isEqualTo(now.plusSeconds(1));
        assertThat(listing.of(ORG).block()).isEqualTo(new CustomerListing.Listing(6, 4, true));
    }
}
