package sn.xaalis.operator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.StartBanner;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.secrets.SecretBox;

/**
 * The first operator's set-up link, for an installation without an admin token (the embedded demo): while
 * no operator exists, each start banner prints a new one, valid a day and once. It is kept only as its
 * fingerprint, and spent in the transaction that creates the first operator; once any operator exists, no
 * link works and none is printed.
 */
@Service
@Order(10)
class FirstOperatorLinks implements StartBanner {

    static final Duration VALIDITY = Duration.ofHours(24);

    /** What a presented link is; the set-up page says it in words. */
    enum State {
        VALID,
        UNKNOWN,
        EXPIRED,
        USED
    }

    private final JdbcClient jdbc;
    private final OperatorAccounts accounts;
    private final OperatorInvitations invitations;
    private final SecretBox secrets;
    private final PublicBaseUrl baseUrl;
    private final Clock clock;

    FirstOperatorLinks(
            JdbcClient jdbc,
            OperatorAccounts accounts,
            OperatorInvitations invitations,
            SecretBox secrets,
            PublicBaseUrl baseUrl,
            Clock clock) {
        this.jdbc = jdbc;
        this.accounts = accounts;
        this.invitations = invitations;
        this.secrets = secrets;
        this.baseUrl = baseUrl;
        this.clock = clock;
    }

    /** A new link while no operator exists: its address, shown this once. */
    @Transactional
    Optional<String> issue() {
        if (accounts.anyOperator()) {
            return Optional.empty();
        }
        String token = RandomTokens.base62(40);
        Instant now = Timestamps.truncate(clock.instant());
        jdbc.sql("INSERT INTO first_operator_links (token_hash, created_at, expires_at) VALUES (:hash, :now, :expires)")
                .param("hash", secrets.fingerprint(token))
                .param("now", Timestamps.toDatabase(now))
                .param("expires", Timestamps.toDatabase(now.plus(VALIDITY)))
                .update();
        return Optional.of(baseUrl.value() + "/operator/setup?link=" + token);
    }

    State state(String token) {
        record Link(Instant expiresAt, boolean used) {}
        Optional<Link> link = jdbc.sql("SELECT expires_at, used_at FROM first_operator_links WHERE token_hash = :hash")
                .param("hash", secrets.fingerprint(token.strip()))
                .query((rs, n) -> new Link(
                        Timestamps.fromDatabase(rs.getObject("expires_at", OffsetDateTime.class)),
                        rs.getObject("used_at", OffsetDateTime.class) != null))
                .optional();
        if (link.isEmpty()) {
            return State.UNKNOWN;
        }
        if (link.get().used()) {
            return State.USED;
        }
        return link.get().expiresAt().isAfter(clock.instant()) ? State.VALID : State.EXPIRED;
    }

    /** Spends the link, in the first operator's creation's transaction: false when it cannot. */
    private boolean spend(String token) {
        return jdbc.sql("UPDATE first_operator_links SET used_at = :now WHERE token_hash = :hash"
                                + " AND used_at IS NULL AND expires_at > :now")
                        .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                        .param("hash", secrets.fingerprint(token.strip()))
                        .update()
                == 1;
    }

    /**
     * Makes the first operator with a valid link, spending it in the same transaction: a refusal of the
     * name or address (nothing made) leaves the link as it was.
     *
     * @throws OperatorRefusal naming the fields refused, or {@code link} when it was spent meanwhile
     */
    @Transactional
    OperatorAccounts.Invitation firstOperator(String token, String email, String name, Locale locale) {
        if (accounts.anyOperator() || !spend(token)) {
            throw OperatorRefusal.of("link", "operator.firstRun.used");
        }
        return invitations.invite(email, name, OperatorAccounts.INSTALLATION, locale);
    }

    /** The console's address, or the first operator's set-up link while no operator exists. */
    @Override
    public List<Line> bannerLines() {
        return issue().map(link -> List.of(
                        new Line("Console", link),
                        new Line("", "(no operator yet: this link makes the first one; once, within 24 h)")))
                .orElseGet(() -> List.of(new Line("Console", baseUrl.value() + "/operator")));
    }
}
