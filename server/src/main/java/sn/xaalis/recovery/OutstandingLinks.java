package sn.xaalis.recovery;

import java.time.Clock;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.PasswordChanged;
import sn.xaalis.platform.Timestamps;

/**
 * A person's reset links still unused when their password changes are spent, in the change's
 * transaction: a link asked for earlier (perhaps by someone who read the mailbox then) sets nothing after.
 */
@Component
class OutstandingLinks {

    private final JdbcClient jdbc;
    private final Clock clock;

    OutstandingLinks(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @EventListener
    void passwordChanged(PasswordChanged changed) {
        var member = changed.member();
        jdbc.sql("UPDATE password_resets SET used_at = :now WHERE merchant_id = :merchant AND used_at IS NULL"
                        + (member == null ? " AND member_id IS NULL" : " AND member_id = :member"))
                .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                .param("merchant", changed.merchantId().value())
                .params(member == null ? java.util.Map.of() : java.util.Map.of("member", member.value()))
                .update();
    }
}
