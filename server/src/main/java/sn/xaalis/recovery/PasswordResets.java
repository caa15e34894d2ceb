package sn.xaalis.recovery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.merchant.AccountReclaim;
import sn.xaalis.merchant.MemberId;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantLogin;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Sha256;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.portal.OtherSessions;

/**
 * A merchant (the account's holder or a member of its team) who forgot their password asks for a link by e-mail; the link's token is random, kept only as
 * its hash, valid an hour and once. Using it sets the new password, spends every other link, and ends
 * every session of the merchant on every node; the holder's link also takes back an account whose address
 * was not confirmed ({@link AccountReclaim}). Whether the address has an account is never told.
 */
@Service
class PasswordResets {

    static final Duration VALID_FOR = Duration.ofHours(1);
    /** A new account's first link: its holder may open the e-mail days later. */
    static final Duration WELCOME_VALID_FOR = Duration.ofDays(7);
    /** Where a welcome link was asked from (a reset's is the asker's address): how its page tells them apart. */
    private static final String WELCOME = "welcome";
    /** One e-mail per account this often at most: asking again and again sends nothing more. */
    static final Duration ONE_MAIL_PER = Duration.ofMinutes(2);

    private final JdbcClient jdbc;
    private final MerchantCredentials credentials;
    private final AccountReclaim reclaim;
    private final MailOutbox outbox;
    private final OtherSessions sessions;
    private final MessageSource messages;
    private final PublicBaseUrl baseUrl;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;

