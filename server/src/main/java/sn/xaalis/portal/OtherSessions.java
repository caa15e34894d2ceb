package sn.xaalis.portal;

import jakarta.servlet.http.HttpSession;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.MemberId;
import sn.xaalis.merchant.MerchantId;

/**
 * Ends a merchant's other portal sessions, on every node (sessions are rows in the database, indexed
 * by the merchant's id): after a new password or a new second factor, whoever signed in with the old
 * ones must sign in again.
 */
@Component
public class OtherSessions {

    private final FindByIndexNameSessionRepository<?> sessions;

    OtherSessions(FindByIndexNameSessionRepository<?> sessions) {
        this.sessions = sessions;
    }

    /** Ends every session of the account's holder (its password was reset): @return how many were ended */
    public int endAll(MerchantId merchantId) {
        int ended = 0;
        for (String id :
                sessions.findByPrincipalName(merchantId.value().toString()).keySet()) {
            sessions.deleteById(id);
            ended++;
        }
        return ended;
    }

    /** Ends every session of a team member (removed, or given another role): @return how many were ended */
    public int endAll(MemberId member) {
        int ended = 0;
        for (String id :
                sessions.findByPrincipalName(PortalUser.principalName(member)).keySet()) {
            sessions.deleteById(id);
            ended++;
        }
        return ended;
    }

    /** @return how many were ended */
    int endAllBut(PortalUser user, HttpSession current) {
        int ended = 0;
        for (String id : sessions.findByPrincipalName(user.getName()).keySet()) {
            if (!id.equals(current.getId())) {
                sessions.deleteById(id);
                ended++;
            }
        }
        return ended;
    }
}
