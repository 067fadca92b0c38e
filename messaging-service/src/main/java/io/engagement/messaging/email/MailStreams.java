package io.engagement.messaging.email;

/**
 * Names Jakarta Mail's stream provider. Unnamed, Jakarta Mail 2.1 looks it up with a ServiceLoader
 * scan of the class path each time it writes or encodes a message part (jakartaee/mail-api#861):
 * in this service's jar that scan was a third of a delivery thread's CPU per mail. Named by the
 * system property, it is instantiated directly.
 */
public final class MailStreams {

    private static final String PROPERTY = "jakarta.mail.util.StreamProvider";
    private static final String ANGUS = "org.eclipse.angus.mail.util.MailStreamProvider";

    private MailStreams() {
    }

    /** Names Angus Mail's provider, unless the JVM was started with another. */
    public static void nameProvider() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, ANGUS);
        }
    }
}
