package io.engagement.infra.inbox;

import com.icegreen.greenmail.mail.MovingMessage;
import com.icegreen.greenmail.user.GreenMailUser;
import jakarta.mail.internet.MimeMessage;

/**
 * Where GreenMail puts each recipient's copy once {@link EmbeddedSmtp} has kept the transaction:
 * nowhere. Its own per-recipient mailboxes would only hold the same mail again, once per recipient,
 * and lose it on every restart anyway.
 */
final class DiscardedMailbox implements GreenMailUser {

    static final DiscardedMailbox INSTANCE = new DiscardedMailbox();

    private DiscardedMailbox() {
    }

    @Override
    public String getEmail() {
        return "";
    }

    @Override
    public String getLogin() {
        return "";
    }

    @Override
    public void deliver(MovingMessage msg) {
    }

    @Override
    public void deliver(MimeMessage msg) {
    }

    @Override
    public void create() {
    }

    @Override
    public void delete() {
    }

    @Override
    public String getPassword() {
        return "";
    }

    @Override
    public void setPassword(String password) {
    }

    @Override
    public void authenticate(String password) {
    }

    @Override
    public String getQualifiedMailboxName() {
        return "";
    }
}
