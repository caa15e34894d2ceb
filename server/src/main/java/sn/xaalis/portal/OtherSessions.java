package sn.xaalis.portal;

import jakarta.servlet.http.HttpSession;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.stereotype.Component;

/**
 * Ends a merchant's other portal sessions, on every node (sessions are rows in the database, indexed
 * by the merchant's id): after a new password or a new second factor, whoever signed in with the old
 * ones must sign in again.
 */
@Component
class OtherSessions {

    private final FindByIndexNameSessionRepository<?> sessions;

    OtherSessions(FindByIndexNameSessionRepository<?> sessions) {
        this.sessions = sessions;
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