    PasswordResets(
            JdbcClient jdbc,
            MerchantCredentials credentials,
            AccountReclaim reclaim,
            MailOutbox outbox,
            OtherSessions sessions,
            MessageSource messages,
            PublicBaseUrl baseUrl,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.audit = audit;
        this.jdbc = jdbc;
        this.credentials = credentials;
        this.reclaim = reclaim;
        this.outbox = outbox;
        this.sessions = sessions;
        this.messages = messages;
        this.baseUrl = baseUrl;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Sends a link to the account of {@code email}, if there is one, in {@code locale}'s language. */
    void request(String email, String from, Locale locale) {
        Optional<MerchantLogin> merchant = credentials.login(email.strip());
        if (merchant.isEmpty()) {
            return;
        }
        MerchantLogin login = merchant.get();
        Instant now = Timestamps.truncate(clock.instant());
        MemberId member = login.memberId();
        transactions.executeWithoutResult(tx -> {
            Integer recent = jdbc.sql("SELECT COUNT(*) FROM password_resets WHERE merchant_id = :merchant"
                            + (member == null ? " AND member_id IS NULL" : " AND member_id = :member")
                            + " AND created_at > :since")
                    .param("merchant", login.merchantId().value())
                    .params(memberParam(member))
                    .param("since", Timestamps.toDatabase(now.minus(ONE_MAIL_PER)))
                    .query(Integer.class)
                    .single();
            if (recent > 0) {
                return;
            }
            String link = issue(login.merchantId(), member, from, now, VALID_FOR);
            outbox.enqueue(new Mail(
                    login.email(),
                    messages.getMessage("recovery.mail.subject", null, locale),
                    messages.getMessage("recovery.mail.body", new Object[] {login.name(), link}, locale),
                    "password-reset"));
        });
    }

    /**
     * A new account's first password, by a link to its holder: the same link as a reset's, valid
     * {@link #WELCOME_VALID_FOR}, sent in the caller's transaction (the account and its e-mail commit together).
     */
    void welcome(MerchantId merchant, String name, String email, Locale locale) {
        Instant now = Timestamps.truncate(clock.instant());
        String link = issue(merchant, null, WELCOME, now, WELCOME_VALID_FOR);
        outbox.enqueue(new Mail(
                email,
                messages.getMessage("recovery.welcome.subject", null, locale),
                messages.getMessage(
                        "recovery.welcome.body",
                        new Object[] {name, link, WELCOME_VALID_FOR.toDays(), baseUrl.value() + "/portal/login"},
                        locale),
                "welcome"));
    }

    /** Stores a new link's hash and answers the link. */
    private String issue(MerchantId merchant, @Nullable MemberId member, String from, Instant now, Duration validFor) {
        String token = RandomTokens.base62(43);
        jdbc.sql("INSERT INTO password_resets (token_hash, merchant_id, member_id, requested_from, created_at,"
                        + " expires_at) VALUES (:hash, :merchant, :member, :from, :now, :expires)")
                .param("hash", Sha256.hex(token))
                .param("merchant", merchant.value())
                .param("member", member == null ? null : member.value())
                .param("from", from.length() > 64 ? from.substring(0, 64) : from)
                .param("now", Timestamps.toDatabase(now))
                .param("expires", Timestamps.toDatabase(now.plus(validFor)))
                .update();
        return baseUrl.value() + "/portal/password-reset/" + token;
    }

    /**
     * Whose password a link sets: the account's holder ({@code member} null) or a member of its team;
     * {@code welcome} for a new account's first password rather than a forgotten one.
     */
    record Holder(MerchantId merchant, @Nullable MemberId member, boolean welcome) {}

    /** The person a link is for, while it is unused and within its hour. */
    Optional<Holder> holder(String token) {
        if (!token.matches("[A-Za-z0-9]{43}")) {
            return Optional.empty();
        }
        return jdbc.sql("SELECT merchant_id, member_id, requested_from FROM password_resets WHERE token_hash = :hash"
                        + " AND used_at IS NULL AND expires_at > :now")
                .param("hash", Sha256.hex(token))
                .param("now", Timestamps.toDatabase(clock.instant()))
                .query((rs, n) -> {
                    UUID member = rs.getObject(2, UUID.class);
                    return new Holder(
                            new MerchantId(rs.getObject(1, UUID.class)),
                            member == null ? null : new MemberId(member),
                            WELCOME.equals(rs.getString(3)));
                })
                .optional();
    }

    /**
     * Sets the new password with the link, once: false when the link is unknown, used or expired.
     *
     * @throws sn.xaalis.merchant.MerchantRefusal.FieldsInvalid when the password breaks the rules (the
     *     link stays usable)
     */
    boolean reset(String token, String newPassword) {
        Optional<Holder> holder = holder(token);
        if (holder.isEmpty()) {
            return false;
        }
        MerchantId merchant = holder.get().merchant();
        MemberId member = holder.get().member();
        Instant now = Timestamps.truncate(clock.instant());
        AuditActor link = AuditActor.of("merchant", "password-reset-link");
        List<MemberId> removed = new ArrayList<>();
        Boolean done = transactions.execute(tx -> {
            // The conditional update is the spending: of two uses at once, one finds it spent.
            int spent = jdbc.sql("UPDATE password_resets SET used_at = :now WHERE token_hash = :hash"
                            + " AND used_at IS NULL AND expires_at > :now")
                    .param("now", Timestamps.toDatabase(now))
                    .param("hash", Sha256.hex(token))
                    .update();
            if (spent == 0) {
                return false;
            }
            credentials.changePassword(merchant, member, newPassword);
            // The holder's link proves the address: an account someone else signed up with it, unconfirmed,
            // is its owner's now, without what was set up before.
            if (member == null) {
                removed.addAll(reclaim.reclaim(merchant, link));
            }
            // Whoever holds the link sent to the merchant's address; the request signs nobody in.
            audit.recordAs(
                    link,
                    "merchant.password.reset",
                    merchant.value(),
                    member == null ? merchant.toString() : member.toString(),
                    null,
                    null);
            jdbc.sql("UPDATE password_resets SET used_at = :now WHERE merchant_id = :merchant AND used_at IS NULL"
                            + (member == null ? " AND member_id IS NULL" : " AND member_id = :member"))
                    .param("now", Timestamps.toDatabase(now))
                    .param("merchant", merchant.value())
                    .params(memberParam(member))
                    .update();
            return true;
        });
        if (!Boolean.TRUE.equals(done)) {
            return false;
        }
        if (member == null) {
            sessions.endAll(merchant);
        } else {
            sessions.endAll(member);
        }
        removed.forEach(sessions::endAll);
        return true;
    }

    /** The member's id as {@code :member}, or nothing (the statement then names no member). */
    private static Map<String, Object> memberParam(@Nullable MemberId member) {
        return member == null ? Map.of() : Map.of("member", member.value());
    }
}
